import { expect, test } from '@playwright/test';
import { signUpThroughApi, waitForProjectStatus } from '../support/api-session';
import { serverUrl } from '../support/servers';

// A large file uploads resumably (TUS, 6 MB parts): the connection cut once in the middle, the
// upload asks the server what it holds and continues from there, not from zero; the panel counts bytes.

const SIZE = 14 * 1024 * 1024;
const PART = 6 * 1024 * 1024;

test('a large upload cut off in the middle continues from the bytes the server holds', async ({ page, context }) => {
  test.setTimeout(360_000);
  const baseUrl = serverUrl('production');
  const { session } = await signUpThroughApi(baseUrl, 'storage-uploads');
  // A project comes up in seconds on a quiet machine; allow for a busy one.
  const org = await session.client.organizations.create({ name: 'Uploads team' });
  const { ref } = await session.client.projects.create({ name: 'Uploads', organization_slug: org.slug });
  await waitForProjectStatus(session, ref, 'ACTIVE_HEALTHY', 180_000);
  await session.client.storage.createBucket(ref, { id: 'media' });
  await session.shareWith(context);

  // Every PATCH's offset; the second one is cut before it reaches the server.
  const offsets: string[] = [];
  let heads = 0;
  await page.route('**/objects/resumable/*', async (route) => {
    const req = route.request();
    if (req.method() === 'HEAD') heads += 1;
    if (req.method() !== 'PATCH') return route.continue();
    offsets.push((await req.headerValue('upload-offset')) ?? '?');
    if (offsets.length === 2) return route.abort('connectionreset');
    return route.continue();
  });

  await page.goto(`${baseUrl}/project/${ref}/storage/buckets/media`);
  await expect(page.getByText('No results found in this folder')).toBeVisible();
  const bytes = Buffer.alloc(SIZE, 7);
  await page.getByTestId('storage-upload-input').setInputFiles({ name: 'film.bin', mimeType: 'application/octet-stream', buffer: bytes }, { timeout: 90_000 });

  await expect(page.getByText('Successfully uploaded 1 file!', { exact: true })).toBeVisible({ timeout: 120_000 });
  expect(offsets).toEqual(['0', String(PART), String(PART), String(2 * PART)]);
  expect(heads).toBeGreaterThanOrEqual(1);
  await expect(page.getByTestId('storage-upload-bytes')).toHaveText('14 MB of 14 MB');

  const listed = await session.client.storage.listObjects(ref, 'media', { path: '' });
  expect(listed.find((o) => o.name === 'film.bin')?.metadata).toMatchObject({ size: SIZE });
});
