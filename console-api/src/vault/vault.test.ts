import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { projectVaultKey, VAULT_SERVER_SECRET } from '@plinth/platform-core/project-db/vault-key';
import type { VaultSecret } from '@plinth/contracts-settings';
import type { MemberRole } from '@plinth/shared-contracts';
import type { TestUser } from '@plinth/platform-api/testing';
import { startProjectServer, type ProjectTestServer } from '@plinth/platform-api/testing/project-server';

// Project Settings → Vault (issue 24), on both databases: secrets are created, listed without their
// values, revealed, edited and deleted through the console's API; the table holds ciphertext only;
// a function the project made reads vault.decrypted_secrets; the app roles read neither the view
// nor the key; another organization's member gets 404 and a Read-only member 403 on reveal.

let s: ProjectTestServer;
let outsider: TestUser;
/** Every file under a folder (the embedded databases' data, the object store). */
async function filesUnder(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { withFileTypes: true, recursive: true }).catch(() => []);
  return entries.filter((e) => e.isFile()).map((e) => path.join(e.parentPath, e.name));
}
const url = (p = '') => `/api/platform/projects/${s.ref}/vault/secrets${p}`;

async function call<T>(role: MemberRole, method: 'GET' | 'POST' | 'PATCH' | 'DELETE', path: string, body?: unknown): Promise<{ status: number; body: T }> {
  const res = await s.app.inject({ method, url: path, headers: await s.as(role), ...(body !== undefined ? { payload: body as object } : {}) });
  return { status: res.statusCode, body: (res.body ? res.json() : undefined) as T };
}
/** Runs SQL through the SQL editor's API as a Developer: the answer's rows, or its error. */
async function sql(query: string): Promise<{ status: number; rows: Record<string, unknown>[]; message?: string }> {
  const res = await s.app.inject({ method: 'POST', url: `/api/platform/pg-meta/${s.ref}/query`, headers: await s.as('Developer'), payload: { query } });
  const body = res.json() as { rows?: Record<string, unknown>[]; message?: string };
  return { status: res.statusCode, rows: body.rows ?? [], message: body.message };
}

beforeAll(async () => {
  s = await startProjectServer();
  outsider = await s.harness.signUp();
}, 300_000);
afterAll(async () => s?.close());

describe('project vault', () => {
  it('creates, lists without values, reveals, edits and deletes a secret; the table holds ciphertext only', async () => {
    const made = await call<VaultSecret>('Developer', 'POST', url(), { name: 'stripe_key', secret: 'sk_test_4242', description: 'Stripe' });
    expect(made.status).toBe(200);
    expect(made.body).toMatchObject({ name: 'stripe_key', description: 'Stripe' });
    const list = await call<{ secrets: VaultSecret[] }>('Read-only', 'GET', url());
    expect(list.status).toBe(200);
    expect(list.body.secrets.map((x) => x.name)).toContain('stripe_key');
    expect(JSON.stringify(list.body)).not.toContain('sk_test_4242');

    expect((await call('Developer', 'GET', url(`/${made.body.id}/reveal`))).body).toEqual({ id: made.body.id, secret: 'sk_test_4242' });
    const stored = await sql(`select secret from vault.secrets where id = '${made.body.id}'`);
    expect(stored.status).toBe(200);
    expect(String(stored.rows[0]?.secret)).not.toContain('sk_test_4242');
    expect(String(stored.rows[0]?.secret).length).toBeGreaterThan(20);

    const edited = await call<VaultSecret>('Developer', 'PATCH', url(`/${made.body.id}`), { secret: 'sk_live_9999', description: 'Stripe live' });
    expect(edited.body).toMatchObject({ name: 'stripe_key', description: 'Stripe live' });
    expect((await call<{ secret: string }>('Developer', 'GET', url(`/${made.body.id}/reveal`))).body.secret).toBe('sk_live_9999');
    const renamed = await call<VaultSecret>('Developer', 'PATCH', url(`/${made.body.id}`), { name: 'stripe_live' });
    expect(renamed.body.name).toBe('stripe_live');
    expect((await call<{ secret: string }>('Developer', 'GET', url(`/${made.body.id}/reveal`))).body.secret).toBe('sk_live_9999');

    expect((await call('Developer', 'DELETE', url(`/${made.body.id}`))).status).toBe(204);
    expect((await call('Developer', 'GET', url(`/${made.body.id}/reveal`))).status).toBe(404);
    expect((await call('Developer', 'DELETE', url(`/${made.body.id}`))).status).toBe(404);
  });

  it('answers a user mistake with a 4xx naming it', async () => {
    await call('Developer', 'POST', url(), { name: 'twice', secret: 'one' });
    const dup = await call<{ message: string; field?: string }>('Developer', 'POST', url(), { name: 'twice', secret: 'two' });
    expect(dup.status).toBe(409);
    expect(dup.body.message).toMatch(/already exists/);
    const empty = await call<{ field?: string }>('Developer', 'POST', url(), { name: '', secret: 'x' });
    expect(empty.status).toBe(400);
    expect(empty.body.field).toBe('name');
    const big = await call<{ field?: string }>('Developer', 'POST', url(), { name: 'big', secret: 'é'.repeat(4097) });
    expect(big.status).toBe(400);
    expect(big.body.field).toBe('secret');
    expect((await call('Developer', 'POST', url(), { name: 'fits', secret: 'x'.repeat(8192) })).status).toBe(200);
    expect((await call('Developer', 'PATCH', url('/00000000-0000-4000-8000-000000000000'), { secret: 'x' })).status).toBe(404);
    const badId = await call<{ field?: string }>('Developer', 'GET', url('/not-a-uuid/reveal'));
    expect(badId.status).toBe(400);
  });

  it("is read decrypted by the project's own function", async () => {
    const made = await call<VaultSecret>('Developer', 'POST', url(), { name: 'webhook_token', secret: 'tok-for-functions' });
    expect(made.status).toBe(200);
    const fn = await sql(`create or replace function public.read_webhook_token() returns text language sql security definer set search_path = '' as $$
      select decrypted_secret from vault.decrypted_secrets where name = 'webhook_token'
    $$;
    revoke execute on function public.read_webhook_token() from public, anon, authenticated;
    select public.read_webhook_token() as token`);
    expect(fn.status).toBe(200);
    expect(fn.rows).toEqual([{ token: 'tok-for-functions' }]);
    expect((await sql(`select vault.create_secret('from-sql', 'sql_made') as id`)).status).toBe(200);
    expect((await sql(`select decrypted_secret from vault.decrypted_secrets where name = 'sql_made'`)).rows).toEqual([{ decrypted_secret: 'from-sql' }]);
    // As an app's service_role request runs (the app pool on a server).
    const db = await s.harness.internals.databases.get(s.ref);
    const asService = await db.query<{ token: string }>('select public.read_webhook_token() as token', [], { role: 'service_role', claims: { role: 'service_role' } });
    expect(asService.rows).toEqual([{ token: 'tok-for-functions' }]);
  });

  it('keeps the view, the salt and the decryption from the app roles', async () => {
    await call('Developer', 'POST', url(), { name: 'hidden_from_apps', secret: 'not-for-anon' });
    const db = await s.harness.internals.databases.get(s.ref);
    for (const role of ['anon', 'authenticated']) {
      for (const query of [
        'select decrypted_secret from vault.decrypted_secrets',
        'select secret from vault.secrets',
        'select salt from vault._root_salt',
        'select vault._key()',
        "select vault._decrypt('x')",
        "select vault.create_secret('x')",
      ]) {
        await expect(db.query(query, [], { role, claims: { role } }), `${role}: ${query}`).rejects.toMatchObject({ message: expect.stringMatching(/permission denied/) });
        const editor = await sql(`set role ${role}; ${query}`);
        expect(editor.status, `${role} in the SQL editor: ${query}`).toBe(400);
        expect(editor.message).toMatch(/permission denied/);
      }
    }
  });

  it("answers an app's anon calls no secret nor key through the data API's rpc, its service_role calls the value", async () => {
    await call('Developer', 'POST', url(), { name: 'for_service_only', secret: 'service-only-value' });
    // A function an app may call (executable by the API roles in public), run with the caller's rights.
    const made = await sql(`create or replace function public.peek_secret() returns text language sql security invoker as $$
      select decrypted_secret from vault.decrypted_secrets where name = 'for_service_only'
    $$;
    create or replace function public.peek_key() returns text language sql security invoker as $$ select vault._key() $$;
    grant execute on function public.peek_secret(), public.peek_key() to anon, authenticated, service_role`);
    expect(made.status).toBe(200);
    const keys = (await s.deps.control.query<{ anon_key: string; service_role_key: string }>('select anon_key, service_role_key from projects where ref = $1', [s.ref])).rows[0]!;
    const rpc = (fn: string, key: string) =>
      s.harness.services.inject({ method: 'POST', url: `/${s.ref}/rest/v1/rpc/${fn}`, headers: { apikey: key, authorization: `Bearer ${key}` }, payload: {} });
    for (const fn of ['peek_secret', 'peek_key']) {
      const asAnon = await rpc(fn, keys.anon_key);
      expect(asAnon.statusCode, `anon ${fn}`).toBeGreaterThanOrEqual(400);
      expect(asAnon.body).toMatch(/permission denied/);
      expect(asAnon.body).not.toContain('service-only-value');
    }
    const asService = await rpc('peek_secret', keys.service_role_key);
    expect(asService.statusCode).toBe(200);
    expect(asService.json()).toBe('service-only-value');
  });

  it('reads a value sealed under another key as null, and says so on reveal', async () => {
    const made = await call<VaultSecret>('Developer', 'POST', url(), { name: 'copied_in', secret: 'from-elsewhere' });
    const db = await s.harness.internals.databases.get(s.ref);
    const crypto = (await db.query<{ schema: string }>("select n.nspname::text as schema from pg_catalog.pg_extension e join pg_catalog.pg_namespace n on n.oid = e.extnamespace where e.extname = 'pgcrypto'")).rows[0]!.schema;
    await db.query(`update vault.secrets set secret = pg_catalog.encode("${crypto}".pgp_sym_encrypt('from-elsewhere', 'another project key'), 'base64') where id = $1::uuid`, [made.body.id]);
    expect((await sql(`select decrypted_secret from vault.decrypted_secrets where name = 'copied_in'`)).rows).toEqual([{ decrypted_secret: null }]);
    const reveal = await call<{ message: string }>('Developer', 'GET', url(`/${made.body.id}/reveal`));
    expect(reveal.status).toBe(409);
    expect(reveal.body.message).toMatch(/another project's key/);
    expect((await call('Developer', 'PATCH', url(`/${made.body.id}`), { secret: 'set-again' })).status).toBe(200);
    expect((await call<{ secret: string }>('Developer', 'GET', url(`/${made.body.id}/reveal`))).body.secret).toBe('set-again');
  });

  it('derives the key from the platform secret and the ref, gives it to the sessions the platform opens, and stores it nowhere', async () => {
    await call('Developer', 'POST', url(), { name: 'stored_nowhere', secret: 'plain-value-nowhere' });
    const stored = await s.deps.control.query<{ value: string }>('select value from server_secrets where name = $1', [VAULT_SERVER_SECRET]);
    const key = projectVaultKey(Buffer.from(stored.rows[0]!.value, 'base64url'), s.ref);
    expect((await sql(`select current_setting('plinth.vault_key') as k`)).rows).toEqual([{ k: key }]);
    const db = await s.harness.internals.databases.get(s.ref);
    expect((await db.query<{ k: string }>(`select pg_catalog.current_setting('plinth.vault_key') as k`)).rows[0]?.k).toBe(key);
    // Not in a table of the project's database, in any text form.
    const found = await sql(`select count(*)::int as n from pg_catalog.pg_db_role_setting where array_to_string(setconfig, ',') like '%${key}%'`);
    expect(found.rows).toEqual([{ n: 0 }]);
    if (s.harness.mode === 'embedded') {
      // Nor in a file: the embedded project and control databases live under the data directory.
      await sql('checkpoint');
      const files = await filesUnder(s.dataDir);
      expect(files.length).toBeGreaterThan(10);
      for (const file of files) {
        const bytes = await readFile(file);
        expect(bytes.includes(key), file).toBe(false);
        expect(bytes.includes(Buffer.from(key, 'hex')), file).toBe(false);
        expect(bytes.includes('plain-value-nowhere'), file).toBe(false);
      }
    }
  });

  it('answers another organization 404 and a Read-only member 403 on reveal and writes', async () => {
    const made = await call<VaultSecret>('Developer', 'POST', url(), { name: 'guarded', secret: 'guarded-value' });
    expect((await outsider.fetch(url())).status).toBe(404);
    expect((await outsider.fetch(url(`/${made.body.id}/reveal`))).status).toBe(404);
    const denied = await call<{ message: string }>('Read-only', 'GET', url(`/${made.body.id}/reveal`));
    expect(denied.status).toBe(403);
    expect(JSON.stringify(denied.body)).not.toContain('guarded-value');
    expect((await call('Read-only', 'POST', url(), { name: 'nope', secret: 'x' })).status).toBe(403);
    expect((await call('Read-only', 'DELETE', url(`/${made.body.id}`))).status).toBe(403);
  });
});
