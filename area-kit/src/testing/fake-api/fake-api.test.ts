import { describe, expect, it } from 'vitest';
import { ApiError } from '@plinth/shared-contracts';
import { createFakeApi, policy, snippet } from './index';

const REF = 'abcdefghijklmnopqrst';

describe('the fake platform API', () => {
  it('keeps each resource in memory and answers the contracts clients with it', async () => {
    const api = createFakeApi({ policies: [policy('Anyone reads')] });
    const { database, snippets } = api.clients;
    await database.createPolicy(REF, { name: 'Owners write', schema: 'storage', table: 'objects', command: 'INSERT', check: 'true' });
    expect((await database.listPolicies(REF, 'storage')).map((p) => p.name)).toEqual(['Anyone reads', 'Owners write']);
    await database.deletePolicy(REF, api.state.policies[0]!.id);
    expect(api.state.policies.map((p) => p.name)).toEqual(['Owners write']);
    const created = await snippets.createSnippet(REF, { name: 'Daily', sql: 'select 1' });
    await snippets.renameSnippet(REF, created.id, 'Daily orders');
    expect((await snippets.listSnippets(REF)).data.map((s) => s.name)).toEqual(['Daily orders']);
  });

  it('refuses the way the API does: a failure set for a call, a missing resource, a conflict', async () => {
    const api = createFakeApi({ policies: [policy('Anyone reads')] });
    api.failures['database.listPolicies'] = { status: 503, message: 'Project database is not reachable' };
    const refused = await api.clients.database.listPolicies(REF).catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(ApiError);
    expect(refused).toMatchObject({ status: 503, message: 'Project database is not reachable' });
    delete api.failures['database.listPolicies'];
    expect(await api.clients.database.listPolicies(REF)).toHaveLength(1);
    await expect(api.clients.database.deletePolicy(REF, 9)).rejects.toMatchObject({ status: 404 });
    await expect(api.clients.database.createPolicy(REF, { name: 'Anyone reads', schema: 'storage', table: 'objects' })).rejects.toMatchObject({ status: 409 });
  });

  it('checks its answers with the contracts schemas, so a test cannot seed what the API never says', () => {
    expect(() => snippet({ name: 'x', visibility: 'team' as never })).toThrow();
    const api = createFakeApi({ policies: [{ ...policy('Anyone reads'), command: 'READ' as never }] });
    return expect(api.clients.database.listPolicies(REF)).rejects.toThrow();
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
    await expect(createFakeApi().clients.database.runQueryRows(REF, 'select 1' as never)).rejects.toThrow('The fake API has no answer for database.runQueryRows');
  });

  it('records the calls by client and method, and which of them change something', async () => {
    const api = createFakeApi({ policies: [policy('Anyone reads')] });
    const [read] = await api.clients.database.listPolicies(REF);
    await api.clients.database.updatePolicy(REF, read!.id, { name: 'Everyone reads' });
    expect(api.callNames()).toEqual(['database.listPolicies', 'database.updatePolicy']);
    expect(api.writes()).toEqual(['database.updatePolicy']);
    expect(api.argsOf('database.updatePolicy')).toEqual([[REF, read!.id, { name: 'Everyone reads' }]]);
  });
});
