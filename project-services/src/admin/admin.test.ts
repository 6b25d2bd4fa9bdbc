import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HttpError } from '@plinth/platform-core/deps';
import { createTestHarness, type TestHarness } from '@plinth/platform-api/testing';
import { createProjectServicesAdmin } from './index';
import type { ProjectServicesAdmin } from './contracts';

// The console's facade over the project services, made from the server's own parts as the server
// makes it: each contract acts on the project it is asked about, holding the databases itself.
// On both databases.

let h: TestHarness;
let ref: string;
let admin: ProjectServicesAdmin;
const origin = { protocol: 'http', host: 'console.test', ip: '192.0.2.7', userAgent: 'admin-test' };

beforeAll(async () => {
  h = await createTestHarness();
  ref = (await h.userWithProject()).project.ref;
  const { control, databases, objects, projectUrls } = h.internals.deps;
  admin = createProjectServicesAdmin({ control, databases, objects, projectUrls }, { PLINTH_SMTP_URL: '' });
}, 120_000);

afterAll(async () => {
  await h?.close();
});

describe('AuthAdmin', () => {
  it("creates, finds, bans and deletes a project's user, and reads the auth service's refusals", async () => {
    const users = await admin.auth.users(ref, origin);
    const weak = await users.create({ email: 'weak@example.com', password: 'x', emailConfirm: true }).catch((err: unknown) => err);
    expect(admin.auth.refusal(weak)).toMatchObject({ status: 422, errorCode: 'weak_password' });
    expect(admin.auth.refusal(new Error('other'))).toBeNull();

    const made = await users.create({ email: 'member@example.com', password: 'a long enough password', emailConfirm: true });
    const user = (await users.get(made.id))!;
    expect(user.email).toBe('member@example.com');
    expect((await users.list(1, 50, 'member')).users.map((u) => u.id)).toEqual([made.id]);
    expect(await users.get('not-a-uuid')).toBeNull();

    await users.setBanned(made.id, true);
    expect(admin.auth.isBanned((await users.get(made.id))!)).toBe(true);
    await users.setBanned(made.id, false);
    expect(admin.auth.isBanned((await users.get(made.id))!)).toBe(false);

    await users.delete(made.id);
    expect(await users.get(made.id)).toBeNull();
  });

  it('sends links into the outbox while no SMTP server is set, and answers 404 for an unknown project', async () => {
    const users = await admin.auth.users(ref, origin);
    const invited = await users.invite('invited@example.com');
    expect(invited.invitedAt).not.toBeNull();
    const [email] = await admin.auth.outbox(ref);
    expect(email).toMatchObject({ to: 'invited@example.com', kind: 'invite' });
    expect(email!.link).toContain(`/auth/v1/verify?`);

    const unknown = await admin.auth.users('zzzzzzzzzzzzzzzzzzzz', origin).catch((err: unknown) => err);
    expect(unknown).toBeInstanceOf(HttpError);
    expect((unknown as HttpError).status).toBe(404);
  });

  it('reads and writes settings, providers and templates', async () => {
    const s = await admin.auth.writeSettings(ref, { minPasswordLength: 12 });
    expect(s.minPasswordLength).toBe(12);
    expect((await admin.auth.settings(ref)).minPasswordLength).toBe(12);
    await admin.auth.writeProviders(ref, { github: { enabled: true, client_id: 'id', secret: 'secret' } });
    expect((await admin.auth.providers(ref)).find((p) => p.id === 'github')).toMatchObject({ enabled: true, client_id: 'id', secret_set: true });
    await admin.auth.writeTemplate(ref, 'invite', 'Join us', 'Follow {{ .ConfirmationURL }}');
    expect(await admin.auth.templates(ref, ['invite'])).toEqual([expect.objectContaining({ kind: 'invite', subject: 'Join us' })]);
  });
});

describe('StorageAdmin', () => {
  it("acts on the project's storage: buckets, an upload, its listing, download, links and the bucket's deletion", async () => {
    const storage = await admin.storage.project(ref);
    await storage.createBucket({ id: 'docs', public: true }, null);
    expect((await storage.buckets()).map((b) => b.id)).toEqual(['docs']);
    const bytes = new TextEncoder().encode('<p>hello</p>');
    await storage.upload({ bucketId: 'docs', path: 'a/page.html', contentType: 'text/html', cacheControl: 'max-age=60', upsert: false, maxBytes: 1024, ownerId: null, body: bytes });
    expect((await storage.list('docs', { path: 'a', limit: 10, offset: 0, search: '', sortBy: { column: 'name', order: 'asc' } })).map((o) => o.name)).toEqual(['page.html']);

    const file = await storage.download('docs', 'a/page.html');
    expect(file.size).toBe(bytes.length);
    const read: Uint8Array[] = [];
    for await (const chunk of file.body) read.push(chunk);
    expect(Buffer.concat(read).toString('utf8')).toBe('<p>hello</p>');
    expect(file.headers).toMatchObject({ 'x-content-type-options': 'nosniff', 'content-security-policy': expect.stringContaining('sandbox') });
    expect(file.headers['content-disposition']).toMatch(/^attachment/);
    expect(file.headers['cache-control']).toBeUndefined();

    expect(storage.publicPath('docs', 'a/page one.html')).toBe('/storage/v1/object/public/docs/a/page%20one.html');
    expect(await storage.signedPath('docs', 'a/page.html', 60)).toMatch(/^\/storage\/v1\/object\/sign\/docs\/a\/page\.html\?token=[\w-]+\.[\w-]+\.[\w-]+$/);

    expect(await storage.deleteBucket('docs')).toMatchObject({ deletedObjects: 1 });
    await expect(storage.bucket('docs')).rejects.toMatchObject({ status: 404 });
  });

  it("reads a resumable upload's metadata as the engine does, refusing a bad object name", () => {
    expect(admin.storage.uploadMetadata({ objectName: 'a/b.txt', contentType: 'Text/Plain; charset=utf-8', cacheControl: '30' })).toEqual({
      objectName: 'a/b.txt',
      contentType: 'text/plain',
      cacheControl: 'max-age=30',
    });
    expect(() => admin.storage.uploadMetadata({ objectName: '' })).toThrow(HttpError);
    expect(admin.storage.mimeAllowed(['image/*'], 'image/png')).toBe(true);
    expect(admin.storage.mimeAllowed(['image/*'], 'text/html')).toBe(false);
  });
});

describe('RestAdmin and ProjectRecords', () => {
  it("answers the data API's settings and whether it serves; an unknown project has none", async () => {
    expect(await admin.rest.settings(ref)).toEqual({ schemas: ['public'], maxRows: 1000, extraSearchPath: ['public'], aggregatesEnabled: false, txEnd: 'commit', planEnabled: false });
    expect(await admin.rest.serving(ref)).toBe(true);
    expect(await admin.rest.settings('zzzzzzzzzzzzzzzzzzzz')).toBeNull();
  });

  it('forgets what the services keep of a project, so a changed row is read at once', async () => {
    await admin.rest.settings(ref);
    await h.internals.control.query('insert into project_rest_settings (project_ref, exposed_schemas, max_rows) values ($1, $2, $3)', [ref, ['public', 'extra'], 10]);
    admin.records.forget(ref);
    expect(await admin.rest.settings(ref)).toEqual({ schemas: ['public', 'extra'], maxRows: 10, extraSearchPath: ['public'], aggregatesEnabled: false, txEnd: 'commit', planEnabled: false });
  });
});
