import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { findDialog } from '@plinth/area-kit/testing';
import { useRealApi } from '@plinth/area-kit/testing/real-api';
import { createApi } from '../../api';
import { renderArea } from '../../testing/render-area';
import { filePaths, policyNames, withBuckets, withFiles, withPolicies } from '../../testing/real-api';

// The first page load of the file compiles the page's code: up to 10 s on a busy machine.
const api = useRealApi(createApi, { waitForMs: 10_000 });

const bucketIds = async () => (await api.platform.storage.listBuckets(api.projectRef)).map((b) => b.id).sort();

/** Two buckets, three files in avatars, and policies for avatars alone, for videos alone, for both, and on storage.buckets; the page of avatars. */
async function setup() {
  await withBuckets(api, [{ id: 'avatars' }, { id: 'videos' }]);
  await withFiles(api, 'avatars', [{ path: 'a.png' }, { path: 'b.png' }, { path: 'me/c.png' }]);
  await withPolicies(api, [
    { name: 'Anyone reads avatars', table: 'objects', command: 'SELECT', definition: "bucket_id = 'avatars'" },
    { name: 'Users upload avatars', table: 'objects', command: 'INSERT', check: "bucket_id = 'avatars' and auth.uid() is not null" },
    { name: 'Anyone reads videos', table: 'objects', command: 'SELECT', definition: "bucket_id = 'videos'" },
    { name: 'Avatars and videos', table: 'objects', command: 'SELECT', definition: "bucket_id = any (array['avatars', 'videos'])" },
    { name: 'Bucket list', table: 'buckets', command: 'SELECT', definition: "name = 'avatars'" },
  ]);
  const view = renderArea('storage/buckets/avatars', { api });
  return { ...view, api, user: userEvent.setup({ delay: null }) };
}

async function openDelete(user: ReturnType<typeof userEvent.setup>) {
  await user.click(await screen.findByRole('button', { name: 'Actions for avatars' }));
  await user.click(await screen.findByRole('menuitem', { name: 'Delete bucket' }));
  const dialog = await findDialog('Confirm deletion of avatars');
  return dialog;
}

describe('bucket deletion', { timeout: 40_000 }, () => {
  it("takes focus in the name field when chosen from the bucket's menu by keyboard, and Escape gives it back to the menu's button", async () => {
    const { user, api } = await setup();
    const actions = await screen.findByRole('button', { name: 'Actions for avatars' });
    actions.focus();
    await user.keyboard('{Enter}');
    const remove = await screen.findByRole('menuitem', { name: 'Delete bucket' });
    remove.focus();
    await user.keyboard('{Enter}');
    const dialog = await findDialog('Confirm deletion of avatars');
    await waitFor(() => expect(document.activeElement).toBe(within(dialog).getByRole('textbox', { name: 'Type avatars to confirm.' })));
    await user.keyboard('avat{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await waitFor(() => expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Actions for avatars' })));
    expect(await bucketIds()).toContain('avatars');
  });

  it('asks for the bucket name, with the spec texts for an empty and a wrong value', async () => {
    const { user, api } = await setup();
    const dialog = await openDelete(user);
    expect(within(dialog).getByText('This action cannot be undone.')).toBeTruthy();
    const input = within(dialog).getByRole('textbox', { name: 'Type avatars to confirm.' });
    await user.type(input, '{Enter}');
    expect(await within(dialog).findByText('Enter the required value.')).toBeTruthy();
    await user.type(input, 'avatar');
    expect(within(dialog).getByText('Value entered does not match.')).toBeTruthy();
    expect((within(dialog).getByRole('button', { name: 'Delete bucket' }) as HTMLButtonElement).disabled).toBe(true);
    expect(api.writes()).toEqual([]);
  });

  it('deletes the bucket with its files and policies in one call, notifies and goes to the bucket list', async () => {
    const { user, api, notices, location } = await setup();
    const dialog = await openDelete(user);
    await user.type(within(dialog).getByRole('textbox', { name: 'Type avatars to confirm.' }), 'avatars');
    await user.click(within(dialog).getByRole('button', { name: 'Delete bucket' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(api.writes()).toEqual(['storage.deleteBucket']);
    expect(api.argsOf('storage.deleteBucket').map(([, id]) => id)).toEqual(['avatars']);
    expect(await bucketIds()).toEqual(['videos']);
    expect(await policyNames(api)).toEqual(['Anyone reads videos', 'Avatars and videos', 'Bucket list']);
    await waitFor(() => expect(notices).toContainEqual({ kind: 'success', message: 'Successfully deleted bucket avatars' }));
    await waitFor(() => expect(location()).toBe('/storage/buckets'));
    await waitFor(() => expect(screen.queryByRole('link', { name: 'avatars' })).toBeNull());
  });

  it('keeps the dialog open and notifies the server message when deletion fails', async () => {
    const { user, api, notices } = await setup();
    api.failures['storage.deleteBucket'] = { status: 403, message: 'You need the storage admin write permission to delete buckets' };
    const dialog = await openDelete(user);
    await user.type(within(dialog).getByRole('textbox', { name: 'Type avatars to confirm.' }), 'avatars');
    await user.click(within(dialog).getByRole('button', { name: 'Delete bucket' }));
    await waitFor(() =>
      expect(notices).toContainEqual({ kind: 'error', message: 'Failed to delete bucket: You need the storage admin write permission to delete buckets' }),
    );
    expect(screen.getByRole('dialog', { name: 'Confirm deletion of avatars' })).toBeTruthy();
    expect(await policyNames(api)).toHaveLength(5);
    expect(await bucketIds()).toEqual(['avatars', 'videos']);
    expect(await filePaths(api, 'avatars')).toEqual(['a.png', 'b.png', 'me/c.png']);
  });
});
