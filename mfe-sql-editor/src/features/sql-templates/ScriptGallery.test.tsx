import { beforeEach, describe, expect, it } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ALL_PERMISSIONS, PERMISSIONS } from '@plinth/shared-contracts';
import { createFakeApi } from '@plinth/area-kit/testing';
import { renderArea } from '../../testing/render-area';
import { QUICKSTARTS, TEMPLATES } from './scripts';

beforeEach(() => localStorage.clear());

describe('Templates and Quickstarts', () => {
  it('opens a template as a new personal query with its script and goes to it', async () => {
    const api = createFakeApi();
    renderArea('sql/templates', { api });
    expect(await screen.findByRole('heading', { name: 'Templates', level: 1 })).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Open as new query: To-do list' }));
    await waitFor(() => expect(api.state.snippets).toHaveLength(1));
    const [created] = api.state.snippets;
    expect(created).toMatchObject({ name: 'To-do list', visibility: 'user', content: { sql: TEMPLATES.find((t) => t.id === 'todo-list')!.sql } });
    await waitFor(() => expect(screen.getByTestId('location').textContent).toBe(`/sql/${created!.id}`));
    expect(await screen.findByRole('heading', { name: 'To-do list', level: 1 })).toBeTruthy();
  });

  it('without the right to save queries, opens a quickstart in the new query’s editor on this device', async () => {
    const api = createFakeApi();
    renderArea('sql/quickstarts', { api, permissions: ALL_PERMISSIONS.filter((p) => p !== PERMISSIONS.USER_CONTENT_CREATE) });
    await userEvent.click(await screen.findByRole('button', { name: 'Open as new query: Countries' }));
    await waitFor(() => expect(screen.getByTestId('location').textContent).toBe('/sql/new'));
    await screen.findByTestId('sql-code-editor', {}, { timeout: 5_000 });
    await waitFor(() => expect(screen.getByRole('textbox', { name: 'SQL' }).textContent).toContain('create table if not exists public.countries'));
    expect(api.calls.some((c) => c.name === 'snippets.createSnippet')).toBe(false);
    expect(QUICKSTARTS.length).toBeGreaterThan(0);
  });
});
