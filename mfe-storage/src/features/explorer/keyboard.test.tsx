import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { findDialog } from '@plinth/area-kit/testing';
import { useRealApi } from '@plinth/area-kit/testing/real-api';
import { createApi } from '../../api';
import { renderArea } from '../../testing/render-area';
import { filePaths, withBuckets, withFiles, type SeedFile } from '../../testing/real-api';

// The explorer by keyboard. The inline name field of a rename or a new folder takes the keys as
// soon as it shows, however it was asked for (F2, a row's menu by pointer or by key, the toolbar),
// with the name selected as a file manager selects it; Enter saves, Escape cancels, and focus goes
// back. The toolbar's fields and the dialogs take focus as they open and give it back as they close.

// The first page load of the file compiles the page's code: up to 10 s on a busy machine.
const api = useRealApi(createApi, { waitForMs: 10_000 });

/** The files of avatars, read from the API. */
const avatarFiles = () => filePaths(api, 'avatars');

/** Bucket avatars with these files (default: a folder, a dotfile and a file with two dots); the explorer on it. */
async function setup(files: SeedFile[] = [{ path: 'docs/readme.md', body: '# hi' }, { path: '.env', body: 'A=1' }, { path: 'report.final.pdf', body: 'pdf' }]) {
  await withBuckets(api, [{ id: 'avatars' }]);
  await withFiles(api, 'avatars', files);
  renderArea('storage/buckets/avatars', { api });
  return { api, user: userEvent.setup({ delay: null }) };
}

const rootList = () => screen.findByRole('listbox', { name: 'Contents of avatars' });
const row = async (list: HTMLElement, name: string) => (await within(list).findAllByTestId('storage-item')).find((r) => r.dataset.name === name)!;
const activeName = (list: HTMLElement) => list.querySelector<HTMLElement>('[data-active="true"] [data-testid="storage-item"]')?.dataset.name;
const names = (list: HTMLElement) => within(list).queryAllByTestId('storage-item').map((r) => r.dataset.name);
/** The name field, once it has the focus; and the part of its text that is selected. */
async function focusedField() {
  const field = (await screen.findByRole('textbox', { name: 'Name' })) as HTMLInputElement;
  await waitFor(() => expect(document.activeElement).toBe(field));
  return { field, selected: () => field.value.slice(field.selectionStart ?? 0, field.selectionEnd ?? 0) };
}

describe('the name field', { timeout: 40_000 }, () => {
  it('F2 selects a file name without its extension; typing replaces it, Enter saves and focus goes back to the list', async () => {
    const { user, api } = await setup();
    const root = await rootList();
    await waitFor(() => expect(names(root)).toEqual(['docs', '.env', 'report.final.pdf']));
    root.focus();
    await user.keyboard('{End}');
    expect(activeName(root)).toBe('report.final.pdf');
    await user.keyboard('{F2}');
    const { selected } = await focusedField();
    expect(selected()).toBe('report.final');
    await user.keyboard('summary{Enter}');
    await waitFor(() => expect(api.argsOf('storage.moveObject')).toEqual([[expect.any(String), 'avatars', 'report.final.pdf', 'summary.pdf']]));
    expect(screen.queryByRole('textbox', { name: 'Name' })).toBeNull();
    expect(document.activeElement).toBe(root);
  });

  it('Escape leaves a dotfile as it was, with all of its name selected, and focus back on its row', async () => {
    const { user, api } = await setup();
    const root = await rootList();
    await waitFor(() => expect(names(root)).toContain('.env'));
    root.focus();
    await user.keyboard('{Home}{ArrowDown}{F2}');
    const { selected } = await focusedField();
    expect(selected()).toBe('.env');
    await user.keyboard('secrets{Escape}');
    expect(screen.queryByRole('textbox', { name: 'Name' })).toBeNull();
    expect(document.activeElement).toBe(root);
    expect(activeName(root)).toBe('.env');
    expect(api.argsOf('storage.moveObject')).toEqual([]);
  });

  it("takes the keys when Rename is chosen from a folder's menu by pointer, the menu closing around it", async () => {
    const { user, api } = await setup();
    const root = await rootList();
    await user.click(within(await row(root, 'docs')).getByTestId('item-actions'));
    await user.click(await screen.findByRole('menuitem', { name: 'Rename' }));
    await waitFor(() => expect(screen.queryByRole('menu')).toBeNull());
    const { selected } = await focusedField();
    expect(selected()).toBe('docs');
    await user.keyboard('notes{Enter}');
    await waitFor(() => expect(api.argsOf('storage.moveFolder')).toEqual([[expect.any(String), 'avatars', 'docs', 'notes']]));
    expect(document.activeElement).toBe(root);
    // The renamed folder stays the active row once the folder is listed again with the server's answer.
    await waitFor(() => expect(activeName(root)).toBe('notes'));
    expect(await avatarFiles()).toEqual(['.env', 'notes/readme.md', 'report.final.pdf']);
  });

  it("opens a row's own menu by Shift+F10 on its first entry; Rename by key, Escape gives focus back to the list", async () => {
    const { user, api } = await setup();
    const root = await rootList();
    await waitFor(() => expect(names(root)).toContain('report.final.pdf'));
    root.focus();
    await user.keyboard('{End}{Shift>}{F10}{/Shift}');
    const menu = await screen.findByRole('menu');
    const items = within(menu).getAllByRole('menuitem');
    expect(items.map((i) => i.textContent)).toContain('Rename');
    await waitFor(() => expect(document.activeElement).toBe(items[0]));
    within(menu).getByRole('menuitem', { name: 'Rename' }).focus();
    await user.keyboard('{Enter}');
    await waitFor(() => expect(screen.queryByRole('menu')).toBeNull());
    const { selected } = await focusedField();
    expect(selected()).toBe('report.final');
    await user.keyboard('draft{Escape}');
    expect(screen.queryByRole('textbox', { name: 'Name' })).toBeNull();
    expect(document.activeElement).toBe(root);
    expect(api.argsOf('storage.moveObject')).toEqual([]);
  });

  it('creates a folder from the toolbar by keyboard: Escape leaves none and focus on the button, Enter creates it', async () => {
    const { user, api } = await setup();
    const root = await rootList();
    await waitFor(() => expect(names(root)).toContain('docs'));
    const create = screen.getByRole('button', { name: 'Create folder' });
    create.focus();
    await user.keyboard('{Enter}');
    await focusedField();
    await user.keyboard('scratch{Escape}');
    expect(screen.queryByRole('textbox', { name: 'Name' })).toBeNull();
    expect(document.activeElement).toBe(create);
    await user.keyboard('{Enter}');
    await focusedField();
    await user.keyboard('photos{Enter}');
    await waitFor(async () => expect(await avatarFiles()).toContain('photos/.emptyFolderPlaceholder'));
    expect(await avatarFiles()).not.toContain('scratch/.emptyFolderPlaceholder');
    expect(document.activeElement).toBe(create);
  });

  it("opens an empty folder's column menu by Shift+F10 on New folder, whose field takes the keys", async () => {
    const { user } = await setup([{ path: 'empty/.emptyFolderPlaceholder' }]);
    const root = await rootList();
    await waitFor(() => expect(names(root)).toEqual(['empty']));
    root.focus();
    await user.keyboard('{ArrowRight}');
    const empty = await screen.findByRole('listbox', { name: 'Contents of empty' });
    await waitFor(() => expect(document.activeElement).toBe(empty));
    await user.keyboard('{Shift>}{F10}{/Shift}');
    const menu = await screen.findByRole('menu');
    await waitFor(() => expect(document.activeElement).toBe(within(menu).getByRole('menuitem', { name: 'New folder' })));
    await user.keyboard('{Enter}');
    await focusedField();
    await user.keyboard('fresh{Enter}');
    await waitFor(async () => expect(await avatarFiles()).toContain('empty/fresh/.emptyFolderPlaceholder'));
    await waitFor(() => expect(document.activeElement).toBe(empty));
  });

  it('keeps the field, its text and its focus while the folder scrolls far from it', async () => {
    const { user } = await setup(Array.from({ length: 300 }, (_, i) => ({ path: `file-${String(i).padStart(3, '0')}.txt`, body: 'x' })));
    const root = await rootList();
    await waitFor(() => expect(names(root)).toContain('file-000.txt'));
    root.focus();
    await user.keyboard('{F2}');
    const { field } = await focusedField();
    await user.keyboard('first');
    root.scrollTop = 37 * 250;
    root.dispatchEvent(new Event('scroll'));
    await waitFor(() => expect(names(root)).toContain('file-250.txt'));
    expect(screen.getByRole('textbox', { name: 'Name' })).toBe(field);
    expect(document.activeElement).toBe(field);
    await user.keyboard('{Enter}');
    await waitFor(() => expect(api.argsOf('storage.moveObject')).toEqual([[expect.any(String), 'avatars', 'file-000.txt', 'first.txt']]));
  }, 90_000); // 300 files uploaded through the API first
});

describe('fields and dialogs by keyboard', { timeout: 40_000 }, () => {
  it('the path field and the search box take focus; Escape gives it back to what opened them, Enter goes to the folder', async () => {
    const { user } = await setup();
    const root = await rootList();
    await waitFor(() => expect(names(root)).toContain('docs'));
    const breadcrumb = screen.getByRole('button', { name: /^Edit folder path/ });
    breadcrumb.focus();
    await user.keyboard('{Enter}');
    const path = screen.getByRole('textbox', { name: 'Folder path' });
    expect(document.activeElement).toBe(path);
    await user.keyboard('docs{Escape}');
    expect(screen.queryByRole('textbox', { name: 'Folder path' })).toBeNull();
    expect(document.activeElement).toBe(screen.getByRole('button', { name: /^Edit folder path/ }));
    await user.keyboard('{Enter}');
    await user.keyboard('docs{Enter}');
    const docs = await screen.findByRole('listbox', { name: 'Contents of docs' });
    await waitFor(() => expect(document.activeElement).toBe(docs));

    const search = within(screen.getByRole('toolbar', { name: 'Explorer' })).getByRole('button', { name: 'Search' });
    search.focus();
    await user.keyboard('{Enter}');
    expect(document.activeElement).toBe(screen.getByRole('searchbox', { name: 'Search for a file or folder' }));
    await user.keyboard('read{Escape}');
    expect(screen.queryByRole('searchbox', { name: 'Search for a file or folder' })).toBeNull();
    expect(document.activeElement).toBe(within(screen.getByRole('toolbar', { name: 'Explorer' })).getByRole('button', { name: 'Search' }));
  });

  it("a dialog chosen from a row's menu by key takes focus in its field, and Escape or its work done gives focus back to the list", async () => {
    const { user, api } = await setup();
    const root = await rootList();
    await waitFor(() => expect(names(root)).toContain('report.final.pdf'));
    root.focus();
    await user.keyboard('{End}{Shift>}{F10}{/Shift}');
    within(await screen.findByRole('menu')).getByRole('menuitem', { name: 'Move' }).focus();
    await user.keyboard('{Enter}');
    const move = await findDialog('Moving report.final.pdf within avatars');
    await waitFor(() => expect(document.activeElement).toBe(within(move).getByRole('textbox')));
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await waitFor(() => expect(document.activeElement).toBe(root));

    await user.keyboard('{Shift>}{F10}{/Shift}');
    within(await screen.findByRole('menu')).getByRole('menuitem', { name: 'Delete' }).focus();
    await user.keyboard('{Enter}');
    const confirm = await findDialog('Confirm deletion of report.final.pdf');
    await user.click(within(confirm).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await waitFor(async () => expect(await avatarFiles()).not.toContain('report.final.pdf'));
    await waitFor(() => expect(document.activeElement).toBe(root));
  });
});
