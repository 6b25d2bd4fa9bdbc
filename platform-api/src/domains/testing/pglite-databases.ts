import { PGlite } from '@electric-sql/pglite';
import { openServerControlDatabase, openServerProjectDatabase } from './server-databases';
import type { ControlDatabase, ProjectDatabase, ProjectQueryOptions, QueryResult } from '../../core/deps';

// Real Postgres (PGlite, in memory) behind the core's database seams, for the domain modules'
// own tests before and beside the core's harness. Not used by the server.

type Runner = Pick<PGlite, 'query' | 'exec'>;

function toResult<Row>(r: { rows: unknown[]; fields: { name: string; dataTypeID: number }[]; affectedRows?: number }): QueryResult<Row> {
  return { rows: r.rows as Row[], fields: r.fields.map((f) => ({ name: f.name, dataTypeID: f.dataTypeID })), affectedRows: r.affectedRows };
}

async function withOptions<T>(db: PGlite, options: ProjectQueryOptions | undefined, fn: (tx: Runner) => Promise<T>): Promise<T> {
  if (!options?.role && !options?.claims && !options?.timeoutMs) return fn(db);
  return db.transaction(async (tx) => {
    if (options.timeoutMs) await tx.query(`select set_config('statement_timeout', $1, true)`, [String(options.timeoutMs)]);
    if (options.claims) await tx.query(`select set_config('request.jwt.claims', $1, true)`, [JSON.stringify(options.claims)]);
    if (options.role) await tx.exec(`set local role "${options.role.replace(/"/g, '""')}"`);
    return fn(tx);
  });
}

/** Roles and auth helpers every project database has (the core's bootstrap makes the same). */
export const TEST_PROJECT_BOOTSTRAP = `
do $$ declare r text; begin
  foreach r in array array['anon', 'authenticated', 'service_role'] loop
    if not exists (select 1 from pg_roles where rolname = r) then
      begin
        execute format('create role %I nologin noinherit', r);
      exception when duplicate_object or unique_violation then null;
      end;
    end if;
  end loop;
end $$;
create schema if not exists auth;
create or replace function auth.jwt() returns jsonb language sql stable as
  $f$ select coalesce(nullif(current_setting('request.jwt.claims', true), ''), '{}')::jsonb $f$;
create or replace function auth.uid() returns uuid language sql stable as
  $f$ select nullif(auth.jwt() ->> 'sub', '')::uuid $f$;
create or replace function auth.role() returns text language sql stable as
  $f$ select coalesce(auth.jwt() ->> 'role', 'anon') $f$;
grant usage on schema auth to anon, authenticated, service_role;
grant usage on schema public to anon, authenticated, service_role;
`;

/** A fresh project database: PGlite in memory, or a new database on DATABASE_URL's server when set. */
export async function openTestProjectDatabase(ref = 'testref'): Promise<ProjectDatabase & { close(): Promise<void> }> {
  if (process.env.DATABASE_URL) return openServerProjectDatabase(process.env.DATABASE_URL, ref, TEST_PROJECT_BOOTSTRAP);
  const db = new PGlite();
  await db.exec(TEST_PROJECT_BOOTSTRAP);
  return {
    ref,
    async query<Row>(sql: string, params?: unknown[], options?: ProjectQueryOptions) {
      return withOptions(db, options, async (r) => toResult<Row>(await r.query(sql, params as unknown[])));
    },
    async exec(sql: string, options?: ProjectQueryOptions) {
      return withOptions(db, options, async (r) => (await r.exec(sql)).map((x) => toResult(x)));
    },
    async transaction<T>(fn: (tx: Pick<ProjectDatabase, 'query' | 'exec'>) => Promise<T>) {
      return db.transaction(async (tx) =>
        fn({
          query: async <Row>(sql: string, params?: unknown[]) => toResult<Row>(await tx.query(sql, params as unknown[])),
          exec: async (sql: string) => (await tx.exec(sql)).map((x) => toResult(x)),
        }),
      );
    },
    async sizeBytes() {
      const r = await db.query<{ n: string }>('select pg_database_size(current_database())::text as n');
      return Number(r.rows[0]?.n ?? 0);
    },
    close: () => db.close(),
  };
}

export async function openTestControlDatabase(): Promise<ControlDatabase & { close(): Promise<void> }> {
  if (process.env.DATABASE_URL) return openServerControlDatabase(process.env.DATABASE_URL);
  const db = new PGlite();
  return {
    async query<Row>(sql: string, params?: unknown[]) {
      return toResult<Row>(await db.query(sql, params as unknown[]));
    },
    async transaction<T>(fn: (tx: Pick<ControlDatabase, 'query'>) => Promise<T>) {
      return db.transaction(async (tx) => fn({ query: async <Row>(sql: string, params?: unknown[]) => toResult<Row>(await tx.query(sql, params as unknown[])) }));
    },
    close: () => db.close(),
  };
}
