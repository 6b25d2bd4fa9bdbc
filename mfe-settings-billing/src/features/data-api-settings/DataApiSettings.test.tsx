import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ALL_PERMISSIONS, PERMISSIONS } from '@plinth/shared-contracts';
import { createFakeApi, PROJECT_REF } from '@plinth/area-kit/testing';
import { renderArea } from '../../testing/render-area';

const API_PAGE = `/project/${PROJECT_REF}/settings/api`;

describe('Project Settings, API: the data API settings', () => {
  it('saves the exposed schemas, extra search path, max rows and the aggregate, transaction and plan settings', async () => {
    const user = userEvent.setup();
    const api = createFakeApi();
    const { notices } = renderArea(API_PAGE, { api });
    const section = await screen.findByRole('region', { name: 'Data API settings' });
    const schemas = await within(section).findByRole('textbox', { name: 'Exposed schemas' });
    expect((schemas as HTMLInputElement).value).toBe('public');
    await user.type(schemas, ', api');
    const extra = within(section).getByRole('textbox', { name: 'Extra search path' });
    await user.type(extra, ', extensions');
    const rows = within(section).getByRole('textbox', { name: 'Max rows' });
    await user.clear(rows);
    await user.type(rows, '250');
    const aggregates = within(section).getByRole('checkbox', { name: 'Allow aggregate functions' });
    expect((aggregates as HTMLInputElement).checked).toBe(false);
    await user.click(aggregates);
    const txEnd = within(section).getByRole('combobox', { name: 'Transaction end' });
    expect((txEnd as HTMLSelectElement).value).toBe('commit');
    await user.selectOptions(txEnd, 'Commit, unless the request asks to roll back');
    const plans = within(section).getByRole('checkbox', { name: 'Allow execution plans' });
    expect((plans as HTMLInputElement).checked).toBe(false);
    await user.click(plans);
    await user.click(within(section).getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(api.argsOf('dataApiSettings.updateDataApiSettings')).toEqual([
        [PROJECT_REF, { db_schema: 'public, api', db_extra_search_path: 'public, extensions', max_rows: 250, db_aggregates_enabled: true, db_tx_end: 'commit-allow-override', db_plan_enabled: true }],
      ]),
    );
    expect(notices).toContainEqual({ kind: 'success', message: 'Data API settings saved' });
  });

  it('refuses an empty schema list and a bad row count before calling the API', async () => {
    const user = userEvent.setup();
    const api = createFakeApi();
    renderArea(API_PAGE, { api });
    const section = await screen.findByRole('region', { name: 'Data API settings' });
    await user.clear(await within(section).findByRole('textbox', { name: 'Exposed schemas' }));
    const rows = within(section).getByRole('textbox', { name: 'Max rows' });
    await user.clear(rows);
    await user.type(rows, '0');
    await user.click(within(section).getByRole('button', { name: 'Save' }));
    expect(await within(section).findByText('db_schema must name at least one schema')).toBeTruthy();
    expect(within(section).getByText('Enter a whole number of rows from 1 to 1000000, or leave it empty for no limit')).toBeTruthy();
    expect(api.argsOf('dataApiSettings.updateDataApiSettings')).toEqual([]);
  });

  it('keeps Save disabled, with the reason, for a member who may not change the project', async () => {
    const user = userEvent.setup();
    renderArea(API_PAGE, { permissions: ALL_PERMISSIONS.filter((p) => p !== PERMISSIONS.PROJECTS_WRITE) });
    const section = await screen.findByRole('region', { name: 'Data API settings' });
    const save = await within(section).findByRole('button', { name: 'Save' });
    expect(save.getAttribute('aria-disabled')).toBe('true');
    await user.hover(save);
    expect((await screen.findByRole('tooltip')).textContent).toContain('change the API settings');
  });
});
