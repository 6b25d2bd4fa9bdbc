import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestHarness, type TestHarness, type TestUser } from '@plinth/platform-api/testing';

// Storage policies written by a member in the console decide an app's uploads through /storage/v1
// on both databases (an INSERT policy alone lets an upload in). Another project's member reaches
// none of it.

let h: TestHarness;
let owner: TestUser;
let ref: string;
let stranger: TestUser;
let strangerRef: string;
let anonKey: string;

/** A statement through the SQL editor's route, as `user` on project `projectRef`. */
async function runSql(user: TestUser, projectRef: string, query: string) {
  const res = await user.fetch(`/api/platform/pg-meta/${projectRef}/query`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-csrf-token': user.jar.get('plinth_csrf') ?? '' },
    body: JSON.stringify({ query }),
  });
  return { status: res.status, body: (await res.json()) as { rows?: unknown[]; message?: string } };
}

/** An app's upload with the project's anon key. */
async function appUpload(name: string) {
  const res = await h.services.inject({
    method: 'POST',
    url: `/${ref}/storage/v1/object/inbox/${name}`,
    headers: { apikey: anonKey, authorization: `Bearer ${anonKey}`, 'content-type': 'text/plain' },
    payload: 'hello',
  });
  return res.statusCode;
}

beforeAll(async () => {
  h = await createTestHarness();
  const first = await h.userWithProject();
  owner = first.user;
  ref = first.project.ref;
  const second = await h.userWithProject();
  stranger = second.user;
  strangerRef = second.project.ref;
  const keys = await h.internals.control.query<{ anon_key: string }>('select anon_key from projects where ref = $1', [ref]);
  anonKey = keys.rows[0]!.anon_key;
  await owner.api.storage.createBucket(ref, { id: 'inbox', public: false });
}, 120_000);
afterAll(async () => {
  await h?.close();
});

describe('storage policies written in the console', () => {
  it('a member creates, edits and deletes a policy on storage.objects and an app upload follows it', async () => {
    expect(await appUpload('public/before.txt')).toBe(403);

    const policy = await owner.api.database.createPolicy(ref, {
      name: 'inbox uploads', schema: 'storage', table: 'objects', command: 'INSERT', roles: ['anon'],
      check: `bucket_id = 'inbox' and (storage.foldername(name))[1] = 'public'`,
    });
    expect(await appUpload('public/a.txt')).toBe(200);
    expect(await appUpload('private/a.txt')).toBe(403);

    await owner.api.database.updatePolicy(ref, policy.id, { check: `bucket_id = 'inbox' and (storage.foldername(name))[1] = 'private'` });
    expect(await appUpload('private/b.txt')).toBe(200);
    expect(await appUpload('public/b.txt')).toBe(403);

    await owner.api.database.deletePolicy(ref, policy.id);
    expect(await appUpload('private/c.txt')).toBe(403);
  });

  it('row level security stays on for the app roles', async () => {
    const rls = await runSql(owner, ref, `select relname, relrowsecurity from pg_class where oid in ('storage.objects'::regclass, 'storage.buckets'::regclass) order by relname`);
    expect(rls.body.rows).toEqual([
      { relname: 'buckets', relrowsecurity: true },
      { relname: 'objects', relrowsecurity: true },
    ]);
  });

  it("another project's member cannot reach this project's storage", async () => {
    // Their own policy allowing everything changes nothing here.
    await stranger.api.database.createPolicy(strangerRef, { name: 'anything', schema: 'storage', table: 'objects', command: 'ALL', roles: ['anon'], definition: 'true', check: 'true' });
    expect(await appUpload('public/theirs.txt')).toBe(403);
    // Nor can they take this project's role, or run SQL on this project.
    const roleName = `plinth_${ref}_owner`;
    expect((await runSql(stranger, strangerRef, `set role "${roleName}"`)).status).not.toBe(200);
    expect((await runSql(stranger, strangerRef, `grant "${roleName}" to current_user`)).status).not.toBe(200);
    expect((await runSql(stranger, ref, `drop policy if exists "anything" on storage.objects`)).status).toBeGreaterThanOrEqual(400);
    expect((await runSql(stranger, ref, `create policy "sneaky" on storage.objects for insert to anon with check (true)`)).status).toBeGreaterThanOrEqual(400);
    expect(await appUpload('public/sneaky.txt')).toBe(403);
  });
});
