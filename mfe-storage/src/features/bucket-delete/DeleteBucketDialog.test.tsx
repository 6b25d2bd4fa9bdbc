import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { bucket, createFakeApi, policy, findDialog } from '@plinth/area-kit/testing';
import { renderArea } from '../../testing/render-area';

/** A policy on storage.objects with this USING expression and the buckets the API reads from it. */
const objectsPolicy = (name: string, definition: string | null, over: Parameters<typeof policy>[1] = {}) => policy(name, { definition, ...over });

function setup() {
  const api = createFakeApi({
    buckets: [bucket('avatars'), bucket('videos')],
    objects: { avatars: 3 },
    policies: [
      objectsPolicy('Anyone reads avatars', "(bucket_id = 'avatars'::text)", { bucketIds: ['avatars'] }),
      objectsPolicy('Users upload avatars', null, { command: 'INSERT', check: "((bucket_id = 'avatars'::text) AND (auth.uid() IS NOT NULL))", bucketIds: ['avatars'] }),
      objectsPolicy('Anyone reads videos', "(bucket_id = 'videos'::text)", { bucketIds: ['videos'] }),
      objectsPolicy('Avatars and videos', "(bucket_id = ANY (ARRAY['avatars'::text, 'videos'::text]))", { bucketIds: ['avatars', 'videos'] }),
      objectsPolicy('Bucket list', "(name = 'avatars'::text)", { table: 'buckets' }),
    ],
  });
  const view = renderArea('storage/buckets/avatars', { api });
  return { ...view, api, user: userEvent.setup({ delay: null }) };
}

async function openDelete(user: ReturnType<typeof userEvent.setup>) {
  await user.click(await screen.findByRole('button', { name: 'Actions for avatars' }));
  await user.click(await screen.findByRole('menuitem', { name: 'Delete bucket' }));
  const dialog = await findDialog('Confirm deletion of avatars');
  return dialog;
}

describe('bucket deletion', { timeout: 20_000 }, () => {
  it("takes focus in the name field when chosen from the bucket's menu by keyboard, and Escape gives it back to the menu's button", async () => {
    const { user, api } = setup();
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
    expect(api.state.buckets.map((b) => b.id)).toContain('avatars');
  });

  it('asks for the bucket name, with the spec texts for an empty and a wrong value', async () => {
    const { user, api } = setup();
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
    const { user, api, notices, location } = setup();
    const dialog = await openDelete(user);
    await user.type(within(dialog).getByRole('textbox', { name: 'Type avatars to confirm.' }), 'avatars');
    await user.click(within(dialog).getByRole('button', { name: 'Delete bucket' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(api.writes()).toEqual(['storage.deleteBucket']);
    expect(api.argsOf('storage.deleteBucket').map(([, id]) => id)).toEqual(['avatars']);
    expect(api.state.buckets.map((b) => b.id)).toEqual(['videos']);
    expect(api.state.policies.map((p) => p.name)).toEqual(['Anyone reads videos', 'Avatars and videos', 'Bucket list']);
    expect(notices).toContainEqual({ kind: 'success', message: 'Successfully deleted bucket avatars' });
    await waitFor(() => expect(location()).toBe('/storage/buckets'));
    await waitFor(() => expect(screen.queryByRole('link', { name: 'avatars' })).toBeNull());
  });

  it('keeps the dialog open and notifies the server message when deletion fails', async () => {
    const { user, api, notices } = setup();
    api.failures['storage.deleteBucket'] = { status: 403, message: 'You need the storage admin write permission to delete buckets' };
    const dialog = await openDelete(user);
    await user.type(within(dialog).getByRole('textbox', { name: 'Type avatars to confirm.' }), 'avatars');
    await user.click(within(dialog).getByRole('button', { name: 'Delete bucket' }));
    await waitFor(() =>
      expect(notices).toContainEqual({ kind: 'error', message: 'Failed to delete bucket: You need the storage admin write permission to delete buckets' }),
    );
    expect(screen.getByRole('dialog', { name: 'Confirm deletion of avatars' })).toBeTruthy();
    expect(api.state.policies).toHaveLength(5);
    expect(api.state.buckets.map((b) => b.id)).toEqual(['avatars', 'videos']);
  });
});
