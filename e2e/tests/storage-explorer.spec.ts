import { readFile } from 'node:fs/promises';
import { expect, test, type Page } from '@playwright/test';
import { addReadOnlyMember, createActiveProject, signUpThroughApi } from '../support/api-session';
import { serverUrl } from '../support/servers';

// The storage explorer against the real platform API: a folder dropped in, browsed in columns and
// as a list, a file renamed, moved and deleted, a selection downloaded as one zip, an image
// previewed, a signed URL copied and opened; a read-only member sees the writes disabled.

// A 1×1 PNG.
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==', 'base64');

/**
 * Drops a folder on a column the way Chromium hands one over: items whose entries are a directory
 * (webkitGetAsEntry) holding files and a subfolder.
 */
async function dropFolder(page: Page, column: string, folder: string, files: Record<string, { body: string; type: string; base64?: boolean }>) {
  await page.getByRole('region', { name: column }).evaluate(
    (el, { folder, files }) => {
      type Node = { name: string; isFile: boolean; isDirectory: boolean; children?: Node[]; file?: File };
      const root: Node = { name: folder, isFile: false, isDirectory: true, children: [] };
      for (const [path, f] of Object.entries(files)) {
        const parts = path.split('/');
        let dir = root;
        for (const part of parts.slice(0, -1)) {
          let next = dir.children!.find((c) => c.name === part);
          if (!next) dir.children!.push((next = { name: part, isFile: false, isDirectory: true, children: [] }));
          dir = next;
        }
        const bytes = f.base64 ? Uint8Array.from(atob(f.body), (c) => c.charCodeAt(0)) : new TextEncoder().encode(f.body);
        dir.children!.push({ name: parts.at(-1)!, isFile: true, isDirectory: false, file: new File([bytes], parts.at(-1)!, { type: f.type }) });
      }
      const entry = (n: Node): unknown =>
        n.isFile
          ? { name: n.name, isFile: true, isDirectory: false, file: (ok: (f: File) => void) => ok(n.file!) }
          : {
              name: n.name,
              isFile: false,
              isDirectory: true,
              createReader: () => {
                let read = false;
                return { readEntries: (ok: (e: unknown[]) => void) => ok(read ? [] : ((read = true), n.children!.map(entry))) };
              },
            };
      const dataTransfer = { items: [{ kind: 'file', webkitGetAsEntry: () => entry(root) }], files: [] };
      for (const type of ['dragover', 'drop']) {
        const event = new Event(type, { bubbles: true, cancelable: true });
        Object.defineProperty(event, 'dataTransfer', { value: dataTransfer });
        el.dispatchEvent(event);
      }
    },
    { folder, files },
  );
}

const item = (page: Page, column: string, name: string) => page.getByRole('listbox', { name: `Contents of ${column}` }).locator(`[data-testid="storage-item"][data-name="${name}"]`);

test('drop a folder, browse, rename, move, delete, zip a selection, preview, sign a URL; read-only sees the writes disabled', async ({ page, context, browser }) => {
  test.setTimeout(180_000);
  const baseUrl = serverUrl('production');
  const { session } = await signUpThroughApi(baseUrl, 'storage-owner');
  const { ref, orgSlug } = await createActiveProject(session, 'Files');
  await session.client.storage.createBucket(ref, { id: 'media' });
  await session.shareWith(context);
  await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: baseUrl });
  // Zips go through the download the page starts (the save picker has no one to answer it here).
  await context.addInitScript(() => delete (window as { showSaveFilePicker?: unknown }).showSaveFilePicker);

  await page.goto(`${baseUrl}/project/${ref}/storage/buckets/media`);
  // The first visit opens the new project's database: give it the time a busy machine needs.
  await expect(page.getByText('No results found in this folder')).toBeVisible({ timeout: 30_000 });
  await dropFolder(page, 'media', 'trip', {
    'notes.txt': { body: 'day one', type: 'text/plain' },
    'todo.txt': { body: 'pack', type: 'text/plain' },
    'photos/beach.png': { body: PNG.toString('base64'), type: 'image/png', base64: true },
  });
  await expect(page.getByText('Successfully uploaded 3 files!', { exact: true })).toBeVisible();

  // Columns: the folder opens a column, its subfolder another.
  await item(page, 'media', 'trip').click();
  await expect(item(page, 'trip', 'notes.txt')).toBeVisible();
  await item(page, 'trip', 'photos').click();
  await item(page, 'photos', 'beach.png').click();
  const preview = page.getByRole('complementary', { name: 'File preview' });
  await expect(preview.getByRole('img', { name: 'beach.png' })).toBeVisible();
  await expect.poll(() => preview.getByRole('img', { name: 'beach.png' }).evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(1);

  // A signed URL, copied, serves the file.
  await item(page, 'photos', 'beach.png').getByTestId('item-actions').click();
  await page.getByRole('menuitem', { name: 'Get URL: expires in 1 week' }).click();
  await expect(page.getByText('Copied URL to clipboard', { exact: true })).toBeVisible();
  const signed = await page.evaluate(() => navigator.clipboard.readText());
  const got = await page.request.get(signed);
  expect(got.status()).toBe(200);
  expect(Buffer.from(await got.body()).equals(PNG)).toBe(true);

  // Keyboard: Left goes to the parent column, on the folder it shows; Right goes back into it.
  const photos = page.getByRole('listbox', { name: 'Contents of photos' });
  const trip = page.getByRole('listbox', { name: 'Contents of trip' });
  await photos.focus();
  await page.keyboard.press('ArrowLeft');
  await expect(trip).toBeFocused();
  await expect(trip.locator('[data-active="true"] [data-testid="storage-item"]')).toHaveAttribute('data-name', 'photos');
  await page.keyboard.press('ArrowRight');
  await expect(photos).toBeFocused();
  await expect(item(page, 'photos', 'beach.png')).toBeVisible();

  // Rename inline, move through the dialog, delete after confirmation.
  await item(page, 'trip', 'todo.txt').getByTestId('item-actions').click();
  await page.getByRole('menuitem', { name: 'Rename' }).click();
  const name = page.getByRole('textbox', { name: 'Name' });
  await name.fill('packing.txt');
  await name.press('Enter');
  await expect(item(page, 'trip', 'packing.txt')).toBeVisible();
  await item(page, 'trip', 'packing.txt').getByTestId('item-actions').click();
  await page.getByRole('menuitem', { name: 'Move' }).click();
  const move = page.getByRole('dialog', { name: 'Moving packing.txt within media' });
  await move.getByRole('textbox').fill('/trip/photos');
  await move.getByRole('button', { name: 'Move files' }).click();
  await expect(item(page, 'photos', 'packing.txt')).toBeVisible();
  await expect(item(page, 'trip', 'packing.txt')).toHaveCount(0);
  await item(page, 'trip', 'notes.txt').getByTestId('item-actions').click();
  await page.getByRole('menuitem', { name: 'Delete' }).click();
  const confirm = page.getByRole('dialog', { name: 'Confirm deletion of notes.txt' });
  await expect(confirm.getByText('This action cannot be undone.')).toBeVisible();
  await confirm.getByRole('button', { name: 'Delete' }).click();
  await expect(item(page, 'trip', 'notes.txt')).toHaveCount(0);

  // A selection of two files downloads as one zip.
  await item(page, 'photos', 'beach.png').getByTestId('item-select').click();
  await item(page, 'photos', 'packing.txt').getByTestId('item-select').click();
  await expect(page.getByText('2 items selected')).toBeVisible();
  const downloading = page.waitForEvent('download');
  await page.getByRole('toolbar', { name: 'Selection' }).getByRole('button', { name: 'Download' }).click();
  const zip = await readFile(await (await downloading).path());
  expect(zip.subarray(0, 2).toString()).toBe('PK');
  expect(zip.includes(Buffer.from('beach.png'))).toBe(true);
  expect(zip.includes(Buffer.from('packing.txt'))).toBe(true);
  await page.getByRole('button', { name: 'Clear selection' }).click();

  // List view: the last folder as a table with its total.
  await page.getByRole('button', { name: 'View' }).click();
  await page.getByRole('menuitemradio', { name: 'List' }).click();
  await expect(page.getByRole('columnheader', { name: 'Last modified at' })).toBeVisible();
  await expect(page.getByText(/for 2 items/)).toBeVisible();

  // A read-only member: writes disabled, with their reasons.
  const member = await addReadOnlyMember(session, orgSlug);
  const memberContext = await browser.newContext();
  await member.session.shareWith(memberContext);
  const memberPage = await memberContext.newPage();
  await memberPage.goto(`${baseUrl}/project/${ref}/storage/buckets/media`);
  const upload = memberPage.getByRole('button', { name: 'Upload files' });
  await expect(upload).toHaveAttribute('aria-disabled', 'true');
  await expect(memberPage.getByRole('button', { name: 'Create folder' })).toHaveAttribute('aria-disabled', 'true');
  await upload.hover();
  await expect(memberPage.getByRole('tooltip')).toHaveText('You need additional permissions to upload files');
  await memberContext.close();
});

const nameField = (page: Page) => page.getByRole('textbox', { name: 'Name' });
/** The part of the name field's text that is selected, as the user sees it highlighted. */
const selectedText = (page: Page) => nameField(page).evaluate((el: HTMLInputElement) => el.value.slice(el.selectionStart ?? 0, el.selectionEnd ?? 0));

test('rename and create folders by keyboard alone: the name field takes the keys at once, Enter saves, Escape cancels', async ({ page, context }) => {
  test.setTimeout(120_000);
  const baseUrl = serverUrl('production');
  const { session } = await signUpThroughApi(baseUrl, 'storage-keys');
  const { ref } = await createActiveProject(session, 'Keys');
  await session.client.storage.createBucket(ref, { id: 'media' });
  for (const path of ['report.final.pdf', '.env', 'docs/readme.md']) {
    await session.client.storage.uploadObject(ref, 'media', path, new TextEncoder().encode(path), { contentType: 'text/plain' });
  }
  await session.shareWith(context);
  await page.goto(`${baseUrl}/project/${ref}/storage/buckets/media`);
  const root = page.getByRole('listbox', { name: 'Contents of media' });
  await expect(item(page, 'media', 'report.final.pdf')).toBeVisible({ timeout: 30_000 });
  const activeName = () => root.locator('[data-active="true"] [data-testid="storage-item"]').getAttribute('data-name');

  // F2 on a file: its name without the extension is selected; typing replaces it, Enter saves.
  await root.focus();
  await page.keyboard.press('End');
  await expect.poll(activeName).toBe('report.final.pdf');
  await page.keyboard.press('F2');
  await expect(nameField(page)).toBeFocused();
  await expect.poll(() => selectedText(page)).toBe('report.final');
  await page.keyboard.type('summary');
  await page.keyboard.press('Enter');
  await expect(item(page, 'media', 'summary.pdf')).toBeVisible();
  await expect(item(page, 'media', 'report.final.pdf')).toHaveCount(0);
  await expect(root).toBeFocused();

  // Escape on a dotfile: all of it selected, the typing dropped, focus back on the list.
  await page.keyboard.press('Home');
  await page.keyboard.press('ArrowDown');
  await expect.poll(activeName).toBe('.env');
  await page.keyboard.press('F2');
  await expect(nameField(page)).toBeFocused();
  await expect.poll(() => selectedText(page)).toBe('.env');
  await page.keyboard.type('secrets');
  await page.keyboard.press('Escape');
  await expect(nameField(page)).toHaveCount(0);
  await expect(item(page, 'media', '.env')).toBeVisible();
  await expect(item(page, 'media', 'secrets')).toHaveCount(0);
  await expect(root).toBeFocused();
  await expect.poll(activeName).toBe('.env');

  // A folder from its menu, opened by the pointer: the field still takes the keys, all selected.
  await item(page, 'media', 'docs').getByTestId('item-actions').click();
  await page.getByRole('menuitem', { name: 'Rename' }).click();
  await expect(nameField(page)).toBeFocused();
  await expect.poll(() => selectedText(page)).toBe('docs');
  await page.keyboard.type('notes');
  await page.keyboard.press('Enter');
  await expect(item(page, 'media', 'notes')).toBeVisible();
  await expect(item(page, 'media', 'docs')).toHaveCount(0);

  // A file from the menu the keyboard opens (Shift+F10), Rename chosen with Enter; Escape cancels.
  await root.focus();
  await page.keyboard.press('End');
  await expect.poll(activeName).toBe('summary.pdf');
  await page.keyboard.press('Shift+F10');
  const menu = page.getByRole('menu', { name: 'Context menu' });
  await expect(menu).toBeVisible();
  await page.keyboard.press('r'); // typing jumps to the item
  await expect(menu.getByRole('menuitem', { name: 'Rename' })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(nameField(page)).toBeFocused();
  await expect.poll(() => selectedText(page)).toBe('summary');
  await page.keyboard.type('draft');
  await page.keyboard.press('Escape');
  await expect(nameField(page)).toHaveCount(0);
  await expect(item(page, 'media', 'summary.pdf')).toBeVisible();
  await expect(root).toBeFocused();

  // A new folder from the toolbar by keyboard: Escape leaves none, Enter creates it.
  const create = page.getByRole('button', { name: 'Create folder' });
  await create.focus();
  await page.keyboard.press('Enter');
  await expect(nameField(page)).toBeFocused();
  await page.keyboard.type('scratch');
  await page.keyboard.press('Escape');
  await expect(nameField(page)).toHaveCount(0);
  await expect(item(page, 'media', 'scratch')).toHaveCount(0);
  await create.focus();
  await page.keyboard.press('Enter');
  await expect(nameField(page)).toBeFocused();
  await page.keyboard.type('photos');
  await page.keyboard.press('Enter');
  await expect(item(page, 'media', 'photos')).toBeVisible();

  // Delete bucket chosen from the bucket's menu by keyboard: its name field takes focus, and
  // Escape gives focus back to the menu's button (the menu entry that opened it is gone).
  const bucketActions = page.getByRole('button', { name: 'Actions for media' });
  await bucketActions.focus();
  await page.keyboard.press('Enter');
  const editItem = page.getByRole('menuitem', { name: 'Edit bucket' });
  await expect(editItem).toBeFocused();
  // ArrowDown moves to Delete bucket (pressed again only if the menu had not taken the first press yet).
  await expect(async () => {
    if (await editItem.evaluate((el) => el === document.activeElement)) await page.keyboard.press('ArrowDown');
    await expect(page.getByRole('menuitem', { name: 'Delete bucket' })).toBeFocused({ timeout: 500 });
  }).toPass({ timeout: 5_000 });
  await page.keyboard.press('Enter');
  const deleteBucket = page.getByRole('dialog', { name: 'Confirm deletion of media' });
  await expect(deleteBucket.getByRole('textbox')).toBeFocused();
  await page.keyboard.press('Escape');
  await expect(deleteBucket).toHaveCount(0);
  await expect(bucketActions).toBeFocused();
});
