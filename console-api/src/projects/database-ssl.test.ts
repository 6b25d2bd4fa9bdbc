import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databaseConnectionUri, connectionWithSsl, type DatabaseSettings, type DatabaseSsl } from '@plinth/contracts-settings';
import type { MemberRole } from '@plinth/shared-contracts';
import { throwawayWireTls } from '@plinth/platform-core/project-db/wire-tls-testing';
import { startProjectServer, type ProjectTestServer } from '@plinth/platform-api/testing/project-server';

// Project Settings → Database → SSL, on both databases. Embedded: the platform's wire listener
// declines SSL without a certificate (and the switch is refused, saying why); with a throwaway
// certificate it runs the connection inside TLS (pg with and without verifying against the
// certificate), and a project enforcing SSL refuses a plain connection with SQLSTATE 28000.
// Server: the server's own `show ssl` is shown and there is no switch.

let s: ProjectTestServer;
const url = `/api/platform/projects/{ref}/settings/database/ssl`;
async function call<T>(role: MemberRole, method: 'GET' | 'PATCH', body?: unknown): Promise<{ status: number; body: T }> {
  const res = await s.app.inject({ method, url: url.replace('{ref}', s.ref), headers: await s.as(role), ...(body !== undefined ? { payload: body as object } : {}) });
  return { status: res.statusCode, body: res.json() as T };
}
async function connection(): Promise<{ uri: string; details: DatabaseSettings['connection'] }> {
  const headers = await s.as('Owner');
  const d = (await s.app.inject({ method: 'GET', url: `/api/platform/projects/${s.ref}/settings/database`, headers })).json() as DatabaseSettings;
  const password = ((await s.app.inject({ method: 'POST', url: `/api/platform/projects/${s.ref}/settings/database/password/reveal`, headers })).json() as { password: string }).password;
  return { uri: databaseConnectionUri(d.connection, password), details: d.connection };
}
/** Connects, runs a query and answers its row (rejects as the server refuses). */
async function query(uri: string, ssl: pg.ClientConfig['ssl']): Promise<{ ok: number; ssl: boolean }> {
  const c = new pg.Client({ connectionString: uri, ssl });
  c.on('error', () => undefined);
  try {
    await c.connect();
    const r = await c.query<{ ok: number }>('select 1 as ok');
    return { ok: r.rows[0]!.ok, ssl: !!(c as unknown as { connection: { stream: { encrypted?: boolean } } }).connection.stream.encrypted };
  } finally {
    await c.end().catch(() => undefined);
  }
}

beforeAll(async () => {
  s = await startProjectServer({ plan: 'pro' });
  await s.harness.internals.databases.wireServer()?.listen(0, '127.0.0.1');
}, 300_000);
afterAll(async () => s?.close());

const embedded = () => s.harness.mode === 'embedded';

describe('database SSL', () => {
  it('without a certificate (embedded) SSL is declined and cannot be enforced, saying why; on a server the server decides', async () => {
    if (!embedded()) {
      const got = await call<DatabaseSsl>('Owner', 'GET');
      expect(got.status).toBe(200);
      const server = (await (await s.harness.internals.databases.get(s.ref)).query<{ ssl: string }>('show ssl')).rows[0]!.ssl;
      expect(got.body).toMatchObject({ embedded: false, enforced: false, offered: server === 'on' });
      expect(got.body.unavailable_reason).toMatch(/server's own SSL configuration/);
      const refused = await call<{ message: string; field?: string }>('Owner', 'PATCH', { enforced: true });
      expect(refused.status).toBe(400);
      expect(refused.body).toMatchObject({ field: 'enforced' });
      return;
    }
    const wire = s.harness.internals.databases.wireServer()!;
    wire.tls = null;
    const got = await call<DatabaseSsl>('Owner', 'GET');
    expect(got.body).toEqual({ embedded: true, offered: false, enforced: false, unavailable_reason: expect.stringMatching(/no certificate/) });
    const refused = await call<{ message: string; field?: string }>('Owner', 'PATCH', { enforced: true });
    expect(refused.status).toBe(400);
    expect(refused.body).toMatchObject({ field: 'enforced' });
    expect(refused.body.message).toMatch(/no certificate/);
    const { uri } = await connection();
    await expect(query(uri, { rejectUnauthorized: false })).rejects.toThrow(/does not support SSL/);
    expect(await query(uri, false)).toEqual({ ok: 1, ssl: false });
  });

  it('refuses a body without a boolean, naming the field, and a member without the write right', async () => {
    const bad = await call<{ message: string; field?: string }>('Owner', 'PATCH', { enforced: 'yes' });
    expect(bad.status).toBe(400);
    expect(bad.body.message).toMatch(/enforced/);
    expect((await call('Developer', 'PATCH', { enforced: false })).status).toBe(403);
    expect((await call('Read-only', 'GET')).status).toBe(200);
  });

  it('with a certificate (embedded) runs queries inside TLS, verified against the certificate; Enforce SSL refuses plain connections with 28000', async () => {
    if (!embedded()) return;
    const wire = s.harness.internals.databases.wireServer()!;
    const tls = await throwawayWireTls();
    wire.tls = tls;
    try {
      expect((await call<DatabaseSsl>('Owner', 'GET')).body).toEqual({ embedded: true, offered: true, enforced: false, unavailable_reason: null });
      const { uri, details } = await connection();
      expect(await query(uri, { rejectUnauthorized: false })).toEqual({ ok: 1, ssl: true });
      expect(await query(uri, { ca: tls.cert, servername: 'localhost' })).toEqual({ ok: 1, ssl: true });
      // Verification is real: another certificate as the authority is refused.
      const stranger = await throwawayWireTls();
      await expect(query(uri, { ca: stranger.cert, servername: 'localhost' })).rejects.toThrow(/self-signed|signature|verify/i);
      expect(await query(uri, false)).toEqual({ ok: 1, ssl: false });

      const on = await call<DatabaseSsl>('Owner', 'PATCH', { enforced: true });
      expect(on.status).toBe(200);
      expect(on.body).toMatchObject({ enforced: true, offered: true });
      expect((await call<DatabaseSsl>('Read-only', 'GET')).body.enforced).toBe(true);
      const plain = await query(uri, false).then(
        () => null,
        (err: { code?: string; message: string }) => err,
      );
      expect(plain).toMatchObject({ code: '28000' });
      expect(plain!.message).toMatch(/SSL connection is required/);
      expect(await query(uri, { rejectUnauthorized: false })).toEqual({ ok: 1, ssl: true });
      // The connection string the page shows asks for SSL once it is enforced.
      expect(databaseConnectionUri(connectionWithSsl(details, on.body))).toContain('sslmode=require');

      const off = await call<DatabaseSsl>('Owner', 'PATCH', { enforced: false });
      expect(off.body.enforced).toBe(false);
      expect(await query(uri, false)).toEqual({ ok: 1, ssl: false });
    } finally {
      await call('Owner', 'PATCH', { enforced: false });
      wire.tls = null;
    }
  });
});
