import { describe, expect, it } from 'vitest';
import { Suspense } from 'react';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes } from 'react-router-dom';
import { queryKeys } from '@plinth/shared-contracts';
import { AreaLayout, PlaceholderPage } from './AreaLayout';
import { AreaSideMenu, currentEntry } from './AreaSideMenu';
import { useArea } from './area-context';
import { lazyWithPreload } from './lazy-with-preload';
import { useProjectStatus } from './project-status';
import { RowActions } from './RowActions';
import { createFakeApi, PROJECT_REF, renderArea } from './testing';

const manifest = { id: 'reports', links: { bucketList: { area: 'storage', target: 'buckets' } } };

function ReportsApp() {
  const { link, navigate, notify } = useArea();
  const menu = (
    <AreaSideMenu
      title="Reports"
      groups={[{ title: 'Built-in', items: [{ label: 'Overview', to: 'reports' }, { label: 'Storage', to: '/reports/storage' }, { label: 'Billing', to: 'reports/billing', hostedOnly: true }] }]}
    />
  );
  return (
    <Routes>
      <Route path="/reports" element={<AreaLayout menu={menu} />}>
        <Route index element={<PlaceholderPage title="Overview" />} />
        <Route path="storage" element={<button onClick={() => (notify({ kind: 'info', message: 'Saved' }), navigate(link('bucketList') ?? '/'))}>Open buckets</button>} />
      </Route>
    </Routes>
  );
}

describe('the area side menu', () => {
  it('lists the entries inside the area, marks the open page (the longest match) and drops hosted-only ones outside hosted', async () => {
    const { location } = renderArea(ReportsApp, { manifest, at: 'reports/storage', buildMode: 'self-hosted' });
    const menu = screen.getByRole('navigation', { name: 'Reports' });
    expect(within(menu).getAllByRole('link').map((l) => [l.textContent, l.getAttribute('href')])).toEqual([
      ['Overview', `/project/${PROJECT_REF}/reports`],
      ['Storage', `/project/${PROJECT_REF}/reports/storage`],
    ]);
    expect(within(menu).getByRole('link', { name: 'Storage' }).getAttribute('aria-current')).toBe('page');
    expect(within(menu).getByRole('link', { name: 'Overview' }).getAttribute('aria-current')).toBeNull();
    await userEvent.setup().click(within(menu).getByRole('link', { name: 'Overview' }));
    await waitFor(() => expect(location()).toBe('/reports'));
  });

  it('finds the open entry by query too', () => {
    const items = [{ to: '/api' }, { to: '/api?page=auth' }];
    expect(currentEntry(items, '/api', '?page=auth')).toBe(items[1]);
    expect(currentEntry(items, '/api/tables', '')).toBe(items[0]);
  });
});

describe('useArea in tests', () => {
  it('gives link() from the manifest, notify and navigate to the test', async () => {
    const { notices, navigations } = renderArea(ReportsApp, { manifest, at: 'reports/storage' });
    await userEvent.setup().click(screen.getByRole('button', { name: 'Open buckets' }));
    expect(notices).toEqual([{ kind: 'info', message: 'Saved' }]);
    expect(navigations).toEqual(['/linked/storage/buckets']);
  });
});

describe('row actions', () => {
  it('opens the actions of a row; a menu-wide reason disables them all and says why once', async () => {
    const user = userEvent.setup();
    const chosen: string[] = [];
    const view = renderArea(
      () => <RowActions label="Actions for orders" actions={[{ label: 'Edit', onSelect: () => chosen.push('edit') }, { label: 'Delete', danger: true, onSelect: () => chosen.push('delete'), disabledReason: 'Not yours' }]} />,
      { manifest, at: 'reports' },
    );
    await user.click(screen.getByRole('button', { name: 'Actions for orders' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Edit' }));
    expect(chosen).toEqual(['edit']);
    await user.click(screen.getByRole('button', { name: 'Actions for orders' }));
    expect((await screen.findByRole('menuitem', { name: /Delete/ })).getAttribute('aria-disabled')).toBe('true');
    expect(screen.getByText('Not yours')).toBeTruthy();
    view.unmount();
    renderArea(() => <RowActions label="Actions for avatars" disabledReason="No permission" actions={[{ label: 'Edit', onSelect: () => undefined }]} />, { manifest, at: 'reports' });
    await user.click(screen.getByRole('button', { name: 'Actions for avatars' }));
    expect((await screen.findByRole('menuitem', { name: 'Edit' })).getAttribute('aria-disabled')).toBe('true');
    expect(screen.getByRole('note').textContent).toBe('No permission');
  });
});

describe('lazyWithPreload', () => {
  it('loads once whether preloaded or rendered, and tries again after a failed load', async () => {
    let loads = 0;
    let fail = true;
    const Panel = lazyWithPreload(async () => {
      loads += 1;
      if (fail) throw new Error('offline');
      return ({ name }: { name: string }) => <p>Panel of {name}</p>;
    });
    await Panel.preload();
    fail = false;
    await Panel.preload();
    await Panel.preload();
    expect(loads).toBe(2);
    renderArea(() => <Suspense fallback={null}><Panel name="avatars" /></Suspense>, { manifest, at: 'reports' });
    expect(await screen.findByText('Panel of avatars')).toBeTruthy();
    expect(loads).toBe(2);
  });
});

describe('useProjectStatus', () => {
  it('reads the project status from the query the host polls', async () => {
    const api = createFakeApi({ projectStatus: 'PAUSING' });
    function Status() {
      const status = useProjectStatus();
      return <p>{status.data?.status ?? 'unknown'}</p>;
    }
    const { queryClient } = renderArea(Status, { manifest, at: 'reports', api });
    expect(await screen.findByText('PAUSING')).toBeTruthy();
    expect(queryClient.getQueryData(queryKeys.projectStatus(PROJECT_REF))).toEqual({ status: 'PAUSING' });
  });
});
