import { describe, expect, it } from 'vitest';
import { ApiError } from '@plinth/shared-contracts';
import { bucket, createFakeApi, policy, snippet } from './index';

const REF = 'abcdefghijklmnopqrst';

describe('the fake platform API', () => {
  it('keeps each resource in memory and answers the contracts clients with it', async () => {
    const api = createFakeApi({ buckets: [bucket('avatars')], objects: { avatars: 2 } });
    const { storage, snippets } = api.clients;
    await storage.createBucket(REF, { id: 'videos', public: true, file_size_limit: null, allowed_mime_types: null });
    expect((await storage.listBuckets(REF)).map((b) => b.id)).toEqual(['avatars', 'videos']);
    expect(await storage.deleteBucket(REF, 'avatars')).toEqual({ message: 'Deleted bucket avatars', deletedObjects: 2, droppedPolicies: [] });
    expect(api.state.buckets.map((b) => b.id)).toEqual(['videos']);
    const created = await snippets.createSnippet(REF, { name: 'Daily', sql: 'select 1' });
    await snippets.renameSnippet(REF, created.id, 'Daily orders');
    expect((await snippets.listSnippets(REF)).data.map((s) => s.name)).toEqual(['Daily orders']);
  });

  it('refuses the way the API does: a failure set for a call, a missing resource, a conflict', async () => {
    const api = createFakeApi({ buckets: [bucket('avatars')], policies: [policy('Anyone reads')] });
    api.failures['storage.listBuckets'] = { status: 503, message: 'Project database is not reachable' };
    const refused = await api.clients.storage.listBuckets(REF).catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(ApiError);
    expect(refused).toMatchObject({ status: 503, message: 'Project database is not reachable' });
    delete api.failures['storage.listBuckets'];
    expect(await api.clients.storage.listBuckets(REF)).toHaveLength(1);
    await expect(api.clients.storage.getBucket(REF, 'nope')).rejects.toMatchObject({ status: 404 });
    await expect(api.clients.storage.createBucket(REF, { id: 'avatars', public: false })).rejects.toMatchObject({ status: 409, code: 'BUCKET_EXISTS' });
  });

  it('checks its answers with the contracts schemas, so a test cannot seed what the API never says', () => {
    expect(() => snippet({ name: 'x', visibility: 'team' as never })).toThrow();
    const api = createFakeApi({ buckets: [{ ...bucket('avatars'), public: 'yes' as never }] });
    return expect(api.clients.storage.listBuckets(REF)).rejects.toThrow();
  });

  it('lists the database roles and switches row level security of a table, refusing a locked one', async () => {
    const api = createFakeApi({
      tables: [
        { id: 1, name: 'todos', schema: 'public', rls_enabled: false },
        { id: 2, name: 'users', schema: 'auth', rls_enabled: true, locked: true },
      ],
    });
    const { database } = api.clients;
    expect((await database.listRoles(REF)).filter((r) => !r.is_system).map((r) => r.name)).toEqual(['anon', 'authenticated']);
    expect(await database.updateTable(REF, 1, { rls_enabled: true })).toMatchObject({ id: 1, rls_enabled: true });
    expect((await database.listTables(REF, 'public'))[0]!.rls_enabled).toBe(true);
    await expect(database.updateTable(REF, 2, { rls_enabled: false })).rejects.toMatchObject({ status: 403, code: 'TABLE_LOCKED' });
    await expect(database.updateTable(REF, 9, { rls_enabled: false })).rejects.toMatchObject({ status: 404 });
    expect(api.writes()).toEqual(['database.updateTable', 'database.updateTable', 'database.updateTable']);
  });

  it('names a call no handler set answers yet', async () => {
    await expect(createFakeApi().clients.storage.listObjects(REF, 'avatars', { path: '' } as never)).rejects.toThrow('The fake API has no answer for storage.listObjects');
  });

  it('records the calls by client and method, and which of them change something', async () => {
    const api = createFakeApi({ buckets: [bucket('avatars')] });
    await api.clients.storage.listBuckets(REF);
    await api.clients.storage.updateBucket(REF, 'avatars', { public: true });
    expect(api.callNames()).toEqual(['storage.listBuckets', 'storage.updateBucket']);
    expect(api.writes()).toEqual(['storage.updateBucket']);
    expect(api.argsOf('storage.updateBucket')).toEqual([[REF, 'avatars', { public: true }]]);
  });
});
