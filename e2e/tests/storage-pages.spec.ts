import { expect, test } from '@playwright/test';
import { createActiveProject, signUpThroughApi, type ApiSession } from '../support/api-session';
import { servicesUrl, serverUrl } from '../support/servers';

// The storage policies and settings pages against the real platform API: policies written from
// templates for a bucket show on that bucket's panel and change what an app may do through the
// project's /storage/v1 (the anon key reads; a signed-in user uploads into their own folder); a
// lower upload limit refuses a larger upload with the spec's message.

/** The project's anon and service_role keys, as the project settings answer them to its owner. */
async function projectKeys(session: ApiSession, ref: string) {
  const settings = await session.client.settings.getProjectSettings(ref);
  const keys = settings.services.flatMap((s) => s.service_api_keys);
  const key = (tag: string) => keys.find((k) => k.tags.split(',').includes(tag))!.api_key;
  return { anon: key('anon'), service: key('service_role') };
}

test('template policies on a bucket show on its panel and decide what an app may read and upload; a lower upload limit refuses a larger file', async ({ page, context }) => {
  test.setTimeout(150_000);
  const baseUrl = serverUrl('production');
  const { session } = await signUpThroughApi(baseUrl, 'storage-pages');
  const { ref, orgSlug } = await createActiveProject(session, 'Pictures');
  await session.client.plans.updateSubscription(orgSlug, { plan: 'pro' });
  await session.client.storage.createBucket(ref, { id: 'gallery' });
  await session.client.storage.createBucket(ref, { id: 'inbox' });
  await session.shareWith(context);
  const keys = await projectKeys(session, ref);
  const projectUrl = `${servicesUrl('production')}/${ref}`;
  const object = `${projectUrl}/storage/v1/object`;
  const asApp = (key: string) => ({ apikey: key, authorization: `Bearer ${key}` });
  const put = await fetch(`${object}/gallery/public/cat.jpg`, { method: 'POST', headers: { ...asApp(keys.service), 'content-type': 'image/jpeg' }, body: 'not really a jpeg' });
  expect(put.status).toBe(200);
  const anonRead = () => fetch(`${object}/authenticated/gallery/public/cat.jpg`, { headers: asApp(keys.anon) });
  expect((await anonRead()).status).not.toBe(200);

  // Policies page: a panel per bucket, the divider sections; a template written for gallery.
  await page.goto(`${baseUrl}/project/${ref}/storage/policies`);
  await expect(page.getByRole('heading', { name: 'Storage policies', level: 1 })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Other policies under storage.objects' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Policies under storage.buckets' })).toBeVisible();
  const gallery = page.getByRole('region', { name: 'gallery' });
  await gallery.getByRole('button', { name: 'New policy for gallery' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByRole('button', { name: /Get started quickly/ }).click();
  await dialog.getByRole('option', { name: /Give anonymous users access to JPG images in a folder named public/ }).click();
  await expect(dialog.getByText("bucket_id = 'gallery'").first()).toBeVisible();
  await dialog.getByRole('button', { name: 'Use this template' }).click();
  await expect(dialog.getByRole('checkbox', { name: 'SELECT' })).toBeChecked();
  await expect(dialog.getByRole('checkbox', { name: 'INSERT' })).not.toBeChecked();
  await dialog.getByRole('button', { name: 'Review' }).click();
  await expect(dialog.getByTestId('policy-review')).toContainText('for SELECT to public');
  await dialog.getByRole('button', { name: 'Save policy' }).click();
  await expect(page.getByText('Successfully saved policy!', { exact: true })).toBeVisible();
  await expect(gallery.getByRole('listitem', { name: /^Policy Anyone reads JPG images in public \w+_0$/ })).toBeVisible();
  const inbox = page.getByRole('region', { name: 'inbox' });
  await expect(inbox.getByText('No policies created yet')).toBeVisible();

  // The app with the anon key now reads the JPG under public/, and still nothing else.
  const read = await anonRead();
  expect(read.status).toBe(200);
  expect(await read.text()).toBe('not really a jpeg');
  const other = await fetch(`${object}/gallery/private/cat.jpg`, { method: 'POST', headers: { ...asApp(keys.anon), 'content-type': 'image/jpeg' }, body: 'x' });
  expect(other.status).not.toBe(200);

  // A signed-in app user may not upload to inbox until the own-folder template is written for it:
  // then only into the folder named after the user's id (four policies, one per operation).
  const signUp = await fetch(`${projectUrl}/auth/v1/signup`, {
    method: 'POST', headers: { apikey: keys.anon, 'content-type': 'application/json' }, body: JSON.stringify({ email: 'app-user@example.com', password: 'app user password 1' }),
  });
  const appUser = (await signUp.json()) as { access_token: string; user: { id: string } };
  const upload = (path: string) =>
    fetch(`${object}/inbox/${path}`, { method: 'POST', headers: { apikey: keys.anon, authorization: `Bearer ${appUser.access_token}`, 'content-type': 'text/plain' }, body: 'hello' });
  expect((await upload(`${appUser.user.id}/before.txt`)).status).not.toBe(200);
  await inbox.getByRole('button', { name: 'New policy for inbox' }).click();
  await dialog.getByRole('button', { name: /Get started quickly/ }).click();
  await dialog.getByRole('option', { name: /Give users access to a folder named after their user id/ }).click();
  await dialog.getByRole('button', { name: 'Use this template' }).click();
  await dialog.getByRole('button', { name: 'Review' }).click();
  await expect(dialog.getByText('These 4 policies will be created, one per operation, all or none:')).toBeVisible();
  await dialog.getByRole('button', { name: 'Save policy' }).click();
  await expect(inbox.getByRole('listitem', { name: /^Policy Users work in their own folder \w+_\d$/ })).toHaveCount(4);
  expect((await upload(`${appUser.user.id}/after.txt`)).status).toBe(200);
  expect((await upload('someone-else/after.txt')).status).not.toBe(200);

  // Settings page: 1 KB, then a 2 KB upload in the explorer is refused with the spec's message.
  await page.goto(`${baseUrl}/project/${ref}/storage/settings`);
  await expect(page.getByRole('heading', { name: 'Storage Settings', level: 1 })).toBeVisible();
  const limit = page.getByRole('textbox', { name: 'Upload file size limit' });
  await expect(limit).toHaveValue('5');
  await limit.fill('1');
  await page.getByRole('combobox', { name: 'Unit' }).selectOption('KB');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Successfully updated storage settings', { exact: true })).toBeVisible();
  expect((await session.client.storage.getStorageConfig(ref)).fileSizeLimit).toBe(1024);

  await page.goto(`${baseUrl}/project/${ref}/storage/buckets/inbox`);
  await expect(page.getByRole('listbox', { name: 'Contents of inbox' })).toBeVisible();
  const chooser = page.waitForEvent('filechooser');
  await page.getByRole('button', { name: 'Upload files' }).click();
  await (await chooser).setFiles({ name: 'big.txt', mimeType: 'text/plain', buffer: Buffer.alloc(2048, 'a') });
  await expect(page.getByText('Failed to upload big.txt: The object exceeded the maximum allowed size of 1024 bytes', { exact: true })).toBeVisible();
});
