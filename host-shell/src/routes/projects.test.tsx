import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { expect, test } from 'vitest';
import { findDialog } from '@plinth/area-kit/testing';
import type { Organization, Project } from '@plinth/shared-contracts';
import { fakeApi, makeOrganization, makeProject, renderShell, reply, SIGNED_IN } from '../app/test-harness';

function workspace(orgs: Organization[], projects: Project[]) {
  return fakeApi({
    'GET /auth/session': SIGNED_IN,
    'GET /platform/organizations': () => orgs,
    'GET /platform/projects': () => projects,
    'POST /platform/organizations': ({ body }: { body: { name: string } }) => {
      const org = makeOrganization({ id: orgs.length + 1, name: body.name, slug: body.name.toLowerCase().replace(/\W+/g, '-') });
      orgs.push(org);
      return reply(201, org);
    },
    'POST /platform/projects': ({ body }: { body: { name: string; organization_slug: string } }) => {
      if (projects.some((p) => p.name === body.name)) return reply(409, { message: 'A project with this name already exists', field: 'name' });
      const project = makeProject({ ref: 'newprojectrefabcdefg', name: body.name, status: 'COMING_UP', organization_slug: body.organization_slug });
      projects.push(project);
      return reply(201, project);
    },
  });
}

test('organizations are listed with their projects', async () => {
  renderShell('/projects', workspace([makeOrganization(), makeOrganization({ id: 2, name: 'Side', slug: 'side' })], [makeProject(), makeProject({ ref: 'bbbbbbbbbbbbbbbbbbbb', name: 'Paused one', status: 'INACTIVE', organization_slug: 'side' })]));
  const acme = await screen.findByRole('region', { name: 'Acme' });
  expect(within(acme).getByRole('link', { name: /Orders/ }).getAttribute('href')).toBe('/project/abcdefghijklmnopqrst');
  const side = screen.getByRole('region', { name: 'Side' });
  expect(within(side).getByRole('link', { name: /Paused one/ }).textContent).toContain('Paused');
});

test('a new project is created in the chosen organization and opens its building page', async () => {
  const api = workspace([makeOrganization(), makeOrganization({ id: 2, name: 'Side', slug: 'side' })], [makeProject()]);
  const { router } = renderShell('/projects', api);
  await userEvent.click(await screen.findByRole('button', { name: 'New project' }));
  const dialog = await findDialog('Create a new project');
  await userEvent.click(within(dialog).getByRole('button', { name: 'Create project' }));
  expect(await within(dialog).findByText('Project name is required')).toBeTruthy();
  await userEvent.type(within(dialog).getByLabelText(/Project name/), 'Orders');
  await userEvent.selectOptions(within(dialog).getByLabelText(/Organization/), 'side');
  await userEvent.click(within(dialog).getByRole('button', { name: 'Create project' }));
  expect(await within(dialog).findByText('Failed to create project: A project with this name already exists')).toBeTruthy();
  await userEvent.clear(within(dialog).getByLabelText(/Project name/));
  await userEvent.type(within(dialog).getByLabelText(/Project name/), 'Analytics{Enter}');
  await waitFor(() => expect(router.state.location.pathname).toBe('/project/newprojectrefabcdefg/building'));
});

test('a newcomer without organizations creates one, then a project in it', async () => {
  const { router } = renderShell('/projects', workspace([], []));
  expect(await screen.findByText(/not a member of any organization/)).toBeTruthy();
  expect(screen.getByRole('button', { name: 'New project' }).hasAttribute('disabled')).toBe(true);
  await userEvent.click(screen.getByRole('button', { name: 'New organization' }));
  const orgDialog = await findDialog('Create a new organization');
  await userEvent.type(within(orgDialog).getByLabelText(/Organization name/), 'Night Owls{Enter}');
  const projectDialog = await findDialog('Create a new project');
  expect((within(projectDialog).getByLabelText(/Organization/) as HTMLSelectElement).value).toBe('night-owls');
  await userEvent.type(within(projectDialog).getByLabelText(/Project name/), 'First{Enter}');
  await waitFor(() => expect(router.state.location.pathname).toBe('/project/newprojectrefabcdefg/building'));
});

test('the header’s New project and New organization entries open their dialogs on the projects page', async () => {
  const api = workspace([makeOrganization(), makeOrganization({ id: 2, name: 'Side', slug: 'side' })], [makeProject()]);
  const { router } = renderShell('/projects?new=project&org=side', api);
  const dialog = await findDialog('Create a new project');
  expect((within(dialog).getByRole('combobox', { name: 'Organization' }) as HTMLSelectElement).value).toBe('side');
  await waitFor(() => expect(router.state.location.search).toBe(''));
  await userEvent.keyboard('{Escape}');
  await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  await userEvent.click(screen.getByRole('button', { name: 'Organization: Select organization' }));
  await userEvent.keyboard('new organization{Enter}');
  expect(await findDialog('Create a new organization')).toBeTruthy();
});

test('an organization’s pages name it in the header’s organization switcher', async () => {
  renderShell('/org/side/general', workspace([makeOrganization(), makeOrganization({ id: 2, name: 'Side', slug: 'side' })], [makeProject()]));
  expect(await screen.findByRole('button', { name: 'Organization: Side' })).toBeTruthy();
  expect(screen.queryByRole('button', { name: 'Organization: Select organization' })).toBeNull();
});
