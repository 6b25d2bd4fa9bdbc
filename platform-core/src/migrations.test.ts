import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { openControlDatabase } from './control-db';
import { quoteIdent } from './database-error';
import { CONTROL_MIGRATIONS } from './migrations';

// A control database on the embedded PGlite (temp dir) or, with DATABASE_URL, a fresh database on that server.
let dataDir: string;
let databaseUrl: string | null = null;
let dbName: string | null = null;
const adminUrl = process.env.DATABASE_URL ?? null;

beforeAll(async () => {
  dataDir = await mkdtemp(path.join(os.tmpdir(), 'plinth-migrations-'));
  if (adminUrl) {
    dbName = `plinth_test_${randomBytes(6).toString('hex')}`;
    const admin = new pg.Client({ connectionString: adminUrl });
    await admin.connect();
    await admin.query(`create database ${quoteIdent(dbName)}`);
    await admin.end();
    const u = new URL(adminUrl);
    u.pathname = `/${dbName}`;
    databaseUrl = u.toString();
  }
});
afterAll(async () => {
  if (adminUrl && dbName) {
    const admin = new pg.Client({ connectionString: adminUrl });
    await admin.connect();
    await admin.query(`drop database if exists ${quoteIdent(dbName)} with (force)`);
    await admin.end();
  }
  await rm(dataDir, { recursive: true, force: true });
});

const open = () => openControlDatabase({ dataDir, databaseUrl });
const TABLES = ['sql_snippets', 'project_storage_configs', 'jwt_secret_updates', 'custom_hostnames', 'org_integrations', 'integration_connections', 'project_branches', 'project_rest_settings', 'server_secrets', 'project_auth_settings', 'project_auth_templates', 'project_auth_providers'];

it('creates every control table when the database opens, before any route is called', async () => {
  const db = await open();
  try {
    for (const table of TABLES) expect((await db.query(`select count(*)::int as n from ${table}`)).rows, table).toEqual([{ n: 0 }]);
    const versions = (await db.query<{ version: string }>('select version from schema_migrations order by version')).rows.map((r) => r.version);
    expect(versions).toEqual(expect.arrayContaining(CONTROL_MIGRATIONS.map((m) => m.version)));
    expect(new Set(CONTROL_MIGRATIONS.map((m) => m.version)).size).toBe(CONTROL_MIGRATIONS.length);
  } finally {
    await db.close();
  }
});

it('brings a control database made by the earlier first-use tables up to date and keeps its rows', async () => {
  // What the code before the one migration list left: the tables made on first use, with no versions
  // recorded for them, and sql_snippets from before it had a version column.
  let db = await open();
  await db.query(`delete from schema_migrations where version >= '0140'`);
  await db.query('alter table sql_snippets drop column version');
  await db.query(
    `insert into sql_snippets (id, project_ref, project_id, owner_id, owner_username, name, visibility, sql, schema_version)
     values ('6f1d3c1e-2b8a-4c55-9a77-0a6bde1f2c11', 'abcdefghijklmnopqrst', 1, 'u1', 'ada', 'Kept', 'user', 'select 1', '1')`,
  );
  await db.query(`insert into project_storage_configs (project_ref, file_size_limit) values ('abcdefghijklmnopqrst', 1234)`);
  await db.close();

  db = await open();
  try {
    expect((await db.query('select name, version from sql_snippets')).rows).toEqual([{ name: 'Kept', version: 1 }]);
    expect((await db.query('select file_size_limit::int as n from project_storage_configs')).rows).toEqual([{ n: 1234 }]);
    const versions = (await db.query<{ version: string }>('select version from schema_migrations')).rows.map((r) => r.version);
    expect(versions).toEqual(expect.arrayContaining(['0140_sql_snippets', '0144_project_rest_settings']));
  } finally {
    await db.close();
  }
});

it('opens a control database whose auth email templates and OAuth providers tables came from their earlier versions', async () => {
  // Before they joined the one migration list, the auth module made these tables itself, recorded as 0131 and 0132.
  let db = await open();
  await db.query(`delete from schema_migrations where version in ('0145_project_auth_templates', '0146_project_auth_providers')`);
  await db.query(`insert into schema_migrations (version) values ('0131_project_auth_templates'), ('0132_project_auth_providers')`);
  await db.close();

  db = await open();
  try {
    for (const table of ['project_auth_templates', 'project_auth_providers']) {
      expect((await db.query(`select count(*)::int as n from ${table}`)).rows, table).toEqual([{ n: 0 }]);
    }
    const versions = (await db.query<{ version: string }>('select version from schema_migrations')).rows.map((r) => r.version);
    expect(versions).toEqual(expect.arrayContaining(['0131_project_auth_templates', '0145_project_auth_templates', '0146_project_auth_providers']));
  } finally {
    await db.close();
  }
});
