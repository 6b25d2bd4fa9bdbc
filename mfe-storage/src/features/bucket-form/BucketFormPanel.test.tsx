import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { findDialog } from '@plinth/area-kit/testing';
import { useRealApi } from '@plinth/area-kit/testing/real-api';
import type { BucketCreate } from '@plinth/contracts-storage';
import { createApi } from '../../api';
import { renderArea } from '../../testing/render-area';
import { withBuckets } from '../../testing/real-api';

// The first page load of the file compiles the page's code: up to 10 s on a busy machine.
const api = useRealApi(createApi, { waitForMs: 10_000 });

const buckets = () => api.platform.storage.listBuckets(api.projectRef);

/** The bucket list with these buckets, and the create panel opened from the menu. */
async function openCreate(seed: BucketCreate[] = []) {
  await withBuckets(api, seed);
  const view = renderArea('storage/buckets', { api });
  const user = userEvent.setup({ delay: null });
  await user.click(screen.getByRole('button', { name: 'New bucket' }));
  const panel = await findDialog('Create a new bucket');
  return { ...view, user, panel };
}

describe('bucket create form', { timeout: 40_000 }, () => {
  it('refuses a missing name, the reserved name and characters outside the rules, with the spec texts', async () => {
    const { user, panel, api } = await openCreate();
    const name = within(panel).getByRole('textbox', { name: 'Name of bucket' });
    const create = within(panel).getByRole('button', { name: 'Create bucket' });
    await user.click(create);
    expect(await within(panel).findByText('Please provide a name for your bucket')).toBeTruthy();
    await user.type(name, 'public');
    await user.click(create);
    expect(await within(panel).findByText('"public" is a reserved name. Please choose another name')).toBeTruthy();
    await user.clear(name);
    await user.type(name, 'My Files');
    await user.click(create);
    expect(await within(panel).findByText('Bucket names may contain only lowercase letters, numbers, dots and hyphens')).toBeTruthy();
    expect(within(panel).getByText('Only lowercase letters, numbers, dots and hyphens. The name cannot be changed later.')).toBeTruthy();
    expect(api.writes()).toEqual([]);
  });

  it('creates a public bucket with a size limit in base 1024 and trimmed MIME types, then opens it', async () => {
    const { user, panel, api, notices, location } = await openCreate();
    await user.type(within(panel).getByRole('textbox', { name: 'Name of bucket' }), 'avatars');
    await user.click(within(panel).getByRole('switch', { name: 'Public bucket' }));
    expect(within(panel).getByRole('note').textContent).toContain('Public buckets are not protected');
    await user.click(within(panel).getByRole('switch', { name: 'Restrict file upload size for bucket' }));
    const size = within(panel).getByRole('textbox', { name: 'File size limit' });
    await user.type(size, '-1.5e2x');
    expect((size as HTMLInputElement).value).toBe('152');
    await user.clear(size);
    await user.type(size, '2');
    await user.selectOptions(within(panel).getByRole('combobox', { name: 'Unit' }), 'GB');
    expect(await within(panel).findByText("The project's upload limit is 50 MB; a bucket limit cannot raise it.")).toBeTruthy();
    await user.type(within(panel).getByRole('textbox', { name: 'Allowed MIME types' }), ' image/png ,image/jpeg, ');
    await user.click(within(panel).getByRole('button', { name: 'Create bucket' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(await buckets()).toEqual([
      expect.objectContaining({ id: 'avatars', public: true, file_size_limit: 2 * 1024 ** 3, allowed_mime_types: ['image/png', 'image/jpeg'] }),
    ]);
    await waitFor(() => expect(notices).toContainEqual({ kind: 'success', message: 'Successfully created bucket avatars' }));
    await waitFor(() => expect(location()).toBe('/storage/buckets/avatars'));
    expect((await screen.findByRole('link', { name: /avatars/ })).textContent).toBe('avatarsPublic');
  });

  it('starts in the name box, and sends no limit and any MIME type when those fields are left alone', async () => {
    const { user, panel, api } = await openCreate();
    await waitFor(() => expect(document.activeElement).toBe(within(panel).getByRole('textbox', { name: 'Name of bucket' })));
    await user.keyboard('docs.v2');
    await user.click(within(panel).getByRole('button', { name: 'Create bucket' }));
    await waitFor(() => expect(api.argsOf('storage.createBucket')).toHaveLength(1));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect((await buckets())[0]).toMatchObject({ id: 'docs.v2', public: false, file_size_limit: null, allowed_mime_types: null });
  });

  it('asks for a size when the limit is switched on and left empty', async () => {
    const { user, panel } = await openCreate();
    await user.type(within(panel).getByRole('textbox', { name: 'Name of bucket' }), 'media');
    await user.click(within(panel).getByRole('switch', { name: 'Restrict file upload size for bucket' }));
    await user.click(within(panel).getByRole('button', { name: 'Create bucket' }));
    expect(await within(panel).findByText('File size upload limit has to be at least 0')).toBeTruthy();
  });

  it('keeps the panel open and notifies the server message when creation fails', async () => {
    const { user, panel, notices } = await openCreate([{ id: 'avatars' }]);
    await user.type(within(panel).getByRole('textbox', { name: 'Name of bucket' }), 'avatars');
    await user.click(within(panel).getByRole('button', { name: 'Create bucket' }));
    await waitFor(() => expect(notices).toContainEqual({ kind: 'error', message: 'Failed to create bucket: A bucket named avatars already exists' }));
    expect(screen.getByRole('dialog', { name: 'Create a new bucket' })).toBeTruthy();
  });

  it('shows the spec text when the project storage configuration cannot be read', async () => {
    api.failures['storage.getStorageConfig'] = { status: 500, message: 'boom' };
    const { user, panel } = await openCreate();
    await user.click(within(panel).getByRole('switch', { name: 'Restrict file upload size for bucket' }));
    expect((await within(panel).findByRole('alert')).textContent).toBe(
      'Failed to fetch project configuration. Try refreshing your browser, or reach out to support',
    );
  });
});

describe('bucket edit form', { timeout: 40_000 }, () => {
  async function openEdit(seed: BucketCreate[], name: string) {
    await withBuckets(api, seed);
    const view = renderArea('storage/buckets', { api });
    const user = userEvent.setup({ delay: null });
    await user.click(await screen.findByRole('button', { name: `Actions for ${name}` }));
    await user.click(await screen.findByRole('menuitem', { name: 'Edit bucket' }));
    const panel = await findDialog(`Edit bucket "${name}"`);
    return { ...view, user, panel };
  }

  it('shows the bucket as it is, with the name locked, and saves a private bucket after a warning', async () => {
    const { user, panel, notices } = await openEdit([{ id: 'avatars', public: true, file_size_limit: 5 * 1024 ** 2, allowed_mime_types: ['image/png', 'image/gif'] }], 'avatars');
    const name = within(panel).getByRole('textbox', { name: 'Name of bucket' }) as HTMLInputElement;
    expect(name.value).toBe('avatars');
    expect(name.disabled).toBe(true);
    expect((within(panel).getByRole('textbox', { name: 'File size limit' }) as HTMLInputElement).value).toBe('5');
    expect((within(panel).getByRole('combobox', { name: 'Unit' }) as HTMLSelectElement).value).toBe('MB');
    expect((within(panel).getByRole('textbox', { name: 'Allowed MIME types' }) as HTMLInputElement).value).toBe('image/png, image/gif');
    expect(within(panel).queryByRole('note')).toBeNull();
    await user.click(within(panel).getByRole('switch', { name: 'Public bucket' }));
    expect(within(panel).getByRole('note').textContent).toContain('Public URLs of this bucket');
    await user.click(within(panel).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(await buckets()).toEqual([expect.objectContaining({ id: 'avatars', public: false, file_size_limit: 5 * 1024 ** 2, allowed_mime_types: ['image/png', 'image/gif'] })]);
    await waitFor(() => expect(notices).toContainEqual({ kind: 'success', message: 'Successfully updated bucket avatars' }));
  });

  it('notifies a failed update with the server message', async () => {
    api.failures['storage.updateBucket'] = { status: 400, message: 'allowed_mime_types: too many entries' };
    const { user, panel, notices } = await openEdit([{ id: 'avatars' }], 'avatars');
    await user.click(within(panel).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(notices).toContainEqual({ kind: 'error', message: 'Failed to update bucket: allowed_mime_types: too many entries' }));
  });
});
