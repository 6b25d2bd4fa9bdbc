import { randomBytes } from 'node:crypto';
import { cp, mkdir, realpath, rm, stat, symlink } from 'node:fs/promises';
import path from 'node:path';
import type { ProjectDatabase, ProjectDatabases } from '../deps';
import { HttpError } from '../deps';
import { quoteIdent } from '../database-error';
import type { OpenControlDatabase } from '../control-db';
import { projectBootstrapSql, projectBootstrapVersion } from '../project-bootstrap.sql';
import { PgliteProjectDatabase } from './pglite-client';
import { ServerProjectDatabase } from './server-client';

type OpenDatabase = ProjectDatabase & { start(): Promise<void>; close(): Promise<void> };

export interface ProjectDatabaseManagerOptions {
  dataDir: string;
  databaseUrl: string | null;
  statementTimeoutMs: number;
  control: OpenControlDatabase;
  /** Embedded: keep one database copied and open ahead of time, so a new project comes up at once. */
  spareDatabase?: boolean;
}

/** Server-mode name of a project's database. */
export const projectDatabaseName = (ref: string) => `plinth_project_${ref}`;

/**
 * Creates, opens and closes project databases: in embedded mode a PGlite data directory per
 * project (`<dataDir>/projects/<ref>/pgdata`) served by a worker thread; in server mode a
 * database per project on the same server.
 */
export class ProjectDatabaseManager implements ProjectDatabases {
  private readonly open = new Map<string, OpenDatabase>();
  private template: Promise<string> | null = null;
  private spare: Promise<{ dir: string; db: PgliteProjectDatabase } | null> | null = null;
  private closing = false;

  constructor(private readonly opts: ProjectDatabaseManagerOptions) {}

  get embedded(): boolean {
    return !this.opts.databaseUrl;
  }

  /** Where an embedded project's files live. */
  projectDir(ref: string): string {
    return path.join(this.opts.dataDir, 'projects', ref, 'pgdata');
  }

  connectionUrl(ref: string): string | null {
    if (!this.opts.databaseUrl) return null;
    const url = new URL(this.opts.databaseUrl);
    url.pathname = `/${projectDatabaseName(ref)}`;
    return url.toString();
  }

  async get(ref: string): Promise<ProjectDatabase> {
    const db = this.open.get(ref);
    if (!db) throw new HttpError(409, `Project ${ref} is not running; restore it first`, 'PROJECT_NOT_ACTIVE');
    return db;
  }

  isOpen(ref: string): boolean {
    return this.open.has(ref);
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
        await (await import('node:fs/promises')).writeFile(ready, new Date().toISOString());
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
      await cp(template, dir, { recursive: true });
      const db = new PgliteProjectDatabase('spare', dir, this.opts.statementTimeoutMs);
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

  private async takeSpare(ref: string): Promise<boolean> {
    if (!this.opts.spareDatabase || !this.spare) return false;
    const spare = await this.spare;
    this.spare = null;
    this.prepareSpare();
    if (!spare) return false;
    const link = this.projectDir(ref);
    await mkdir(path.dirname(link), { recursive: true });
    await symlink(spare.dir, link, 'dir');
    // The spare's worker keeps the files open under their pool path, which the link points to.
    this.open.set(ref, spare.db.adopt(ref));
    return true;
  }

  /** Creates the project's database, runs the bootstrap SQL and leaves it open. */
  async create(ref: string): Promise<ProjectDatabase> {
    if (this.embedded && (await this.takeSpare(ref))) return this.openDatabase(ref);
    if (this.embedded) {
      const template = await this.embeddedTemplate();
      const dir = this.projectDir(ref);
      await mkdir(path.dirname(dir), { recursive: true });
      await cp(template, dir, { recursive: true });
    } else {
      await this.opts.control.query(`create database ${quoteIdent(projectDatabaseName(ref))}`);
    }
    return this.openDatabase(ref);
  }

  /** Opens an existing project's database and checks that it holds a project (storage schema present). */
  async openDatabase(ref: string): Promise<ProjectDatabase> {
    const existing = this.open.get(ref);
    if (existing) return existing;
    let db: OpenDatabase;
    if (this.embedded) {
      // A project made from a spare links to its files under pool/; PGlite opens the real path.
      const dir = await realpath(this.projectDir(ref)).catch(() => this.projectDir(ref));
      if (!(await exists(path.join(dir, 'PG_VERSION')))) throw new Error(`the database files of project ${ref} are missing`);
      db = new PgliteProjectDatabase(ref, dir, this.opts.statementTimeoutMs);
    } else {
      db = new ServerProjectDatabase(ref, this.connectionUrl(ref)!, this.opts.statementTimeoutMs);
    }
    try {
      await db.start();
      await bootstrap(db);
      const check = await db.query<{ ok: boolean }>(`select to_regclass('storage.objects') is not null as ok`);
      if (!check.rows[0]?.ok) throw new Error('the storage schema is missing');
    } catch (err) {
      await db.close().catch(() => undefined);
      throw err;
    }
    this.open.set(ref, db);
    return db;
  }

  /** Closes a project's database; its files (or server database) are kept. */
  async close(ref: string): Promise<void> {
    const db = this.open.get(ref);
    this.open.delete(ref);
    if (db) await db.close();
  }

  async closeAll(): Promise<void> {
    this.closing = true;
    const spare = await this.spare?.catch(() => null);
    if (spare) await spare.db.close().catch(() => undefined);
    const all = [...this.open.keys()];
    await Promise.all(all.map((ref) => this.close(ref).catch(() => undefined)));
  }
}

/** Runs the bootstrap SQL unless this database already has this version of it (marked on the storage schema). */
async function bootstrap(db: ProjectDatabase): Promise<void> {
  const version = projectBootstrapVersion();
  const marked = await db.query<{ v: string | null }>(`select obj_description(to_regnamespace('storage'), 'pg_namespace') as v`);
  if (marked.rows[0]?.v === version) return;
  for (const sql of projectBootstrapSql()) await db.exec(sql);
  await db.exec(`comment on schema storage is '${version}'`);
}

async function exists(p: string): Promise<boolean> {
  try {
    await stat(p);
    return true;
  } catch {
    return false;
  }
}
