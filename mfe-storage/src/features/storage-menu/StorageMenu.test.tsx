import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { PERMISSIONS } from '@plinth/shared-contracts';
import { findDialog } from '@plinth/area-kit/testing';
import { useRealApi } from '@plinth/area-kit/testing/real-api';
import { createApi } from '../../api';
import { renderArea } from '../../testing/render-area';
import { withBuckets } from '../../testing/real-api';

const READ_ONLY = [PERMISSIONS.STORAGE_ADMIN_READ];
const api = useRealApi(createApi);

describe('storage menu', { timeout: 30_000 }, () => {
  it('shows New bucket, All buckets with the real bucket list by name, and Policies', async () => {
    await withBuckets(api, [{ id: 'videos' }, { id: 'avatars', public: true }]);
    renderArea('storage/buckets', { api });
    const menu = screen.getByRole('navigation', { name: 'Storage' });
    expect(within(menu).getByRole('button', { name: 'New bucket' })).toBeTruthy();
    expect(within(menu).getByRole('link', { name: 'All buckets' }).getAttribute('aria-current')).toBe('page');
    expect(within(menu).getByRole('link', { name: 'Policies' })).toBeTruthy();
    const list = await within(menu).findByRole('list', { name: 'Buckets' });
    expect(within(list).getAllByRole('link').map((l) => l.textContent)).toEqual(['avatarsPublic', 'videos']);
  });

  it('says when the project has no buckets', async () => {
    await withBuckets(api);
    renderArea('storage/buckets', { api });
    expect(await screen.findByText('No buckets available')).toBeTruthy();
  });

  it('says when the bucket list cannot be fetched', async () => {
    api.failures['storage.listBuckets'] = { status: 503, message: 'Project database is not reachable' };
    renderArea('storage/buckets', { api });
    expect((await screen.findByRole('alert')).textContent).toBe('Failed to fetch buckets. Please refresh to try again.');
  });

  it('opens a bucket from the menu and marks it as the current page', async () => {
    await withBuckets(api, [{ id: 'avatars' }, { id: 'videos' }]);
    const { location } = renderArea('storage/buckets', { api });
    const user = userEvent.setup({ delay: null });
    await user.click(await screen.findByRole('link', { name: 'videos' }));
    // The bucket page's code loads on the way: the address moves once it is there.
    await waitFor(() => expect(location()).toBe('/storage/buckets/videos'));
    expect(await screen.findByRole('heading', { level: 1, name: 'videos' }, { timeout: 10_000 })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'videos' }).getAttribute('aria-current')).toBe('page');
  });

  it('filters the bucket list by name, and Escape clears the filter', async () => {
    await withBuckets(api, [{ id: 'avatars' }, { id: 'videos' }, { id: 'video-thumbs' }]);
    renderArea('storage/buckets', { api });
    const user = userEvent.setup({ delay: null });
    const search = await screen.findByRole('searchbox', { name: 'Search buckets' });
    await user.type(search, ' VIDEO ');
    const list = screen.getByRole('list', { name: 'Buckets' });
    expect(within(list).getAllByRole('link').map((l) => l.textContent)).toEqual(['video-thumbs', 'videos']);
    await user.keyboard('{Escape}');
    expect(within(list).getAllByRole('link')).toHaveLength(3);
    await user.type(search, 'zzz');
    expect(screen.getByText('No buckets match "zzz"')).toBeTruthy();
  });

  it('offers Edit bucket and Delete bucket on each bucket, by keyboard too', async () => {
    await withBuckets(api, [{ id: 'avatars' }]);
    renderArea('storage/buckets', { api });
    const user = userEvent.setup({ delay: null });
    const actions = await screen.findByRole('button', { name: 'Actions for avatars' });
    actions.focus();
    await user.keyboard('{Enter}');
    const menu = await screen.findByRole('menu');
    expect(within(menu).getAllByRole('menuitem').map((i) => i.textContent)).toEqual(['Edit bucket', 'Delete bucket']);
    await waitFor(() => expect(document.activeElement?.textContent).toBe('Edit bucket'));
    await user.keyboard('{ArrowDown}');
    await waitFor(() => expect(document.activeElement?.textContent).toBe('Delete bucket'));
    await user.keyboard('{Enter}');
    expect(await findDialog('Confirm deletion of avatars')).toBeTruthy();
  });

  it('disables New bucket and the bucket menu without storage write permission, with the spec tooltip', async () => {
    await withBuckets(api, [{ id: 'avatars' }]);
    renderArea('storage/buckets', { api, permissions: READ_ONLY });
    const user = userEvent.setup({ delay: null });
    const create = screen.getByRole('button', { name: 'New bucket' });
    expect(create.getAttribute('aria-disabled')).toBe('true');
    await user.click(create);
    expect(screen.queryByRole('dialog')).toBeNull();
    await user.hover(create);
    expect((await screen.findByRole('tooltip')).textContent).toContain('You need additional permissions to create buckets');
    await user.click(await screen.findByRole('button', { name: 'Actions for avatars' }));
    const items = within(await screen.findByRole('menu')).getAllByRole('menuitem');
    expect(items.every((item) => item.getAttribute('aria-disabled') === 'true')).toBe(true);
    expect(screen.getByRole('note').textContent).toContain('You need additional permissions to edit or delete buckets.');
  });

  it('gives each storage route its page title', async () => {
    for (const [path, title] of [
      ['storage/policies', 'Storage policies'],
      ['storage/settings', 'Storage Settings'],
      ['storage/buckets', 'All buckets'],
    ] as const) {
      const view = renderArea(path, { api });
      // The policies and settings pages come in chunks of their own: their heading shows once loaded.
      await waitFor(() => expect(screen.getByRole('heading', { level: 1 }).textContent).toBe(title));
      view.unmount();
    }
  });

  it('sends /storage to the bucket list and names a bucket that does not exist', async () => {
    await withBuckets(api);
    const { location, unmount } = renderArea('storage', { api });
    await waitFor(() => expect(location()).toBe('/storage/buckets'));
    unmount();
    renderArea('storage/buckets/nope', { api });
    expect(await screen.findByText('There is no bucket named "nope" in this project.')).toBeTruthy();
  });
});
