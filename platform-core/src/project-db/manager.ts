import { randomBytes } from 'node:crypto';
import { mkdir, readdir, realpath, rm, stat, symlink, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { ProjectDatabase, ProjectDatabases } from '../deps';
import { HttpError } from '../deps';
import { quoteIdent } from '../database-error';
import { copyDirectory } from '../common/copy-directory';
import type { OpenControlDatabase } from '../control-db';
import { projectDatabaseName, ServerProjectRoles } from './server-roles';
import { PgliteProjectDatabase } from './pglite-client';
import { ServerProjectDatabase } from './server-client';
import type { CallQueueLimits } from './call-queue';
import { ProjectDatabaseCredentials } from './credentials';
import { ProjectWireServer, type WireDatabases } from './wire-server';
import { bootstrap } from './bootstrap-schema';
import { sharedReason, withoutPaths } from './open-failure';
import { ProjectSessionSettings } from './vault-key';
import { databasesToClose } from './open-bound';

type OpenDatabase = PgliteProjectDatabase | ServerProjectDatabase;

export interface ProjectDatabaseManagerOptions {
  dataDir: string;
  databaseUrl: string | null;
  statementTimeoutMs: number;
  control: OpenControlDatabase;
  /** Embedded: keep one database copied and open ahead of time, so a new project comes up at once. */
  spareDatabase?: boolean;
  /** Databases kept open at most (embedded: worker threads; server: connection pools); the least recently used idle one closes first. */
  maxOpenDatabases?: number;
  /** A database unused this long closes; the next call opens it again. */
  databaseIdleMs?: number;
  /** Bounds of a call's wait for its turn on a project database. */
  queue?: CallQueueLimits;
}

export { projectDatabaseName } from './server-roles';

/**
 * Creates, opens and closes project databases: in embedded mode a PGlite data directory per
 * project (`<dataDir>/projects/<ref>/pgdata`) served by a worker thread; in server mode a
 * database per project on the same server. An active project's database stays known here while
 * its worker (or pool) is closed for being idle or for the bound on open databases, and opens
 * again on its next call.
 */
export class ProjectDatabaseManager implements ProjectDatabases, WireDatabases {
  /** Who may connect to a project's database from outside, and its limits (both modes). */
  readonly credentials: ProjectDatabaseCredentials;
  /** Embedded: the wire protocol server of the project databases, once made (wireServer()). */
  wire: ProjectWireServer | null = null;
  private readonly open = new Map<string, OpenDatabase>();
  private readonly opening = new Map<string, Promise<OpenDatabase>>();
  /** Embedded: the real data directory of each open project, so no two projects ever open one. */
  private readonly claimed = new Map<string, string>();
  /** Embedded: data directories found shared by several projects at start; none of them opens. */
  private readonly shared = new Map<string, string[]>();
  private template: Promise<string> | null = null;
  private spare: Promise<{ dir: string; db: PgliteProjectDatabase } | null> | null = null;
  private closing = false;
  private idleTimer: ReturnType<typeof setInterval> | null = null;
  private openFailed: (ref: string, reason: string) => void = () => undefined;
  /** Server mode: the project's two roles, made and checked from the control database (server-roles.ts). */
  private readonly roles: ServerProjectRoles | null;
  /** What every session of a project's database starts with: its vault key (vault-key.ts). */
  private readonly sessionSettings: ProjectSessionSettings;

  constructor(private readonly opts: ProjectDatabaseManagerOptions) {
    this.roles = opts.databaseUrl ? new ServerProjectRoles(opts.control, opts.databaseUrl, opts.statementTimeoutMs) : null;
    this.sessionSettings = new ProjectSessionSettings(opts.control);
    this.credentials = new ProjectDatabaseCredentials(opts.control);
  }

  get statementTimeoutMs(): number {
    return this.opts.statementTimeoutMs;
  }

  /** Embedded: the wire protocol server of the project databases (made once, not listening yet); null in server mode. */
  wireServer(): ProjectWireServer | null {
    if (!this.embedded) return null;
    this.wire ??= new ProjectWireServer(this, this.credentials);
    return this.wire;
  }

  /** Embedded: an active project's database for a wire connection; null when it is not running. */
  async wireDatabase(ref: string): Promise<PgliteProjectDatabase | null> {
    if (!this.embedded || !this.open.has(ref) && !this.opening.has(ref)) return null;
    const db = await this.get(ref).catch(() => null);
    return db instanceof PgliteProjectDatabase ? db : null;
  }

  /**
   * The project's database connections after its password or limits changed: embedded, the wire
   * connections end (they reconnect with the new password); server mode, the project role takes
   * the new password and limits and the pools open again with them.
   */
  async applyCredentials(ref: string): Promise<void> {
    await this.wire?.disconnect(ref, 'terminating connection because the project database password or limits changed');
    if (this.embedded || !this.open.has(ref)) return;
    await this.close(ref);
    await this.openDatabase(ref);
  }

  get embedded(): boolean {
    return !this.opts.databaseUrl;
  }

  get maxOpen(): number {
    return Math.max(1, this.opts.maxOpenDatabases ?? 20);
  }

  /** Called when an active project's database cannot be opened again on demand (files gone, corrupt). */
  onOpenFailure(handler: (ref: string, reason: string) => void): void {
    this.openFailed = handler;
  }

  /** Where an embedded project's files live. */
  projectDir(ref: string): string {
    return path.join(this.opts.dataDir, 'projects', ref, 'pgdata');
  }

  /** Server mode: the project database's address on the server (the API's own credentials in it: strip them before showing it). */
  connectionUrl(ref: string): string | null {
    if (!this.opts.databaseUrl) return null;
    const url = new URL(this.opts.databaseUrl);
    url.pathname = `/${projectDatabaseName(ref)}`;
    return url.toString();
  }

  /** An active project's database (its worker starts again on the first call when it was closed for being idle). */
  async get(ref: string): Promise<ProjectDatabase> {
    const pending = this.opening.get(ref);
    if (pending) await pending.catch(() => undefined);
    const db = this.open.get(ref);
    if (!db) throw new HttpError(409, `Project ${ref} is not running; restore it first`, 'PROJECT_NOT_ACTIVE');
    if (!db.running) this.enforceBound(ref);
    return db;
  }

  /** The project's database is known and usable (its worker may be closed until the next call). */
  isOpen(ref: string): boolean {
    return this.open.has(ref);
  }

  /** The refs whose database holds a worker thread (or server connections) now (the webhook worker visits only these). */
  runningRefs(): string[] {
    return [...this.open.entries()].filter(([, db]) => db.running).map(([ref]) => ref);
  }

  /** How many project databases hold a worker thread (or server connections) now. */
  runningCount(): number {
    let n = 0;
    for (const db of this.open.values()) if (db.running) n++;
    return n;
  }

  /** Closes what databasesToClose names: past the bound (keeping `keep`, about to be used), and with `idleMs` every database idle that long. */
  private enforceBound(keep?: string, idleMs?: number): void {
    for (const db of databasesToClose(this.open, this.maxOpen, { keep, idleMs })) void db.suspend().catch(() => undefined);
  }

  /** The idle timer: a database unused for databaseIdleMs closes, and so does one left over the bound while it was busy. */
  private closeIdle(): void {
    this.enforceBound(undefined, this.opts.databaseIdleMs ?? 10 * 60_000);
  }

  private startIdleTimer(): void {
    if (this.idleTimer || this.closing) return;
    const idleMs = this.opts.databaseIdleMs ?? 10 * 60_000;
    // Every second at most: a database left over the bound (busy when another opened) closes soon after its call.
    this.idleTimer = setInterval(() => this.closeIdle(), Math.max(50, Math.min(idleMs / 2, 1_000)));
    this.idleTimer.unref();
  }

  /** A fresh, bootstrapped embedded data directory copied for each new project (initdb once). */
  embeddedTemplate(): Promise<string> {
    if (!this.template) {
      const dir = path.join(this.opts.dataDir, 'template', 'pgdata');
      this.template = (async () => {
        const ready = path.join(this.opts.dataDir, 'template', 'READY');
        if (await exists(ready)) return dir;
        await rm(path.dirname(dir), { recursive: true, force: true });
        await mkdir(dir, { recursive: true });
        const db = new PgliteProjectDatabase('template', dir, 120_000);
        await db.start();
        await bootstrap(db);
        await db.close();
        await mkdir(path.dirname(ready), { recursive: true });
        await writeFile(ready, new Date().toISOString());
        return dir;
      })();
      this.template.catch(() => {
        this.template = null;
      });
    }
    return this.template;
  }

  /** Starts preparing the embedded template so the first project comes up quickly. */
  warmUp(): void {
    this.startIdleTimer();
    if (!this.embedded) return;
    void this.embeddedTemplate().catch(() => undefined);
    if (this.opts.spareDatabase) this.prepareSpare();
  }

  /**
   * A copy of the template under `<dataDir>/pool/<id>`, already open in its worker. A new project
   * takes it: `projects/<ref>/pgdata` becomes a link to it, and the next spare is prepared.
   */
  private prepareSpare(): void {
    if (this.closing || this.spare) return;
    this.spare = (async () => {
      const template = await this.embeddedTemplate();
      const dir = path.join(this.opts.dataDir, 'pool', randomBytes(8).toString('hex'), 'pgdata');
      await mkdir(path.dirname(dir), { recursive: true });
      await copyDirectory(template, dir);
      const db = new PgliteProjectDatabase('spare', dir, this.opts.statementTimeoutMs, { queue: this.opts.queue });
      await db.start();
      return { dir, db };
    })().catch(() => null);
  }

  /** Resolves once the template (and the spare database, when kept) are ready. */
  async ready(): Promise<void> {
    if (!this.embedded) return;
    await this.embeddedTemplate();
    if (this.opts.spareDatabase) {
      this.prepareSpare();
      await this.spare;
    }
  }

  /** Hands the prepared spare to this project alone: each waiter takes its own spare promise. */
  private async takeSpare(ref: string): Promise<boolean> {
    if (!this.opts.spareDatabase || !this.spare) return false;
    const mine = this.spare;
    this.spare = null;
    this.prepareSpare();
    const spare = await mine;
    if (!spare) return false;
    const link = this.projectDir(ref);
    await mkdir(path.dirname(link), { recursive: true });
    await symlink(spare.dir, link, 'dir');
    // The spare's worker keeps the files open under their pool path, which the link points to.
    this.claimed.set(await realpath(spare.dir), ref);
    const settings = await this.sessionSettings.of(ref);
    this.open.set(ref, spare.db.adopt(ref, this.hooks(ref)));
    await spare.db.setSessionSettings(settings);
    this.enforceBound(ref);
    return true;
  }

  private hooks(ref: string) {
    return {
      onWorkerStart: () => this.enforceBound(ref),
      onStartFailure: (reason: string) => {
        const db = this.open.get(ref);
        if (!db) return;
        this.release(ref);
        this.openFailed(ref, `database could not be opened: ${withoutPaths(reason)}`);
      },
    };
  }

  /** Creates the project's database, runs the bootstrap SQL and leaves it open. */
  async create(ref: string): Promise<ProjectDatabase> {
    if (this.embedded && (await this.takeSpare(ref))) return this.openDatabase(ref);
    if (this.embedded) {
      const template = await this.embeddedTemplate();
      const dir = this.projectDir(ref);
      await mkdir(path.dirname(dir), { recursive: true });
      await copyDirectory(template, dir);
    } else {
      await this.opts.control.query(`create database ${quoteIdent(projectDatabaseName(ref))}`);
    }
    return this.openDatabase(ref);
  }

  /** The project's database exists (embedded: its files; server: the database). */
  async exists(ref: string): Promise<boolean> {
    if (this.embedded) return exists(path.join(await realpath(this.projectDir(ref)).catch(() => this.projectDir(ref)), 'PG_VERSION'));
    const r = await this.opts.control.query<{ n: number }>('select count(*)::int as n from pg_database where datname = $1', [projectDatabaseName(ref)]);
    return (r.rows[0]?.n ?? 0) > 0;
  }

  /** Opens an existing project's database and checks that it holds a project (storage schema present). */
  async openDatabase(ref: string): Promise<ProjectDatabase> {
    const existing = this.open.get(ref);
    if (existing) return existing;
    let pending = this.opening.get(ref);
    if (!pending) {
      pending = this.openNow(ref).finally(() => this.opening.delete(ref));
      this.opening.set(ref, pending);
    }
    return pending;
  }

  private async openNow(ref: string): Promise<OpenDatabase> {
    let db: OpenDatabase;
    let dir: string | null = null;
    if (this.embedded) {
      // A project made from a spare links to its files under pool/; PGlite opens the real path.
      dir = await realpath(this.projectDir(ref)).catch(() => this.projectDir(ref));
      if (!(await exists(path.join(dir, 'PG_VERSION')))) throw new Error(`the database files of project ${ref} are missing`);
      await this.refuseShared(ref, dir);
      this.claimed.set(dir, ref);
      db = new PgliteProjectDatabase(ref, dir, this.opts.statementTimeoutMs, { queue: this.opts.queue, sessionSettings: await this.sessionSettings.of(ref) });
    } else {
      const roles = this.roles!;
      const urls = await roles.prepare(ref);
      db = new ServerProjectDatabase(ref, urls.admin, this.opts.statementTimeoutMs, {
        queue: this.opts.queue,
        idleMs: this.opts.databaseIdleMs,
        projectRoleUrl: urls.owner,
        sessionSettings: await this.sessionSettings.of(ref),
        onLoginRefused: () => roles.prepare(ref).then(() => undefined),
      });
    }
    try {
      this.enforceBound(ref);
      await db.start();
      await bootstrap(db);
      if (db instanceof ServerProjectDatabase) await this.roles!.secureSchemas(db, ref);
      const check = await db.query<{ ok: boolean }>(`select pg_catalog.to_regclass('storage.objects') is not null as ok`);
      if (!check.rows[0]?.ok) throw new Error('the storage schema is missing');
    } catch (err) {
      await db.close().catch(() => undefined);
      if (dir && this.claimed.get(dir) === ref) this.claimed.delete(dir);
      throw err instanceof Error ? new Error(withoutPaths(err.message)) : err;
    }
    if (db instanceof PgliteProjectDatabase) db.adopt(ref, this.hooks(ref));
    this.open.set(ref, db);
    return db;
  }

  /** Refuses to open a data directory another project opened, or one found shared at start. */
  private async refuseShared(ref: string, dir: string): Promise<void> {
    const owner = this.claimed.get(dir);
    if (owner && owner !== ref) throw new Error(`its data directory is already open for project ${owner}`);
    const sharers = this.shared.get(dir);
    if (!sharers) return;
    const still: string[] = [];
    for (const other of sharers) {
      if (other !== ref && (await realpath(this.projectDir(other)).catch(() => null)) === dir) still.push(other);
    }
    if (still.length) throw new Error(sharedReason(still));
    this.shared.delete(dir);
  }

  /**
   * At start (embedded): finds projects whose `projects/<ref>/pgdata` resolve to one data directory
   * (none of them may open: answered ref → reason), and removes spare copies under `pool/` that no
   * project links to (left by a stop between copying a spare and handing it out).
   */
  async checkAtStart(refs: string[]): Promise<Map<string, string>> {
    const problems = new Map<string, string>();
    if (!this.embedded) return problems;
    const byDir = new Map<string, string[]>();
    const linked = new Set<string>();
    const known = new Set(refs);
    const onDisk = await readdir(path.join(this.opts.dataDir, 'projects')).catch(() => [] as string[]);
    for (const ref of new Set([...refs, ...onDisk])) {
      const dir = await realpath(this.projectDir(ref)).catch(() => null);
      if (!dir) continue;
      linked.add(dir);
      if (known.has(ref)) byDir.set(dir, [...(byDir.get(dir) ?? []), ref]);
    }
    for (const [dir, sharers] of byDir) {
      if (sharers.length < 2) continue;
      this.shared.set(dir, sharers);
      for (const ref of sharers) problems.set(ref, sharedReason(sharers.filter((r) => r !== ref)));
    }
    const pool = path.join(this.opts.dataDir, 'pool');
    for (const id of await readdir(pool).catch(() => [] as string[])) {
      const dir = await realpath(path.join(pool, id, 'pgdata')).catch(() => path.join(pool, id, 'pgdata'));
      if (!linked.has(dir)) await rm(path.join(pool, id), { recursive: true, force: true });
    }
    return problems;
  }

  /**
   * Removes a project's database for good (the project is deleted): closed first; embedded, its
   * files (a spare's pool folder too); server, the database and the project's two roles.
   */
  async drop(ref: string): Promise<void> {
    await this.opening.get(ref)?.catch(() => undefined);
    await this.close(ref);
    if (this.embedded) {
      const link = this.projectDir(ref);
      const real = await realpath(link).catch(() => null);
      if (real && real !== link) await rm(path.dirname(real), { recursive: true, force: true });
      await rm(path.dirname(link), { recursive: true, force: true });
      return;
    }
    await this.opts.control.query(`drop database if exists ${quoteIdent(projectDatabaseName(ref))} with (force)`);
    await this.roles!.drop(ref);
  }

  /** Closes a project's database; its files (or server database) are kept. */
  async close(ref: string): Promise<void> {
    await this.wire?.disconnect(ref).catch(() => undefined);
    const open = this.open.get(ref);
    // Server mode: people's own connections (the project role's sessions outside the platform's
    // pools) end too, as the project role itself may end its own sessions.
    if (open instanceof ServerProjectDatabase) {
      await open
        .query(
          `select count(pg_catalog.pg_terminate_backend(pid)) from pg_catalog.pg_stat_activity
            where datname operator(pg_catalog.=) pg_catalog.current_database() and usename operator(pg_catalog.=) current_user and pid operator(pg_catalog.<>) pg_catalog.pg_backend_pid()`,
          [],
          { user: true, timeoutMs: 5_000 },
        )
        .catch(() => undefined);
    }
    const db = this.release(ref);
    if (db) await db.close();
  }

  private release(ref: string): OpenDatabase | undefined {
    const db = this.open.get(ref);
    this.open.delete(ref);
    for (const [dir, owner] of this.claimed) if (owner === ref) this.claimed.delete(dir);
    return db;
  }

  async closeAll(): Promise<void> {
    this.closing = true;
    if (this.idleTimer) clearInterval(this.idleTimer);
    await this.wire?.close().catch(() => undefined);
    const spare = await this.spare?.catch(() => null);
    if (spare) await spare.db.close().catch(() => undefined);
    await Promise.all([...this.opening.values()].map((p) => p.catch(() => undefined)));
    const all = [...this.open.keys()];
    await Promise.all(all.map((ref) => this.close(ref).catch(() => undefined)));
  }
}

const exists = (p: string): Promise<boolean> => stat(p).then(() => true, () => false);
