import { randomBytes } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir, rm, statfs } from 'node:fs/promises';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import type { FastifyBaseLogger } from 'fastify';
import { DATABASE_UPGRADE_STEPS, type DatabaseInfrastructure, type DatabaseUpgradeStatus } from '@plinth/shared-contracts';
import { HttpError, type ControlDatabase, type ProjectDatabase } from '@plinth/platform-core/deps';
import type { ProjectRecord } from '@plinth/platform-core/access';
import type { ProjectDatabaseManager } from '@plinth/platform-core/project-db/manager';
import { backupProjectDatabase, restoreProjectDatabase, type BackupOptions } from '@plinth/platform-core/project-db/backup';
import { databaseVersion, FIRST_PROJECT_IMAGE, PROJECT_IMAGE } from '@plinth/platform-core/project-db/image';
import { quoteIdent } from '@plinth/platform-core/database-error';
import type { ProjectsService } from '../projects/service';

declare module '@plinth/platform-core/deps' {
  interface ControlServices {
    /** Made by the upgrades route module (upgrades/routes.ts). */
    upgrades?: UpgradeService;
  }
}

// Project Settings → Infrastructure (issue 24, 000 §4.4): a database upgrade carries the project's
// data into a new database made now, through the eight ordered steps of DATABASE_UPGRADE_STEPS,
// with the project UPGRADING meanwhile. It reuses the backups' machinery: the old database is
// written out (backupProjectDatabase) to a file of the platform's, then loaded into a new database
// (restoreProjectDatabase: a fresh database on a server, loaded from the dump, and opened with the
// current bootstrap; embedded, a new data directory from the copy of the old one's files), which
// keeps the old database until the new one opens and puts it back when anything fails. A failure
// after that (extensions, optimizing) loads the same file back, so the project always ends on its
// old data when the upgrade fails.

type StepKey = (typeof DATABASE_UPGRADE_STEPS)[number]['key'];

/**
 * Tests only: PLINTH_UPGRADE_FAIL_AT=<step key> makes that step fail ("execute_migration" fails
 * half-way through loading the new database, so the put-back is what is tested). Read on each run.
 */
const faultAt = () => process.env.PLINTH_UPGRADE_FAIL_AT ?? '';

interface UpgradeRow {
  id: number;
  initiated_at: Date;
  status: DatabaseUpgradeStatus['status'];
  progress: string | null;
  target_version: string;
  error: string | null;
}

export interface UpgradeServiceOptions {
  control: ControlDatabase;
  databases: ProjectDatabaseManager;
  projects: ProjectsService;
  backup: BackupOptions;
  /** Where the dump of the old database is kept while the upgrade runs. */
  workDir: string;
  log: FastifyBaseLogger;
}

export class UpgradeService {
  /** Tests and the bench: called as each step starts ("<n>_<key>"). */
  onStep: (ref: string, progress: string) => void = () => undefined;

  constructor(private readonly o: UpgradeServiceOptions) {}

  /** At start: an upgrade left Upgrading by a stopped platform is failed (its project reopens on the database it had). */
  async failInterrupted(): Promise<void> {
    await this.o.control.query(
      `update database_upgrades set status = 'Failed', finished_at = now(), error = 'the platform stopped during the upgrade; the project is on its old database' where status = 'Upgrading'`,
    );
  }

  private async image(rec: ProjectRecord): Promise<number> {
    const r = await this.o.control.query<{ database_image: number | null }>('select database_image from projects where id = $1', [rec.id]);
    return r.rows[0]?.database_image ?? FIRST_PROJECT_IMAGE;
  }

  private async postgresMajor(ref: string): Promise<number | null> {
    const db = await this.o.databases.get(ref).catch(() => null);
    if (!db) return null;
    const r = await db.query<{ major: number }>(`select (pg_catalog.current_setting('server_version_num')::int / 10000) as major`).catch(() => null);
    return r?.rows[0]?.major ?? null;
  }

  /** The database's version, the available upgrade and whether it can start now. */
  async eligibility(rec: ProjectRecord): Promise<DatabaseInfrastructure> {
    const status = await this.o.projects.status(rec.ref);
    const image = await this.image(rec);
    const major = status === 'ACTIVE_HEALTHY' ? await this.postgresMajor(rec.ref) : null;
    const current = databaseVersion(major, image);
    const target = image < PROJECT_IMAGE ? databaseVersion(major, PROJECT_IMAGE) : null;
    const reason =
      status === 'UPGRADING'
        ? 'An upgrade of this project is running'
        : !target
          ? `This project's database is on the latest version (${current})`
          : status !== 'ACTIVE_HEALTHY'
            ? `Only an active project can be upgraded; this project is ${status}`
            : null;
    return { engine: this.o.databases.embedded ? 'Postgres (embedded, PGlite)' : 'Postgres', postgres_major: major, current_version: current, target_version: target, eligible: reason === null, reason };
  }

  /** Starts the upgrade (the project is UPGRADING when this answers); `done` resolves when it ended, either way. */
  async start(rec: ProjectRecord, targetVersion: string): Promise<DatabaseUpgradeStatus> {
    const status = await this.o.projects.status(rec.ref);
    if (status === 'UPGRADING') throw new HttpError(409, 'An upgrade of this project is already running', 'UPGRADE_RUNNING');
    const info = await this.eligibility(rec);
    if (!info.target_version) throw new HttpError(400, `This project's database is already on the latest version (${info.current_version}); there is nothing to upgrade`, 'ALREADY_CURRENT', 'target_version');
    if (status !== 'ACTIVE_HEALTHY') throw new HttpError(409, info.reason ?? `Only an active project can be upgraded; this project is ${status}`, 'INVALID_STATUS');
    if (targetVersion !== info.target_version) throw new HttpError(400, `target_version must be the available version (${info.target_version})`, 'VALIDATION', 'target_version');
    let row: UpgradeRow;
    try {
      const r = await this.o.control.query<UpgradeRow>(
        `insert into database_upgrades (project_id, status, progress, target_version, from_version) values ($1, 'Upgrading', null, $2, $3)
         returning id, initiated_at, status, progress, target_version, error`,
        [rec.id, info.target_version, info.current_version],
      );
      row = r.rows[0]!;
    } catch (err) {
      if ((err as { code?: string }).code === '23505') throw new HttpError(409, 'An upgrade of this project is already running', 'UPGRADE_RUNNING');
      throw err;
    }
    try {
      await this.o.projects.upgradeDatabase(rec, info.target_version, () => this.run(rec, row.id));
    } catch (err) {
      await this.o.control.query(`update database_upgrades set status = 'Failed', finished_at = now(), error = $2 where id = $1`, [row.id, (err as Error).message]);
      throw err;
    }
    return toStatus(row);
  }

  private async run(rec: ProjectRecord, id: number): Promise<void> {
    const ref = rec.ref;
    const db = this.o.databases;
    const file = path.join(this.o.workDir, `${ref}-${randomBytes(6).toString('hex')}.dump`);
    /** Set once the new database replaced the old one: a later failure loads the old data back from `file`. */
    let replaced = false;
    let index = 0;
    const step = async (key: StepKey, work: () => Promise<void>) => {
      index += 1;
      const progress = `${index}_${key}`;
      await this.o.control.query('update database_upgrades set progress = $2 where id = $1', [id, progress]);
      this.onStep(ref, progress);
      if (faultAt() === key && key !== 'execute_migration') throw new Error(`${DATABASE_UPGRADE_STEPS[index - 1]!.label} failed (fault injected for tests)`);
      await work();
    };
    const loadFrom = async (failHalfWay: boolean) => {
      const data = readFile(file, failHalfWay);
      await restoreProjectDatabase(db, ref, this.o.backup, data);
    };
    try {
      await step('prepare_new_server', async () => {
        await mkdir(this.o.workDir, { recursive: true });
      });
      let size = 0;
      await step('prepare_for_migration', async () => {
        const live = await db.get(ref);
        const r = await live.query<{ size: string }>('select pg_catalog.pg_database_size(pg_catalog.current_database())::text as size');
        size = Number(r.rows[0]?.size ?? 0);
      });
      await step('pre_upgrade_checks', async () => {
        // The dump and the new database both need room beside the old one.
        const fs = await statfs(this.o.workDir);
        const free = Number(fs.bavail) * Number(fs.bsize);
        if (free < size * 2) throw new Error(`not enough disk space for the upgrade: ${Math.round(free / 1e6)} MB free, about ${Math.round((size * 2) / 1e6)} MB needed`);
      });
      await step('shut_down_api_services', async () => {
        // The project is UPGRADING: the project services answer not running; direct connections end.
        await db.wire?.disconnect(ref, 'terminating connection because the project database is being upgraded');
      });
      await step('migrate_to_new_database', async () => {
        await backupProjectDatabase(db, ref, this.o.backup, (data) => pipeline(data, createWriteStream(file, { flags: 'wx', mode: 0o600 })));
      });
      await step('execute_migration', async () => {
        await loadFrom(faultAt() === 'execute_migration');
        replaced = true;
      });
      await step('update_extensions', async () => {
        const live = await db.get(ref);
        const r = await live.query<{ name: string }>(
          `select e.extname as name from pg_catalog.pg_extension e join pg_catalog.pg_available_extensions a on a.name = e.extname where a.default_version is distinct from e.extversion`,
        );
        for (const { name } of r.rows) await live.exec(`alter extension ${quoteIdent(name)} update`);
      });
      await step('optimize_database', async () => {
        const live: ProjectDatabase = await db.get(ref);
        await live.exec('analyze');
      });
      await this.o.control.transaction(async (tx) => {
        await tx.query(`update database_upgrades set status = 'Upgraded', finished_at = now() where id = $1`, [id]);
        await tx.query('update projects set database_image = $2 where id = $1', [rec.id, PROJECT_IMAGE]);
      });
    } catch (err) {
      this.o.log.error({ err, ref }, 'database upgrade failed');
      let message = (err as Error).message;
      if (replaced) {
        try {
          await loadFrom(false);
        } catch (back) {
          message += `; loading the old data back failed too: ${(back as Error).message}`;
        }
      }
      await this.o.control.query(`update database_upgrades set status = 'Failed', finished_at = now(), error = $2 where id = $1`, [id, message]);
      throw err;
    } finally {
      await rm(file, { force: true });
    }
  }
}

function toStatus(row: UpgradeRow): DatabaseUpgradeStatus {
  return { initiated_at: new Date(row.initiated_at).toISOString(), status: row.status, progress: row.progress, target_version: row.target_version, error: row.error };
}

/** The dump's bytes; with `failHalfWay` (tests only) the read breaks after its first part, as a damaged dump would. */
async function* readFile(file: string, failHalfWay: boolean): AsyncGenerator<Uint8Array> {
  let n = 0;
  for await (const chunk of createReadStream(file)) {
    if (failHalfWay && n > 0) throw new Error('Execute migration failed half-way (fault injected for tests)');
    n += 1;
    yield chunk as Uint8Array;
  }
  if (failHalfWay) throw new Error('Execute migration failed half-way (fault injected for tests)');
}
