import { execFile } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { promisify } from 'node:util';
import type { BranchMigration, MigrationRun } from '@plinth/contracts-settings';
import { HttpError, type ControlDatabase, type ProjectDatabase } from '@plinth/platform-core/deps';
import { isoTime } from '@plinth/platform-core/common/control-schema';

// A branch's schema migrations: the connected repository's supabase/migrations/<version>_<name>.sql
// files of the branch's git branch, run in order on the branch (what a push runs), each recorded in
// the database's supabase_migrations.schema_migrations as the Supabase CLI records them; merging a
// branch applies the migrations it has and its parent lacks to the parent, in one transaction.

const run = promisify(execFile);
/** A migration file's path in a repository: its version and name. */
export const MIGRATION_FILE = /^supabase\/migrations\/(\d+)_([A-Za-z0-9._-]+)\.sql$/;
export interface MigrationFile {
  version: string;
  name: string;
  sql: string;
}

const TABLE_SQL = `create schema if not exists supabase_migrations;
create table if not exists supabase_migrations.schema_migrations (version text not null primary key, statements text[], name text);`;

const literal = (s: string) => `'${s.replace(/'/g, "''")}'`;

/** The migration files of a local repository at a git branch (or a full commit id), in version order. */
export async function repositoryMigrations(gitDir: string, gitBranch: string): Promise<MigrationFile[]> {
  const ref = /^[0-9a-f]{40}$/.test(gitBranch) ? gitBranch : `refs/heads/${gitBranch}`;
  let listed: string;
  try {
    ({ stdout: listed } = await run('git', ['--git-dir', gitDir, 'ls-tree', '-r', '--name-only', ref, '--', 'supabase/migrations'], { timeout: 10_000 }));
  } catch {
    throw new HttpError(409, `The git branch ${gitBranch} cannot be read`, 'REPOSITORY_UNREADABLE');
  }
  const files = listed
    .split('\n')
    .map((f) => MIGRATION_FILE.exec(f))
    .filter((m): m is RegExpExecArray => m !== null)
    .sort((a, b) => (BigInt(a[1]!) < BigInt(b[1]!) ? -1 : 1));
  const out: MigrationFile[] = [];
  for (const m of files) {
    const { stdout } = await run('git', ['--git-dir', gitDir, 'show', `${ref}:${m[0]}`], { timeout: 10_000, maxBuffer: 16 * 1024 * 1024 });
    out.push({ version: m[1]!, name: m[2]!, sql: stdout });
  }
  return out;
}

/** The migrations a database has recorded (none when it has no supabase_migrations table). */
export async function recordedMigrations(db: ProjectDatabase): Promise<BranchMigration[]> {
  const exists = await db.query<{ t: string | null }>(`select pg_catalog.to_regclass('supabase_migrations.schema_migrations')::text as t`);
  if (!exists.rows[0]?.t) return [];
  const r = await db.query<{ version: string; name: string | null; statements: string[] | null }>(
    'select version::text as version, name, statements from supabase_migrations.schema_migrations order by version',
  );
  return r.rows.map((m) => ({ version: m.version, name: m.name ?? '', statements: m.statements ?? [] }));
}

/** The statements that apply one migration and record it, as one string (its statements then the record). */
const applySql = (m: { version: string; name: string; statements: string[] }) =>
  `${m.statements.join('\n;\n')}\n;\n${TABLE_SQL}\ninsert into supabase_migrations.schema_migrations (version, name, statements) values (${literal(m.version)}, ${literal(m.name)}, array[${m.statements.map(literal).join(', ')}]::text[]);`;

/** Runs the files not yet recorded, in order, each in a transaction of its own; stops at the first that fails. */
export async function runMigrations(db: ProjectDatabase, files: { version: string; name: string; sql: string }[]): Promise<MigrationRun['entries']> {
  const done = new Set((await recordedMigrations(db)).map((m) => m.version));
  const entries: MigrationRun['entries'] = [];
  for (const f of files.filter((x) => !done.has(x.version))) {
    try {
      // One string, one implicit transaction: the migration and its record land together or not at all.
      await db.exec(applySql({ version: f.version, name: f.name, statements: [f.sql] }), { user: true });
      entries.push({ version: f.version, name: f.name, status: 'applied' });
    } catch (err) {
      entries.push({ version: f.version, name: f.name, status: 'failed', error: (err as Error).message });
      break;
    }
  }
  return entries;
}

/** What a merge of the branch into its parent applies, and the parent's migrations that stand in its way. */
export async function mergePreview(branch: ProjectDatabase, parent: ProjectDatabase): Promise<{ migrations: BranchMigration[]; conflicts: string[] }> {
  const mine = await recordedMigrations(branch);
  const theirs = await recordedMigrations(parent);
  const byVersion = new Map(mine.map((m) => [m.version, m]));
  const conflicts = theirs.filter((t) => {
    const m = byVersion.get(t.version);
    return !m || m.statements.join('\n') !== t.statements.join('\n');
  });
  const known = new Set(theirs.map((t) => t.version));
  return { migrations: mine.filter((m) => !known.has(m.version)), conflicts: conflicts.map((c) => c.version) };
}

/** Applies the migrations to the parent in one transaction (one string); nothing is applied when one fails. */
export async function applyToParent(parent: ProjectDatabase, migrations: BranchMigration[]): Promise<void> {
  if (!migrations.length) return;
  await parent.exec(migrations.map(applySql).join('\n'), { user: true });
}

/** Keeps a run's log: branch_migration_runs, keyed by the branch's project ref (deleted with it). */
export async function keepRun(control: ControlDatabase, branchRef: string, gitBranch: string, entries: MigrationRun['entries']): Promise<MigrationRun> {
  const id = randomUUID();
  const ok = entries.every((e) => e.status === 'applied');
  const r = await control.query<{ ran_at: Date }>('insert into branch_migration_runs (id, project_ref, git_branch, ok, entries) values ($1, $2, $3, $4, $5) returning ran_at', [
    id,
    branchRef,
    gitBranch,
    ok,
    JSON.stringify(entries),
  ]);
  return { id, ran_at: isoTime(r.rows[0]!.ran_at), git_branch: gitBranch, ok, entries };
}

export async function listRuns(control: ControlDatabase, branchRef: string): Promise<MigrationRun[]> {
  const r = await control.query<{ id: string; ran_at: Date; git_branch: string; ok: boolean; entries: MigrationRun['entries'] | string }>(
    'select id, ran_at, git_branch, ok, entries from branch_migration_runs where project_ref = $1 order by ran_at desc, id limit 20',
    [branchRef],
  );
  return r.rows.map((row) => ({
    id: String(row.id),
    ran_at: isoTime(row.ran_at),
    git_branch: row.git_branch,
    ok: row.ok,
    entries: typeof row.entries === 'string' ? (JSON.parse(row.entries) as MigrationRun['entries']) : row.entries,
  }));
}
