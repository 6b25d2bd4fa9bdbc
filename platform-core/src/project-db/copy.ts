import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdir, realpath, rename, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import { Transform, type TransformCallback } from 'node:stream';
import type { ControlDatabase, ProjectDatabase } from '../deps';
import { quoteIdent } from '../database-error';
import { copyDirectory } from '../common/copy-directory';
import type { ProjectDatabaseManager } from './manager';
import { projectAdminRoleName, projectRoleName } from './owner-role';
import { projectDatabaseName, ServerProjectRoles } from './server-roles';

// Copying one project's database into a new project's (preview branches; backups build on it).
// The copy is a database of its own: after it, writes on either never show on the other.
//
// Embedded (a PGlite data directory per project): the source's files are copied while nothing else
// runs on it (held in a transaction of the platform's after a CHECKPOINT: PGlite is one process, so
// no other writer touches the files meanwhile), or as they are when the source is closed (paused).
// Server (a database per project): pg_dump of the source as the API's user (a member of the
// project's roles) into psql as the new project's platform role, without owners (the new project's
// roles own what it makes) and with the source's role names in grants turned into the new ones.
// Schema only (the default of a branch): every table of the copy is emptied (embedded) or no rows
// are dumped (server); sequences start again.

export interface CopyProjectDatabaseOptions {
  /** The project whose database is copied. */
  from: string;
  /** The new project; it has no database yet. */
  to: string;
  /** Rows too (false: the schema alone, every table empty). */
  data: boolean;
  /** Server mode: the control database (the new database and its roles are made from it). */
  control: ControlDatabase;
  /** Server mode: the server's address as the API's user (DATABASE_URL). */
  databaseUrl: string | null;
  /** Server mode: the pg_dump and psql programs (default: PG_DUMP / PSQL, else found on PATH). */
  pgDump?: string;
  psql?: string;
}

/** Copies a project's database into another project's, which it leaves open. */
export async function copyProjectDatabase(manager: ProjectDatabaseManager, o: CopyProjectDatabaseOptions): Promise<ProjectDatabase> {
  if (o.from === o.to) throw new Error('a database cannot be copied onto itself');
  if (manager.embedded) {
    await copyEmbedded(manager, o);
    const db = await manager.openDatabase(o.to);
    if (!o.data) await emptyTables(db);
    return db;
  }
  if (!o.databaseUrl) throw new Error('server mode needs the server address');
  await copyOnServer(manager, o);
  return manager.openDatabase(o.to);
}

/**
 * Makes a project's database again as a copy of another's (a branch's reset). The old database
 * stays in place until the copy is complete, and is kept when the copy fails: the project is never
 * left without a database. Embedded: the copy is made in a folder beside the project's, then the two
 * folders are swapped while the project's database is closed. Server: the old database is set aside
 * under another name while the copy is loaded, then dropped; put back when the copy fails.
 */
export async function recopyProjectDatabase(manager: ProjectDatabaseManager, o: CopyProjectDatabaseOptions): Promise<ProjectDatabase> {
  if (o.from === o.to) throw new Error('a database cannot be copied onto itself');
  const tag = randomBytes(6).toString('hex');
  if (manager.embedded) {
    const dir = manager.projectDir(o.to);
    const home = path.dirname(dir);
    const staging = path.join(path.dirname(home), `.copy-${o.to}-${tag}`);
    await copyEmbedded(manager, o, path.join(staging, path.basename(dir)));
    const aside = path.join(path.dirname(home), `.old-${o.to}-${tag}`);
    await manager.close(o.to);
    const real = await realpath(dir).catch(() => null);
    try {
      await rename(home, aside);
      try {
        await rename(staging, home);
      } catch (err) {
        await rename(aside, home);
        throw err;
      }
    } catch (err) {
      await rm(staging, { recursive: true, force: true });
      await manager.openDatabase(o.to).catch(() => undefined);
      throw err;
    }
    await rm(aside, { recursive: true, force: true });
    // A database that started as a spare lives in the spare pool, linked from the project's folder.
    if (real && !real.startsWith(home + path.sep)) await rm(path.dirname(real), { recursive: true, force: true });
    const db = await manager.openDatabase(o.to);
    if (!o.data) await emptyTables(db);
    return db;
  }
  if (!o.databaseUrl) throw new Error('server mode needs the server address');
  const name = projectDatabaseName(o.to);
  const aside = `${name}_old_${tag}`;
  await manager.close(o.to);
  await o.control.query(
    `select count(pg_catalog.pg_terminate_backend(pid)) from pg_catalog.pg_stat_activity where datname operator(pg_catalog.=) $1 and pid operator(pg_catalog.<>) pg_catalog.pg_backend_pid()`,
    [name],
  );
  await o.control.query(`alter database ${quoteIdent(name)} rename to ${quoteIdent(aside)}`);
  try {
    await copyOnServer(manager, o, { keepRoles: true });
  } catch (err) {
    await o.control.query(`drop database if exists ${quoteIdent(name)} with (force)`).catch(() => undefined);
    await o.control.query(`alter database ${quoteIdent(aside)} rename to ${quoteIdent(name)}`);
    await manager.openDatabase(o.to).catch(() => undefined);
    throw err;
  }
  await o.control.query(`drop database if exists ${quoteIdent(aside)} with (force)`);
  return manager.openDatabase(o.to);
}

async function exists(p: string): Promise<boolean> {
  return stat(p).then(() => true, () => false);
}

async function copyEmbedded(manager: ProjectDatabaseManager, o: CopyProjectDatabaseOptions, target = manager.projectDir(o.to)): Promise<void> {
  const source = await realpath(manager.projectDir(o.from)).catch(() => manager.projectDir(o.from));
  if (!(await exists(path.join(source, 'PG_VERSION')))) throw new Error(`the database files of project ${o.from} are missing`);
  if (await exists(target)) throw new Error(`project ${o.to} already has a database`);
  await mkdir(path.dirname(target), { recursive: true });
  const copy = () => copyDirectory(source, target);
  try {
    if (manager.isOpen(o.from)) {
      const db = await manager.get(o.from);
      // Nothing else runs on the source during its transaction; the checkpoint puts every change in the files.
      await db.transaction(async (tx) => {
        await tx.exec('checkpoint');
        await copy();
      });
    } else {
      await copy();
    }
  } catch (err) {
    await rm(path.dirname(target), { recursive: true, force: true });
    throw err;
  }
}

/**
 * Schema only: every table outside the system catalogs is emptied (extensions' own tables kept)
 * and every sequence starts again, in one transaction.
 */
export const EMPTY_TABLES_SQL = `do $$
declare
  tables text;
  s record;
begin
  select pg_catalog.string_agg(c.oid::pg_catalog.regclass::text, ', ') into tables
    from pg_catalog.pg_class c join pg_catalog.pg_namespace n on n.oid operator(pg_catalog.=) c.relnamespace
   where c.relkind operator(pg_catalog.=) any (array['r', 'p']::"char"[]) and not c.relispartition
     and n.nspname::text operator(pg_catalog.<>) all (array['pg_catalog', 'information_schema']::text[]) and n.nspname::text not like 'pg\\_%'
     and not exists (select 1 from pg_catalog.pg_depend d where d.classid operator(pg_catalog.=) 'pg_catalog.pg_class'::pg_catalog.regclass
       and d.objid operator(pg_catalog.=) c.oid and d.deptype operator(pg_catalog.=) 'e');
  if tables is not null then
    execute 'truncate table ' operator(pg_catalog.||) tables operator(pg_catalog.||) ' restart identity cascade';
  end if;
  for s in select c.oid::pg_catalog.regclass::text as name
      from pg_catalog.pg_class c join pg_catalog.pg_namespace n on n.oid operator(pg_catalog.=) c.relnamespace
     where c.relkind operator(pg_catalog.=) 'S' and n.nspname::text operator(pg_catalog.<>) all (array['pg_catalog', 'information_schema']::text[])
       and n.nspname::text not like 'pg\\_%' loop
    execute pg_catalog.format('alter sequence %s restart', s.name);
  end loop;
end $$`;

async function emptyTables(db: ProjectDatabase): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.exec(EMPTY_TABLES_SQL);
  });
}

/** Replaces the source project's role names by the copy's outside the rows of COPY blocks. */
class RoleRenamer extends Transform {
  private rest = '';
  private inCopy = false;
  constructor(private readonly names: [string, string][]) {
    super();
  }
  private line(l: string): string {
    if (this.inCopy) {
      if (l === '\\.') this.inCopy = false;
      return l;
    }
    if (/^COPY .* FROM stdin;$/.test(l)) {
      this.inCopy = true;
      return l;
    }
    let out = l;
    for (const [from, to] of this.names) out = out.split(from).join(to);
    return out;
  }
  override _transform(chunk: Buffer, _enc: BufferEncoding, done: TransformCallback): void {
    const text = this.rest + chunk.toString('utf8');
    const lines = text.split('\n');
    this.rest = lines.pop() ?? '';
    done(null, lines.length ? lines.map((l) => this.line(l)).join('\n') + '\n' : '');
  }
  override _flush(done: TransformCallback): void {
    done(null, this.rest ? this.line(this.rest) : '');
  }
}

/** A program's run: resolves when it exits with 0, else rejects with its last error lines (never an address). */
function finished(child: ReturnType<typeof spawn>, what: string): Promise<void> {
  let err = '';
  child.stderr?.on('data', (d: Buffer) => {
    err = (err + d.toString('utf8')).slice(-4000);
  });
  return new Promise((resolve, reject) => {
    child.on('error', (e: NodeJS.ErrnoException) =>
      reject(new Error(e.code === 'ENOENT' ? `${what} is not installed on this server (set ${what === 'pg_dump' ? 'PG_DUMP' : 'PSQL'} to its path)` : `${what} failed: ${e.message}`)),
    );
    child.on('close', (code) => {
      if (code === 0) resolve();
      else {
        const lines = err.replace(/postgres(?:ql)?:\/\/\S+/g, '(address)').trim().split('\n').filter((l) => /ERROR|FATAL|error/.test(l));
        reject(new Error(`${what} failed: ${(lines.slice(-2).join('; ') || `exit code ${code}`).replace(/^.*?(ERROR|FATAL):\s*/, '')}`));
      }
    });
  });
}

async function copyOnServer(manager: ProjectDatabaseManager, o: CopyProjectDatabaseOptions, opts: { keepRoles?: boolean } = {}): Promise<void> {
  const source = manager.connectionUrl(o.from);
  if (!source) throw new Error('server mode needs the server address');
  const database = projectDatabaseName(o.to);
  await o.control.query(`create database ${quoteIdent(database)}`);
  try {
    // The new project's two roles, and its database handed to its platform role.
    const urls = await new ServerProjectRoles(o.control, o.databaseUrl!).prepare(o.to);
    const dump = spawn(o.pgDump ?? process.env.PG_DUMP ?? 'pg_dump', ['--no-owner', '--no-subscriptions', '--no-publications', '--no-security-labels', ...(o.data ? [] : ['--schema-only']), '--dbname', source], {
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    const load = spawn(o.psql ?? process.env.PSQL ?? 'psql', ['-X', '-q', '-v', 'ON_ERROR_STOP=1', '--single-transaction', '--dbname', urls.admin], {
      stdio: ['pipe', 'ignore', 'pipe'],
    });
    const renamer = new RoleRenamer([
      [projectRoleName(o.from), projectRoleName(o.to)],
      [projectAdminRoleName(o.from), projectAdminRoleName(o.to)],
    ]);
    load.stdin!.on('error', () => undefined);
    dump.stdout!.pipe(renamer).pipe(load.stdin!);
    const dumped = finished(dump, 'pg_dump');
    const loaded = finished(load, 'psql');
    dumped.catch(() => load.kill());
    await Promise.all([dumped, loaded]);
  } catch (err) {
    // A reset keeps the project's roles: its old database, which they own, is put back.
    if (opts.keepRoles) await o.control.query(`drop database if exists ${quoteIdent(database)} with (force)`).catch(() => undefined);
    else await manager.drop(o.to).catch(() => undefined);
    throw err;
  }
}
