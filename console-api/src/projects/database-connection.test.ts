import { execFile } from 'node:child_process';
import { rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databaseConnectionKeyValue, databaseConnectionUri, type DatabaseSettings } from '@plinth/contracts-settings';
import type { MemberRole } from '@plinth/shared-contracts';
import { startProjectServer, type ProjectTestServer } from '@plinth/platform-api/testing/project-server';

// Project Settings → Database, on both databases: the connection details a person is shown reach
// the project's own database with pg and psql (embedded: through the platform's wire protocol
// listener), another project's password is refused, a reset password refuses the old one, the
// limits saved apply to new connections, and a restart brings the project back on its data.

const run = promisify(execFile);
let s: ProjectTestServer;
let other: { ref: string; password: string };

const url = (p = '') => `/api/platform/projects/${s.ref}/settings/database${p}`;
async function call<T>(role: MemberRole, method: 'GET' | 'POST' | 'PATCH', path: string, body?: unknown, ref = s.ref): Promise<{ status: number; body: T }> {
  const res = await s.app.inject({ method, url: path.replace(s.ref, ref), headers: await s.as(role), ...(body !== undefined ? { payload: body as object } : {}) });
  return { status: res.statusCode, body: res.json() as T };
}
const settings = async (ref = s.ref) => (await call<DatabaseSettings>('Owner', 'GET', url(), undefined, ref)).body;
const reveal = async (ref = s.ref) => (await call<{ password: string }>('Owner', 'POST', url('/password/reveal'), undefined, ref)).body.password;

/** A pg client connected with the shown details (rejects as the server refuses). */
async function connect(connectionString: string): Promise<pg.Client> {
  const c = new pg.Client({ connectionString });
  c.on('error', () => undefined);
  await c.connect();
  return c;
}
async function refusal(connectionString: string): Promise<{ code?: string; message: string }> {
  const c = new pg.Client({ connectionString });
  c.on('error', () => undefined);
  try {
    await c.connect();
    await c.query('select 1');
  } catch (err) {
    return err as { code?: string; message: string };
  } finally {
    await c.end().catch(() => undefined);
  }
  throw new Error('the connection was accepted');
}

beforeAll(async () => {
  s = await startProjectServer({ plan: 'pro' });
  await s.harness.internals.databases.wireServer()?.listen(0, '127.0.0.1');
  const second = await s.app.inject({ method: 'POST', url: '/api/platform/projects', headers: await s.as('Owner'), payload: { name: 'Other', organization_slug: s.orgSlug } });
  const ref = (second.json() as { ref: string }).ref;
  for (let i = 0; i < 1200 && (await s.app.inject({ method: 'GET', url: `/api/platform/projects/${ref}/status`, headers: await s.as('Owner') })).json().status !== 'ACTIVE_HEALTHY'; i++) {
    await new Promise((r) => setTimeout(r, 50));
  }
  other = { ref, password: await reveal(ref) };
}, 300_000);
afterAll(async () => s?.close());

describe('database connection details', () => {
  it('names host, port, database and user; the password only for a member who may run SQL', async () => {
    const d = await settings();
    const c = d.connection;
    expect(c.host).toBeTruthy();
    expect(c.port).toBeGreaterThan(0);
    if (s.harness.mode === 'embedded') expect(c).toMatchObject({ embedded: true, host: 'localhost', database: 'postgres', user: `postgres.${s.ref}` });
    else expect(c).toMatchObject({ embedded: false, database: `plinth_project_${s.ref}`, user: `plinth_${s.ref}_owner` });
    expect(JSON.stringify(d)).not.toContain(await reveal());
    expect((await call('Read-only', 'POST', url('/password/reveal'))).status).toBe(403);
    expect((await call('Developer', 'POST', url('/password/reveal'))).body).toEqual({ password: await reveal() });
    expect((await call('Developer', 'POST', url('/password/reset'))).status).toBe(403);
    expect((await call('Developer', 'PATCH', url(), { connection_limit: 5, statement_timeout_ms: null })).status).toBe(403);
  });

  it('pg connects with the shown URI and works on the project database as the project; another project\'s password is refused', async () => {
    const d = await settings();
    const password = await reveal();
    const c = await connect(databaseConnectionUri(d.connection, password));
    try {
      await c.query('create table wire_notes (body text)');
      await c.query('insert into wire_notes values ($1)', ['over the wire']);
      // What the wire wrote, the console reads: the same database.
      const seen = await s.app.inject({ method: 'POST', url: `/api/platform/pg-meta/${s.ref}/query`, headers: await s.as('Owner'), payload: { query: 'select body from wire_notes' } });
      expect(seen.json().rows).toEqual([{ body: 'over the wire' }]);
      // A transaction and a session setting are the connection's own.
      await c.query('begin');
      await c.query(`insert into wire_notes values ('rolled back')`);
      await c.query('rollback');
      await c.query(`set application_name = 'mine'`);
      expect((await c.query('select count(*)::int as n from wire_notes')).rows).toEqual([{ n: 1 }]);
      expect((await c.query(`select current_setting('application_name') as a`)).rows).toEqual([{ a: 'mine' }]);
    } finally {
      await c.end();
    }
    const wrong = await refusal(databaseConnectionUri(d.connection, other.password));
    expect(wrong.code).toBe('28P01');
    // The key-value form names the same connection.
    expect(databaseConnectionKeyValue(d.connection, password)).toContain(`user=${d.connection.user}`);

    // Embedded, the platform's listener logs each connection in the project's Postgres logs, as a server's log_connections does
    // (on a server, people connect to Postgres itself, and its own log has them).
    if (s.harness.mode === 'embedded') {
      await s.app.logStore.flush();
      const logged = await s.app.inject({
        method: 'POST',
        url: `/api/platform/projects/${s.ref}/analytics/endpoints/logs.all`,
        headers: await s.as('Owner'),
        payload: { sql: `select error_severity, sql_state_code, event_message, origin from postgres_logs where origin = 'wire_protocol' order by timestamp` },
      });
      expect(logged.statusCode, logged.body).toBe(200);
      const rows = (logged.json() as { result: { error_severity: string; sql_state_code: string | null; event_message: string; origin: string }[] }).result;
      expect(rows.map((r) => r.event_message)).toEqual(
        expect.arrayContaining([`connection authorized: user=${d.connection.user} database=${d.connection.database}`, expect.stringMatching(/^disconnection: session time: \d+\.\d{3} s$/)]),
      );
      expect(rows).toContainEqual(expect.objectContaining({ error_severity: 'FATAL', sql_state_code: '28P01', event_message: `password authentication failed for user "${d.connection.user}"` }));
    }
  });

  it('psql connects with the shown URI', async () => {
    const d = await settings();
    const uri = databaseConnectionUri(d.connection, await reveal());
    const psql = await run('psql', [uri, '-X', '-tA', '-c', 'select 1 + 1'], { env: { ...process.env, PGCONNECT_TIMEOUT: '10' } }).catch((err: NodeJS.ErrnoException & { stderr?: string }) => {
      if (err.code === 'ENOENT') throw new Error('psql is not installed on this machine: install the PostgreSQL client (apt-get install postgresql-client) to run this test');
      throw new Error(`psql failed: ${err.stderr ?? err.message}`);
    });
    expect(psql.stdout.trim()).toBe('2');
  });

  it("psql's \\copy: out to the client on both databases; in from the client on a server, refused by name on the embedded database, whose session goes on", async () => {
    const d = await settings();
    const uri = databaseConnectionUri(d.connection, await reveal());
    const file = path.join(os.tmpdir(), `plinth-copy-${process.pid}.csv`);
    await writeFile(file, '1\n2\n');
    try {
      const out = await run('psql', [uri, '-X', '-tA', '-c', 'create table copied (id int)', '-c', `\\copy copied from '${file}' csv`, '-c', 'insert into copied values (7)', '-c', '\\copy copied to stdout csv'], {
        env: { ...process.env, PGCONNECT_TIMEOUT: '10' },
      }).catch((err: { stdout: string; stderr: string }) => err);
      if (s.harness.mode === 'embedded') {
        expect(out.stderr).toContain('COPY … FROM STDIN (and psql\'s \\copy … from) is not available on the embedded database');
        expect(out.stdout.trim().split('\n').at(-1)).toBe('7');
      } else expect(out.stdout.trim().split('\n').slice(-3)).toEqual(['1', '2', '7']);
    } finally {
      await rm(file, { force: true });
    }
  });

  it('a reset password refuses the old one and accepts the new one', async () => {
    const d = await settings();
    const old = await reveal();
    const reset = await call<{ password: string }>('Owner', 'POST', url('/password/reset'));
    expect(reset.status).toBe(200);
    expect(reset.body.password).not.toBe(old);
    expect(await reveal()).toBe(reset.body.password);
    expect((await refusal(databaseConnectionUri(d.connection, old))).code).toBe('28P01');
    const c = await connect(databaseConnectionUri(d.connection, reset.body.password));
    expect((await c.query('select count(*)::int as n from wire_notes')).rows).toEqual([{ n: 1 }]);
    await c.end();
    // The console's own calls go on as before.
    const after = await s.app.inject({ method: 'POST', url: `/api/platform/pg-meta/${s.ref}/query`, headers: await s.as('Owner'), payload: { query: 'select 1 as one' } });
    expect(after.json().rows).toEqual([{ one: 1 }]);
  });

  it('refuses limits out of bounds, naming the field', async () => {
    const bad = await call<{ message: string }>('Owner', 'PATCH', url(), { connection_limit: 0, statement_timeout_ms: null });
    expect(bad.status).toBe(400);
    expect(JSON.stringify(bad.body)).toContain('connection_limit');
    const slow = await call<{ message: string }>('Owner', 'PATCH', url(), { connection_limit: null, statement_timeout_ms: 10 });
    expect(slow.status).toBe(400);
    expect(JSON.stringify(slow.body)).toContain('statement_timeout_ms');
  });

  it('applies the statement time-out and the connection limit saved', async () => {
    const saved = await call<DatabaseSettings>('Owner', 'PATCH', url(), { connection_limit: 1, statement_timeout_ms: 1000 });
    expect(saved.body).toMatchObject({ connection_limit: 1, statement_timeout_ms: 1000, custom_connection_limit: 1, custom_statement_timeout_ms: 1000 });
    const uri = databaseConnectionUri(saved.body.connection, await reveal());
    const c = await connect(uri);
    const timedOut = await c.query('select pg_sleep(3)').then(() => null, (err: { code?: string }) => err);
    expect(timedOut?.code).toBe('57014');
    await c.end().catch(() => undefined);
    if (s.harness.mode === 'embedded') {
      const first = await connect(uri);
      expect((await refusal(uri)).code).toBe('53300');
      await first.end();
    } else {
      const r = await s.deps.control.query<{ n: number }>('select rolconnlimit as n from pg_roles where rolname = $1', [`plinth_${s.ref}_owner`]);
      expect(r.rows[0]!.n).toBe(12 + 1);
    }
    await call('Owner', 'PATCH', url(), { connection_limit: null, statement_timeout_ms: null });
    const again = await connect(uri);
    expect((await again.query('select 1 as one')).rows).toEqual([{ one: 1 }]);
    await again.end();
  });
});

describe('restart', () => {
  it('goes down and comes back on the same data; members who may not change the project are refused', async () => {
    expect((await call('Developer', 'POST', `/api/platform/projects/${s.ref}/restart`, {})).status).toBe(403);
    const d = await settings();
    const c = await connect(databaseConnectionUri(d.connection, await reveal()));
    const ended = new Promise<void>((resolve) => c.on('end', () => resolve()));
    const started = await call<{ status: string }>('Owner', 'POST', `/api/platform/projects/${s.ref}/restart`, {});
    expect(started).toEqual({ status: 200, body: { status: 'GOING_DOWN' } });
    await s.harness.internals.projects.settled(s.ref);
    const project = (await call<{ status: string; status_history: { status: string }[] }>('Owner', 'GET', `/api/platform/projects/${s.ref}`)).body;
    expect(project.status).toBe('ACTIVE_HEALTHY');
    expect(project.status_history.slice(-3).map((e) => e.status)).toEqual(['GOING_DOWN', 'COMING_UP', 'ACTIVE_HEALTHY']);
    // Open connections ended with the database; a new one finds the data.
    await ended;
    const again = await connect(databaseConnectionUri(d.connection, await reveal()));
    expect((await again.query('select body from wire_notes')).rows).toEqual([{ body: 'over the wire' }]);
    await again.end();
    // Only an active project restarts.
    await call('Owner', 'POST', `/api/platform/projects/${s.ref}/pause`, {});
    await s.harness.internals.projects.settled(s.ref);
    const refused = await call<{ message: string }>('Owner', 'POST', `/api/platform/projects/${s.ref}/restart`, {});
    expect(refused.status).toBe(409);
    expect(refused.body.message).toContain('Only an active project can be restarted');
  });
});
