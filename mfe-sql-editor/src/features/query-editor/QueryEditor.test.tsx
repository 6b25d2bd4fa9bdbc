import { beforeEach, describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ALL_PERMISSIONS, PERMISSIONS } from '@plinth/shared-contracts';
import { createFakeApi } from '@plinth/area-kit/testing';
import { renderArea } from '../../testing/render-area';

/** The editor once CodeMirror has loaded in place of the plain field. */
async function editor() {
  const host = await screen.findByTestId('sql-code-editor', {}, { timeout: 5_000 });
  // CodeMirror draws its editing surface into the box once the box is on the page.
  return within(host).findByRole('textbox', { name: 'SQL' });
}

beforeEach(() => localStorage.clear());

// These tests are about running SQL: the new query stays unsaved (no right to save queries), so it
// does not become a saved query, and move pages, in the middle of a test.
const permissions = ALL_PERMISSIONS.filter((p) => p !== PERMISSIONS.USER_CONTENT_CREATE);

describe('SQL editor page', () => {
  it('keeps the typing events of the editor inside it (the page never walks its components per key), keys still reaching the page', async () => {
    const user = userEvent.setup();
    const api = createFakeApi();
    renderArea('sql/new', { api, permissions });
    const field = await editor();
    const reached: string[] = [];
    const note = (e: Event) => {
      if (e.target instanceof Element && e.target.closest('.cm-content')) reached.push(e.type);
    };
    for (const type of ['keydown', 'keypress', 'beforeinput', 'input']) document.addEventListener(type, note);
    try {
      await user.click(field);
      await user.keyboard('select 7');
      expect(reached.filter((type) => type !== 'keydown')).toEqual([]);
      expect(reached.filter((type) => type === 'keydown')).toHaveLength(8);
      // The text typed is the editor's: Run sends it.
      await user.click(screen.getByRole('button', { name: 'Run' }));
      await waitFor(() => expect(api.argsOf('database.runQuery').at(-1)?.[1]).toMatchObject({ query: 'select 7' }));
    } finally {
      for (const type of ['keydown', 'keypress', 'beforeinput', 'input']) document.removeEventListener(type, note);
    }
  });

  it('runs the text with Ctrl+Enter and shows the rows in the results grid', async () => {
    const user = userEvent.setup();
    const api = createFakeApi({
      runQuery: (query) =>
        query.includes('from orders')
          ? { rows: [{ id: 1, total: 12.5, meta: { vip: true } }, { id: 2, total: null, meta: null }], columns: [{ name: 'id' }, { name: 'total' }, { name: 'meta' }] }
          : { rows: [], columns: [] },
    });
    renderArea('sql/new', { api, permissions });
    await user.click(await editor());
    await user.keyboard('select * from orders');
    await user.keyboard('{Control>}{Enter}{/Control}');
    const grid = await screen.findByRole('grid', { name: 'Results' });
    const rows = within(grid).getAllByRole('row');
    expect(rows.map((r) => within(r).queryAllByRole('gridcell').map((c) => c.textContent))).toEqual([[], ['1', '12.5', '{"vip":true}'], ['2', 'NULL', 'NULL']]);
    expect(screen.getByText(/^2 rows/)).toBeTruthy();
    const runs = api.calls.filter((c) => c.name === 'database.runQuery').map((c) => c.args[1] as { query: string; rowLimit: number });
    expect(runs.find((r) => r.query === 'select * from orders')).toMatchObject({ rowLimit: 1000 });
  });

  it('shows the database error with its hint and marks its place in the text', async () => {
    const user = userEvent.setup();
    renderArea('sql/new', {
      api: createFakeApi({ runQuery: () => ({ status: 400, message: 'relation "nope" does not exist', position: 25, hint: 'Check the table name.' }) }),
      permissions,
    });
    await user.click(await editor());
    await user.keyboard('select 1;{Enter}select * from nope');
    await user.click(screen.getByRole('button', { name: 'Run' }));
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('Error: relation "nope" does not exist');
    expect(alert.textContent).toContain('Line 2, column 15');
    expect(alert.textContent).toContain('Hint: Check the table name.');
    await waitFor(() => expect(document.querySelector('[data-error-mark]')?.textContent).toBe('nope'));
  });

  it('says when the row limit cut the result', async () => {
    const user = userEvent.setup();
    const rows = Array.from({ length: 250 }, (_, i) => ({ n: i + 1 }));
    renderArea('sql/new', { api: createFakeApi({ runQuery: () => ({ rows, columns: [{ name: 'n' }] }) }), permissions });
    await user.selectOptions(screen.getByRole('combobox', { name: 'Row limit' }), '100');
    await user.click(await editor());
    await user.keyboard('select n from generate_series(1, 250) n');
    await user.click(screen.getByRole('button', { name: 'Run' }));
    expect(await screen.findByText('Showing the first 100 rows of 250')).toBeTruthy();
  });

  it('cancels a running query', async () => {
    const user = userEvent.setup();
    const api = createFakeApi({ runQuery: (query) => (query.includes('pg_sleep') ? new Promise(() => undefined) : { rows: [], columns: [] }) });
    renderArea('sql/new', { api, permissions });
    await user.click(await editor());
    await user.keyboard('select pg_sleep(60)');
    await user.click(screen.getByRole('button', { name: 'Run' }));
    await user.click(await screen.findByRole('button', { name: 'Cancel' }));
    expect(await screen.findByText('Query cancelled')).toBeTruthy();
    const cancel = api.calls.find((c) => c.name === 'database.cancelQuery');
    const run = api.calls.map((c) => c.args[1] as { query?: string; runId?: string }).find((body) => body?.query === 'select pg_sleep(60)');
    expect(cancel?.args[1]).toBe(run?.runId);
    expect(screen.getByRole('button', { name: 'Run' }).getAttribute('aria-disabled')).not.toBe('true');
  });

  it('disables Run without the permission to run SQL', async () => {
    renderArea('sql/new', { permissions: ALL_PERMISSIONS.filter((p) => p !== PERMISSIONS.SQL_QUERY_RUN) });
    expect((await screen.findByRole('button', { name: 'Run' })).getAttribute('aria-disabled')).toBe('true');
  });
});
