import { beforeEach, describe, expect, it } from 'vitest';
import { cleanup, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createFakeApi } from '@plinth/area-kit/testing';
import { renderArea } from '../../testing/render-area';

beforeEach(() => localStorage.clear());

// 000 §2.1: the non-hosted mode's SQL editor is the fixed /sql/1.
describe('the non-hosted mode’s fixed sql/1', () => {
  it('keeps its text on this device across a reload, runs it, and saves it as a query only on request', async () => {
    const api = createFakeApi({ runQuery: () => ({ rows: [{ n: 1 }], columns: [{ name: 'n' }] }) });
    renderArea('sql', { api, buildMode: 'self-hosted' });
    await waitFor(() => expect(screen.getByTestId('location').textContent).toBe('/sql/1'));
    const user = userEvent.setup();
    await screen.findByTestId('sql-code-editor', {}, { timeout: 5_000 });
    await user.click(screen.getByRole('textbox', { name: 'SQL' }));
    await user.keyboard('select 1 as n');
    expect(await screen.findByRole('status', { name: 'Query kept on this device' })).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Run' }));
    expect(await screen.findByRole('grid', { name: 'Results' })).toBeTruthy();
    // Nothing was saved as a query by typing or running.
    expect(api.calls.some((c) => c.name === 'snippets.createSnippet' || c.name === 'snippets.updateSnippet')).toBe(false);

    // The page goes away and comes back (a reload: a new console, nothing kept in memory): the text is still there.
    window.dispatchEvent(new Event('pagehide'));
    cleanup();
    const reloaded = createFakeApi();
    renderArea('sql/1', { api: reloaded, buildMode: 'self-hosted' });
    await screen.findByTestId('sql-code-editor', {}, { timeout: 5_000 });
    expect(screen.getByRole('textbox', { name: 'SQL' }).textContent).toBe('select 1 as n');

    await userEvent.click(screen.getByRole('button', { name: 'Save query' }));
    await waitFor(() => expect(reloaded.state.snippets.map((s) => s.content.sql)).toEqual(['select 1 as n']));
    await waitFor(() => expect(screen.getByTestId('location').textContent).toBe(`/sql/${reloaded.state.snippets[0]!.id}`));
  });

  it('sends sql/new to sql/1', async () => {
    renderArea('sql/new', { buildMode: 'self-hosted' });
    await waitFor(() => expect(screen.getByTestId('location').textContent).toBe('/sql/1'));
  });
});
