import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ALL_PERMISSIONS, PERMISSIONS, queryKeys, type Project } from '@plinth/shared-contracts';
import { createFakeApi, PROJECT_REF } from '@plinth/area-kit/testing';
import { renderArea } from '../../testing/render-area';

const GENERAL_PAGE = `/project/${PROJECT_REF}/settings/general`;

describe('Project Settings, General', () => {
  it('renames the project, and the shared project query (the header, the lists) has the new name at once', async () => {
    const user = userEvent.setup();
    const api = createFakeApi();
    const { queryClient, notices } = renderArea(GENERAL_PAGE, { api });
    const details = await screen.findByRole('region', { name: 'Project details' });
    const name = await within(details).findByRole('textbox', { name: 'Project name' });
    expect((name as HTMLInputElement).value).toBe('Test project');
    expect(within(details).getByText(PROJECT_REF)).toBeTruthy();
    await user.clear(name);
    await user.type(name, 'Orders{Enter}');
    await waitFor(() => expect(api.argsOf('projects.update')).toEqual([[PROJECT_REF, { name: 'Orders' }]]));
    await waitFor(() => expect(queryClient.getQueryData<Project>(queryKeys.project(PROJECT_REF))?.name).toBe('Orders'));
    expect(notices).toContainEqual({ kind: 'success', message: 'Project renamed to Orders' });
  });

  it('refuses an empty name before calling the API, naming the rule', async () => {
    const user = userEvent.setup();
    const api = createFakeApi();
    renderArea(GENERAL_PAGE, { api });
    const details = await screen.findByRole('region', { name: 'Project details' });
    const name = await within(details).findByRole('textbox', { name: 'Project name' });
    await user.clear(name);
    await user.type(name, '   {Enter}');
    expect(await within(details).findByText('Project name is required')).toBeTruthy();
    expect(api.argsOf('projects.update')).toEqual([]);
  });

  it('pauses the project after a confirmation, and the frame is told it is pausing', async () => {
    const user = userEvent.setup();
    const api = createFakeApi();
    const { queryClient } = renderArea(GENERAL_PAGE, { api });
    const pause = await screen.findByRole('region', { name: 'Pause project' });
    await user.click(within(pause).getByRole('button', { name: 'Pause project' }));
    const dialog = await screen.findByRole('dialog', { name: 'Pause Test project?' });
    expect(api.argsOf('projects.pause')).toEqual([]);
    await user.click(within(dialog).getByRole('button', { name: 'Pause project' }));
    await waitFor(() => expect(api.argsOf('projects.pause')).toEqual([[PROJECT_REF]]));
    await waitFor(() => expect(queryClient.getQueryData(queryKeys.projectStatus(PROJECT_REF))).toEqual({ status: 'PAUSING' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('restarts the project after a confirmation and follows it until it is running again', async () => {
    const user = userEvent.setup();
    const api = createFakeApi();
    const { queryClient, notices } = renderArea(GENERAL_PAGE, { api });
    const restart = await screen.findByRole('region', { name: 'Restart project' });
    await user.click(within(restart).getByRole('button', { name: 'Restart project' }));
    const dialog = await screen.findByRole('dialog', { name: 'Restart Test project?' });
    expect(api.argsOf('projectRestart.restartProject')).toEqual([]);
    await user.click(within(dialog).getByRole('button', { name: 'Restart project' }));
    await waitFor(() => expect(api.argsOf('projectRestart.restartProject')).toEqual([[PROJECT_REF]]));
    // The page stays open (no status screen over it) and says the restart runs.
    expect((await within(restart).findByRole('status')).textContent).toContain('Restarting');
    expect(within(restart).getByRole('button', { name: 'Restart project' }).matches(':disabled, [aria-disabled="true"]')).toBe(true);
    // The page follows the status until the project is back.
    api.state.projectStatus = 'ACTIVE_HEALTHY';
    await waitFor(() => expect(notices).toContainEqual({ kind: 'success', message: 'Test project is running again' }), { timeout: 4000 });
    expect(queryClient.getQueryData<Project>(queryKeys.project(PROJECT_REF))?.status).toBe('ACTIVE_HEALTHY');
    await waitFor(() => expect(within(restart).getByRole('button', { name: 'Restart project' }).matches(':disabled, [aria-disabled="true"]')).toBe(false));
  });

  it('keeps Restart disabled, with the reason, for a member who may not change the project', async () => {
    const user = userEvent.setup();
    renderArea(GENERAL_PAGE, { permissions: ALL_PERMISSIONS.filter((p) => p !== PERMISSIONS.PROJECTS_WRITE) });
    const restart = await screen.findByRole('region', { name: 'Restart project' });
    const button = within(restart).getByRole('button', { name: 'Restart project' });
    expect(button.getAttribute('aria-disabled')).toBe('true');
    await user.hover(button);
    expect((await screen.findByRole('tooltip')).textContent).toContain('restart this project');
  });

  it('keeps Save and Pause disabled, with the reason, for a member who may not change the project', async () => {
    const user = userEvent.setup();
    renderArea(GENERAL_PAGE, { permissions: ALL_PERMISSIONS.filter((p) => p !== PERMISSIONS.PROJECTS_WRITE) });
    const pause = await screen.findByRole('region', { name: 'Pause project' });
    const button = within(pause).getByRole('button', { name: 'Pause project' });
    expect(button.getAttribute('aria-disabled')).toBe('true');
    await user.hover(button);
    expect((await screen.findByRole('tooltip')).textContent).toContain('pause this project');
    const details = screen.getByRole('region', { name: 'Project details' });
    expect(within(details).getByRole('button', { name: 'Save' }).getAttribute('aria-disabled')).toBe('true');
  });

  it('deletes the project once its name is typed, and sends the member to the projects page', async () => {
    const user = userEvent.setup();
    const api = createFakeApi();
    const { navigations, notices } = renderArea(GENERAL_PAGE, { api });
    const section = await screen.findByRole('region', { name: 'Delete project' });
    await user.click(within(section).getByRole('button', { name: 'Delete project' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete Test project' });
    const confirm = within(dialog).getByRole('button', { name: 'Delete project' });
    await user.type(within(dialog).getByRole('textbox'), 'Test');
    await user.click(confirm);
    expect(api.argsOf('projectDeletion.remove')).toEqual([]);
    await user.type(within(dialog).getByRole('textbox'), ' project');
    await user.click(confirm);
    await waitFor(() => expect(api.argsOf('projectDeletion.remove')).toEqual([[PROJECT_REF]]));
    await waitFor(() => expect(navigations).toEqual(['/projects']));
    expect(notices).toContainEqual({ kind: 'success', message: 'Project Test project deleted' });
  });
});
