import { cp, mkdir, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import type { ProjectDatabase, ProjectDatabases } from '../deps';
import { HttpError } from '../deps';
import { quoteIdent } from '../database-error';
import type { OpenControlDatabase } from '../control-db';
import { projectBootstrapSql } from '../project-bootstrap.sql';
import { PgliteProjectDatabase } from './pglite-client';
import { ServerProjectDatabase } from './server-client';

type OpenDatabase = ProjectDatabase & { start(): Promise<void>; close(): Promise<void> };

export interface ProjectDatabaseManagerOptions {
  dataDir: string;
  databaseUrl: string | null;
  statementTimeoutMs: number;
  control: OpenControlDatabase;
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
        for (const sql of projectBootstrapSql()) await db.exec(sql);
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
    if (this.embedded) void this.embeddedTemplate().catch(() => undefined);
  }

  /** Creates the project's database, runs the bootstrap SQL and leaves it open. */
  async create(ref: string): Promise<ProjectDatabase> {
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
      const dir = this.projectDir(ref);
      if (!(await exists(path.join(dir, 'PG_VERSION')))) throw new Error(`the database files of project ${ref} are missing`);
      db = new PgliteProjectDatabase(ref, dir, this.opts.statementTimeoutMs);
    } else {
      db = new ServerProjectDatabase(ref, this.connectionUrl(ref)!, this.opts.statementTimeoutMs);
    }
    try {
      await db.start();
      for (const sql of projectBootstrapSql()) await db.exec(sql);
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
    const all = [...this.open.keys()];
    await Promise.all(all.map((ref) => this.close(ref).catch(() => undefined)));
  }
}

async function exists(p: string): Promise<boolean> {
  try {
    await stat(p);
    return true;
  } catch {
    return false;
  }
}
