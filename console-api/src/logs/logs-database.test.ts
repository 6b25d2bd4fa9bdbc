import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestHarness, type TestHarness, type TestUser } from '@plinth/platform-api/testing';
import { appClient, listen, projectKeys, type ProjectKeys } from '@plinth/project-services/testing';

// Where the request log lives. On a Postgres server with LOGS_DATABASE_URL set, its tables and
// rows are in that database alone (none in the control database) and the logs route reads them
// there. Embedded (no server to name), it lives beside the control tables.

const server = process.env.DATABASE_URL ?? null;
let logsUrl: string | null = null;
let logsDbName: string | null = null;
let h: TestHarness;
let owner: TestUser;
let keys: ProjectKeys;
let base: string;

async function admin<T>(fn: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: server! });
  await client.connect();
  try {
    return await fn(client);
  } finally {
    await client.end();
  }
}

beforeAll(async () => {
  if (server) {
    logsDbName = `plinth_logs_${randomBytes(5).toString('hex')}`;
    await admin((c) => c.query(`create database ${logsDbName}`));
    const u = new URL(server);
    u.pathname = `/${logsDbName}`;
    logsUrl = u.toString();
    // The variable itself, as a deployment sets it.
    process.env.LOGS_DATABASE_URL = logsUrl;
  }
  try {
    h = await createTestHarness();
  } finally {
    delete process.env.LOGS_DATABASE_URL;
  }
  const { user, project } = await h.userWithProject();
  owner = user;
  keys = await projectKeys(h, project.ref);
  base = await listen(h);
}, 120_000);
afterAll(async () => {
  await h?.close();
  if (logsDbName) await admin((c) => c.query(`drop database if exists ${logsDbName} with (force)`)).catch(() => undefined);
});

async function queryIn<T extends pg.QueryResultRow>(url: string, sql: string, params: unknown[] = []): Promise<T[]> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return (await client.query<T>(sql, params)).rows;
  } finally {
    await client.end();
  }
}

const controlHasLogTable = async () =>
  (await h.internals.control.query<{ n: number }>("select count(*)::int as n from information_schema.tables where table_name = 'project_api_logs'")).rows[0]!.n > 0;

describe('the request log database', () => {
  it(server ? 'with LOGS_DATABASE_URL, rows go to that database and none to the control database; the logs route reads them there' : 'embedded, rows sit beside the control tables and the logs route reads them', async () => {
    const app = appClient(base, keys.ref, keys.anonKey);
    await app.from('where_do_logs_live').select();
    await h.app.logStore.flush();

    const page = await owner.api.logs.listProjectLogs(keys.ref);
    expect(page.entries.map((e) => e.path)).toContain('/where_do_logs_live');
    const report = await owner.api.logs.getApiReport(keys.ref);
    expect(report.top_errors.map((e) => e.path)).toContain('/where_do_logs_live');

    if (logsUrl) {
      const rows = await queryIn<{ path: string }>(logsUrl, 'select path from project_api_logs where project_ref = $1', [keys.ref]);
      expect(rows.map((r) => r.path)).toContain('/where_do_logs_live');
      // The control database holds no log table at all, so no row can have gone there.
      expect(await controlHasLogTable()).toBe(false);
      const migrated = (await queryIn<{ version: string }>(logsUrl, 'select version from log_store_migrations order by version')).map((r) => r.version);
      expect(migrated[0]).toBe('0001_project_api_logs');
    } else {
      expect(await controlHasLogTable()).toBe(true);
      const r = await h.internals.control.query<{ path: string }>('select path from project_api_logs where project_ref = $1', [keys.ref]);
      expect(r.rows.map((row) => row.path)).toContain('/where_do_logs_live');
    }
  });
});
