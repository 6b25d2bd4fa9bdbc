import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { PERMISSIONS } from '@plinth/shared-contracts';
import { useRealApi } from '@plinth/area-kit/testing/real-api';
import { createApi } from '../../api';
import { renderArea } from '../../testing/render-area';

const api = useRealApi(createApi);

function section(name: string) {
  return within(screen.getByRole('navigation', { name: 'Logs' })).getByRole('group', { name });
}
const labels = (region: HTMLElement) => within(region).getAllByRole('link').map((l) => l.textContent);

describe('logs menu', { timeout: 20_000 }, () => {
  it('shows the explorer entries and every source with hosted labels in the hosted build', () => {
    renderArea('logs/explorer', { api });
    expect(labels(section('Logs Explorer'))).toEqual(['Query', 'Saved Queries', 'Recent', 'Templates']);
    expect(labels(section('Sources'))).toEqual(['API Edge Network', 'Postgres', 'PostgREST', 'Pooler', 'Auth', 'Storage', 'Realtime']);
    expect(within(section('Sources')).getByRole('link', { name: 'API Edge Network' }).getAttribute('href')).toBe(`/project/${api.projectRef}/logs/edge-logs`);
  });

  it('labels edge logs Kong API and leaves out Saved Queries and the pooler outside the hosted build', () => {
    renderArea('logs/explorer', { api, buildMode: 'self-hosted' });
    expect(labels(section('Logs Explorer'))).toEqual(['Query', 'Recent', 'Templates']);
    expect(labels(section('Sources'))).toEqual(['Kong API', 'Postgres', 'PostgREST', 'Auth', 'Storage', 'Realtime']);
  });

  it('opens a source page titled with its label and marks only that entry current', async () => {
    const { location } = renderArea('logs/explorer', { api });
    const user = userEvent.setup({ delay: null });
    expect(screen.getByRole('link', { name: 'Query' }).getAttribute('aria-current')).toBe('page');
    await user.click(screen.getByRole('link', { name: 'Postgres' }));
    await waitFor(() => expect(location()).toBe('/logs/postgres-logs'));
    // Each page's code loads on the way.
    expect((await screen.findByRole('heading', { level: 1 })).textContent).toBe('Postgres');
    expect(screen.getByRole('link', { name: 'Postgres' }).getAttribute('aria-current')).toBe('page');
    await user.click(screen.getByRole('link', { name: 'Saved Queries' }));
    await waitFor(() => expect(location()).toBe('/logs/explorer/saved'));
    expect(screen.getByRole('link', { name: 'Saved Queries' }).getAttribute('aria-current')).toBe('page');
    expect(screen.getByRole('link', { name: 'Query' }).getAttribute('aria-current')).toBeNull();
  });

  it('shows a full-page notice instead of the logs without analytics read permission', () => {
    renderArea('logs/explorer', { api, permissions: [PERMISSIONS.STORAGE_ADMIN_READ] });
    expect(screen.queryByRole('navigation')).toBeNull();
    expect(screen.getByText('Access to logs is restricted')).toBeTruthy();
    expect(
      screen.getByText('You need additional permissions to view logs. Contact your organization owner or adminstrator for assistance.'),
    ).toBeTruthy();
  });

  it('says a hosted-only page is unavailable outside the hosted build, and names an unknown source', () => {
    const view = renderArea('logs/pooler-logs', { api, buildMode: 'self-hosted' });
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Pooler');
    expect(screen.getByText('This page is only available on the hosted platform.')).toBeTruthy();
    view.unmount();
    renderArea('logs/nginx-logs', { api });
    expect(screen.getByText('There is no log source named "nginx-logs".')).toBeTruthy();
  });

  it('sends /logs to the query page', async () => {
    const { location } = renderArea('logs', { api });
    await waitFor(() => expect(location()).toBe('/logs/explorer'));
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Logs Explorer');
  });
});
