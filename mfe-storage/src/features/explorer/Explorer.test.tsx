import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { findDialog } from '@plinth/area-kit/testing';
import { useRealApi } from '@plinth/area-kit/testing/real-api';
import { createApi } from '../../api';
import { renderArea } from '../../testing/render-area';
import { filePaths, withBuckets, withFiles } from '../../testing/real-api';

// The first page load of the file compiles the page's code: up to 10 s on a busy machine.
const api = useRealApi(createApi, { waitForMs: 10_000 });

/** The files of avatars, read from the API. */
const avatarFiles = () => filePaths(api, 'avatars');

/** Buckets avatars (two folders, an empty one and three files at its root) and pics; the explorer on avatars. */
async function setup(permissions?: string[]) {
  await withBuckets(api, [{ id: 'avatars' }, { id: 'pics', public: true }]);
  await withFiles(api, 'avatars', [
    { path: 'docs/readme.md', body: '# hi', mimetype: 'text/markdown' },
    { path: 'docs/2024/report.txt', body: 'report' },
    { path: 'a.txt', body: 'A' },
    { path: 'b.txt', body: 'B' },
    { path: 'c.txt', body: 'C' },
    { path: 'empty/.emptyFolderPlaceholder' },
  ]);
  const view = renderArea('storage/buckets/avatars', { api, ...(permissions ? { permissions } : {}) });
  return { ...view, api, user: userEvent.setup({ delay: null }) };
}

const column = (name: string) => screen.findByRole('listbox', { name: `Contents of ${name}` });
const rowNames = (list: HTMLElement) => within(list).queryAllByTestId('storage-item').map((r) => r.dataset.name);
const row = async (list: HTMLElement, name: string) => (await within(list).findAllByTestId('storage-item')).find((r) => r.dataset.name === name)!;

describe('storage explorer', { timeout: 40_000 }, () => {
  it('lists folders first, opens folders as columns and files in the preview, back closes the last column', async () => {
    const { user } = await setup();
    const root = await column('avatars');
    await waitFor(() => expect(rowNames(root)).toEqual(['docs', 'empty', 'a.txt', 'b.txt', 'c.txt']));
    await user.click(await row(root, 'docs'));
    const docs = await column('docs');
    await waitFor(() => expect(rowNames(docs)).toEqual(['2024', 'readme.md']));
    await user.click(await row(docs, 'readme.md'));
    const preview = await screen.findByRole('complementary', { name: 'File preview' });
    expect(within(preview).getByRole('heading', { name: 'readme.md' })).toBeTruthy();
    await user.click(await row(root, 'empty'));
    expect(screen.queryByRole('complementary', { name: 'File preview' })).toBeNull();
    expect(await within(await column('empty')).findByText('No results found in this folder')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Back' }));
    await waitFor(() => expect(screen.queryByRole('listbox', { name: 'Contents of empty' })).toBeNull());
  });

  it('moves between columns with the arrow keys: Right into the opened folder, Left back onto it', async () => {
    const { user } = await setup();
    const root = await column('avatars');
    await waitFor(() => expect(rowNames(root)).toEqual(['docs', 'empty', 'a.txt', 'b.txt', 'c.txt']));
    const activeName = (list: HTMLElement) => list.querySelector<HTMLElement>(`#${list.getAttribute('aria-activedescendant')} [data-testid="storage-item"]`)?.dataset.name;
    root.focus();
    await user.keyboard('{ArrowRight}');
    const docs = await column('docs');
    await waitFor(() => expect(document.activeElement).toBe(docs));
    await waitFor(() => expect(activeName(docs)).toBe('2024'));
    await user.keyboard('{ArrowRight}');
    const year = await column('2024');
    await waitFor(() => expect(document.activeElement).toBe(year));
    await user.keyboard('{ArrowLeft}');
    await waitFor(() => expect(document.activeElement).toBe(docs));
    expect(activeName(docs)).toBe('2024');
    // Going left keeps the folder open, as its row stays the opened one.
    expect(screen.getByRole('listbox', { name: 'Contents of 2024' })).toBeTruthy();
    await user.keyboard('{ArrowLeft}');
    await waitFor(() => expect(document.activeElement).toBe(root));
    expect(activeName(root)).toBe('docs');
    await user.keyboard('{ArrowDown}{ArrowRight}');
    const empty = await column('empty');
    await waitFor(() => expect(document.activeElement).toBe(empty));
    expect(screen.queryByRole('listbox', { name: 'Contents of docs' })).toBeNull();
    await user.keyboard('{ArrowLeft}');
    await waitFor(() => expect(document.activeElement).toBe(root));
    expect(activeName(root)).toBe('empty');
  });

  it('goes to a typed path, split on slashes with empty parts dropped', async () => {
    const { user } = await setup();
    await column('avatars');
    await user.click(screen.getByRole('button', { name: /^Edit folder path/ }));
    const input = screen.getByPlaceholderText('e.g Parent Folder/Child Folder');
    await user.type(input, '/docs//2024/');
    await user.click(screen.getByRole('button', { name: 'Go to folder' }));
    const year = await column('2024');
    await waitFor(() => expect(rowNames(year)).toEqual(['report.txt']));
    expect(screen.getByRole('listbox', { name: 'Contents of docs' })).toBeTruthy();
  });

  it('creates a folder inline, refusing invalid names with the spec texts', async () => {
    const { user, api, notices } = await setup();
    await column('avatars');
    await user.click(screen.getByRole('button', { name: 'Create folder' }));
    const name = await screen.findByRole('textbox', { name: 'Name' });
    await user.type(name, 'bad.name{Enter}');
    await waitFor(() => expect(notices.map((n) => n.message)).toContain('Folder name contains invalid special characters'));
    await user.clear(name);
    await user.type(name, 'docs{Enter}');
    await waitFor(() => expect(notices.map((n) => n.message)).toContain('The name docs already exists in the current directory. Please use a different name.'));
    await user.clear(name);
    await user.type(name, 'photos{Enter}');
    await waitFor(async () => expect(await avatarFiles()).toContain('photos/.emptyFolderPlaceholder'));
    await waitFor(async () => expect(rowNames(await column('avatars'))).toContain('photos'));
  });

  it('renames a file inline and a folder in one call', async () => {
    const { user, api } = await setup();
    const root = await column('avatars');
    await user.click(within(await row(root, 'a.txt')).getByTestId('item-actions'));
    await user.click(await screen.findByRole('menuitem', { name: 'Rename' }));
    const name = await screen.findByRole('textbox', { name: 'Name' });
    await user.clear(name);
    await user.type(name, 'z.txt{Enter}');
    await waitFor(() => expect(api.argsOf('storage.moveObject')).toEqual([[expect.any(String), 'avatars', 'a.txt', 'z.txt']]));
    await user.click(within(await row(root, 'docs')).getByTestId('item-actions'));
    await user.click(await screen.findByRole('menuitem', { name: 'Rename' }));
    const folderName = await screen.findByRole('textbox', { name: 'Name' });
    await user.clear(folderName);
    await user.type(folderName, 'notes{Enter}');
    await waitFor(() => expect(api.argsOf('storage.moveFolder')).toEqual([[expect.any(String), 'avatars', 'docs', 'notes']]));
    await waitFor(async () => expect(await avatarFiles()).toEqual(['b.txt', 'c.txt', 'empty/.emptyFolderPlaceholder', 'notes/2024/report.txt', 'notes/readme.md', 'z.txt']));
  });

  it('selects files by checkbox and shift-click, then deletes them after confirmation', async () => {
    const { user, api } = await setup();
    const root = await column('avatars');
    await user.click(within(await row(root, 'a.txt')).getByTestId('item-select'));
    expect(await screen.findByText('1 items selected')).toBeTruthy();
    await user.keyboard('{Shift>}');
    await user.click(await row(root, 'c.txt'));
    await user.keyboard('{/Shift}');
    expect(await screen.findByText('3 items selected')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Delete' }));
    const dialog = await findDialog('Confirm deletion of 3 items');
    expect(within(dialog).getByText('This action cannot be undone.')).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    await waitFor(async () => expect((await avatarFiles()).filter((n) => !n.includes('/'))).toEqual([]));
    // Two paths a request (001 §9).
    expect(api.argsOf('storage.deleteObjects').map((a) => (a[2] as string[]).length).sort()).toEqual([1, 2]);
  });

  it('deletes a folder in one call and moves a file to a typed folder, leading slash stripped', async () => {
    const { user, api } = await setup();
    const root = await column('avatars');
    await user.click(within(await row(root, 'b.txt')).getByTestId('item-actions'));
    await user.click(await screen.findByRole('menuitem', { name: 'Move' }));
    const move = await findDialog('Moving b.txt within avatars');
    await user.type(within(move).getByRole('textbox'), '/archive/old');
    await user.click(within(move).getByRole('button', { name: 'Move files' }));
    await waitFor(() => expect(api.argsOf('storage.moveObject')).toEqual([[expect.any(String), 'avatars', 'b.txt', 'archive/old/b.txt']]));
    // The dialog closes with the server's answer, and the file leaves the folder.
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await waitFor(() => expect(rowNames(root)).not.toContain('b.txt'));
    await user.click(within(await row(root, 'docs')).getByTestId('item-actions'));
    await user.click(await screen.findByRole('menuitem', { name: 'Delete' }));
    const confirm = await findDialog('Confirm deletion of docs');
    await user.click(within(confirm).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(api.argsOf('storage.deleteFolder')).toEqual([[expect.any(String), 'avatars', 'docs']]));
    await waitFor(async () => expect(await avatarFiles()).toEqual(['a.txt', 'archive/old/b.txt', 'c.txt', 'empty/.emptyFolderPlaceholder']));
    expect(api.callNames()).not.toContain('storage.deleteObjects');
  });

  it('copies a signed URL with a custom expiry, refusing 0 and disabled while empty', async () => {
    const { user, api } = await setup();
    const root = await column('avatars');
    await user.click(within(await row(root, 'a.txt')).getByTestId('item-actions'));
    await user.click(await screen.findByRole('menuitem', { name: 'Get URL: custom expiry' }));
    const dialog = await findDialog('Custom expiry for signed URL');
    const submit = within(dialog).getByRole('button', { name: 'Get signed URL' }) as HTMLButtonElement;
    expect(submit.disabled).toBe(true);
    const value = within(dialog).getByRole('spinbutton', { name: 'Expires in' });
    await user.type(value, '0');
    expect(within(dialog).getByText('Expiry duration cannot be less than 0')).toBeTruthy();
    await user.clear(value);
    await user.type(value, '2');
    await user.selectOptions(within(dialog).getByRole('combobox', { name: 'Unit' }), 'weeks');
    expect(within(dialog).getByText(/URL will expire on/)).toBeTruthy();
    await user.click(submit);
    await waitFor(() => expect(api.argsOf('storage.signUrl')).toEqual([[expect.any(String), 'avatars', 'a.txt', 1_209_600]]));
  });

  it('keeps write actions disabled with their reasons for members without storage write', async () => {
    const { user } = await setup(['storage_admin_read']);
    await column('avatars');
    const upload = screen.getByRole('button', { name: 'Upload files' });
    const create = screen.getByRole('button', { name: 'Create folder' });
    expect(upload.getAttribute('aria-disabled')).toBe('true');
    expect(create.getAttribute('aria-disabled')).toBe('true');
    await user.hover(upload);
    expect((await screen.findAllByText('You need additional permissions to upload files')).length).toBeGreaterThan(0);
    const root = await column('avatars');
    await user.click(within(await row(root, 'docs')).getByTestId('item-actions'));
    expect((await screen.findByRole('menuitem', { name: 'Copy path' })).getAttribute('aria-disabled')).toBeNull();
    expect((await screen.findByRole('menuitem', { name: /Delete/ })).getAttribute('aria-disabled')).toBe('true');
  });

  it('keeps view and sort per project and lists the last folder as a table in list view', async () => {
    const { user } = await setup();
    await column('avatars');
    await user.click(screen.getByRole('button', { name: 'View' }));
    await user.click(await screen.findByRole('menuitemradio', { name: 'List' }));
    for (const header of ['Name', 'Size', 'Type', 'Created at', 'Last modified at']) expect(await screen.findByRole('columnheader', { name: header })).toBeTruthy();
    expect(screen.getByText('3 bytes for 5 items')).toBeTruthy();
    expect(Object.values({ ...localStorage }).some((v) => String(v).includes('"view":"list"'))).toBe(true);
  });
  it('opens the file and column menus on right-click; select all takes the files only', async () => {
    const { user } = await setup();
    const root = await column('avatars');
    fireEvent.contextMenu(await row(root, 'docs'));
    const folderMenu = await screen.findByRole('menu');
    expect(within(folderMenu).getAllByRole('menuitem').map((i) => i.textContent)).toEqual(['Download', 'Copy path', 'Rename', 'Move', 'Delete']);
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('menu')).toBeNull());
    fireEvent.contextMenu(screen.getByRole('region', { name: 'avatars' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Select all items' }));
    expect(await screen.findByText('3 items selected')).toBeTruthy();
  });
  it("uploads picked files, numbering a taken name 'name (2)' and naming a failure", async () => {
    const { user, api, notices } = await setup();
    await column('avatars');
    const input = screen.getByTestId('storage-upload-input') as HTMLInputElement;
    await user.upload(input, [new File(['new a'], 'a.txt', { type: 'text/plain' }), new File(['d'], 'd.txt', { type: 'text/plain' })]);
    await waitFor(async () => expect(await avatarFiles()).toEqual(expect.arrayContaining(['a (2).txt', 'a.txt', 'd.txt'])));
    await waitFor(() => expect(notices.map((n) => n.message)).toContain('Successfully uploaded 2 files!'));
    api.failures['storage.uploadObject'] = { status: 413, message: 'The object exceeded the maximum allowed size of 100 bytes' };
    await user.upload(input, [new File(['x'], 'big.bin')]);
    await waitFor(() => expect(notices.map((n) => n.message)).toContain('Failed to upload big.bin: The object exceeded the maximum allowed size of 100 bytes'));
  });
});
