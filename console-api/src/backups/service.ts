import { randomUUID } from 'node:crypto';
import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import { BACKUP_RETENTION_DAYS, type Backup, type BackupKind, type BackupList } from '@plinth/contracts-database';
import { PLAN_IDS, type PlanId } from '@plinth/shared-contracts';
import { HttpError, type ControlDatabase, type ObjectStore } from '@plinth/platform-core/deps';
import type { AccessRegistry, ProjectRecord } from '@plinth/platform-core/access';
import { createDiskObjectStore } from '@plinth/platform-core/object-store';
import type { ProjectDatabaseManager } from '@plinth/platform-core/project-db/manager';
import { backupFormat, backupProjectDatabase, restoreProjectDatabase, type BackupOptions } from '@plinth/platform-core/project-db/backup';
import type { ProjectsService } from '../projects/service';

// Database → Backups (issue 24): see console-api/README.md, "Backups".

declare module '@plinth/platform-core/deps' {
  interface ControlServices {
    /** Made by the backups route module (backups/routes.ts). */
    backups?: BackupService;
  }
}

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * Where backups are stored: the object store's interface, rooted under the platform's own prefix
 * of the storage folder (`<objectStoreDir>/_platform/backups/<ref>/…`). A tenant's storage calls
 * address `<objectStoreDir>/<ref>/…` only (a ref never starts with `_`), so they can neither list
 * nor read a backup.
 */
export function backupObjectStore(objectStoreDir: string): ObjectStore {
  return createDiskObjectStore(path.join(objectStoreDir, '_platform', 'backups'));
}

interface BackupRow {
  id: string;
  project_ref: string;
  kind: BackupKind;
  status: Backup['status'];
  format: 'pgdata-tar-gz' | 'sql-gz';
  started_at: Date;
  finished_at: Date | null;
  size_bytes: string | number | null;
  expires_at: Date;
  error: string | null;
  restore_status: Backup['restore_status'];
  restore_started_at: Date | null;
  restore_finished_at: Date | null;
  restore_error: string | null;
}

const iso = (d: Date | null) => (d ? new Date(d).toISOString() : null);
const stamp = (d: Date) => new Date(d).toISOString().replace(/[-:]/g, '').replace(/\.\d+Z$/, 'Z');

export function backupFileName(row: Pick<BackupRow, 'project_ref' | 'started_at' | 'kind' | 'format'>): string {
  return `${row.project_ref}-${stamp(row.started_at)}-${row.kind}.${row.format === 'sql-gz' ? 'sql.gz' : 'pgdata.tar.gz'}`;
}

function toBackup(row: BackupRow): Backup {
  return {
    id: row.id,
    kind: row.kind,
    status: row.status,
    started_at: iso(row.started_at)!,
    finished_at: iso(row.finished_at),
    size_bytes: row.size_bytes === null ? null : Number(row.size_bytes),
    file_name: backupFileName(row),
    expires_at: iso(row.expires_at)!,
    error: row.error,
    restore_status: row.restore_status,
    restore_started_at: iso(row.restore_started_at),
    restore_finished_at: iso(row.restore_finished_at),
    restore_error: row.restore_error,
  };
}

const SELECT = `select b.id::text as id, p.ref as project_ref, b.kind, b.status, b.format, b.started_at, b.finished_at, b.size_bytes, b.expires_at, b.error,
  b.restore_status, b.restore_started_at, b.restore_finished_at, b.restore_error from project_backups b join projects p on p.id = b.project_id`;

export interface BackupServiceOptions {
  control: ControlDatabase;
  databases: ProjectDatabaseManager;
  projects: ProjectsService;
  access: AccessRegistry;
  store: ObjectStore;
  backup: BackupOptions;
  log: FastifyBaseLogger;
  /** The clock (tests move it). */
  now?: () => Date;
}

export class BackupService {
  /** Backups being written, so tests and shutdown can wait for them. */
  private readonly running = new Set<Promise<unknown>>();
  private now: () => Date;

  constructor(private readonly o: BackupServiceOptions) {
    this.now = o.now ?? (() => new Date());
  }

  /** Tests: set the clock. */
  setClock(now: () => Date): void {
    this.now = now;
  }

  planOf(planId: string): PlanId {
    return (PLAN_IDS as readonly string[]).includes(planId) ? (planId as PlanId) : 'free';
  }

  async list(rec: ProjectRecord, plan: PlanId): Promise<BackupList> {
    const r = await this.o.control.query<BackupRow>(`${SELECT} where b.project_id = $1 order by b.started_at desc, b.id`, [rec.id]);
    return { plan, retention_days: BACKUP_RETENTION_DAYS[plan], format: backupFormat(this.o.databases), backups: r.rows.map(toBackup) };
  }

  async get(rec: ProjectRecord, id: string): Promise<BackupRow> {
    const r = await this.o.control.query<BackupRow>(`${SELECT} where b.project_id = $1 and b.id = $2::uuid`, [rec.id, id]);
    const row = r.rows[0];
    if (!row) throw new HttpError(404, 'Backup not found', 'BACKUP_NOT_FOUND');
    return row;
  }

  /**
   * Starts a backup of an active project (the row answers at once, RUNNING; the bytes are written
   * in the background). A scheduled one takes its day's lease: null when another run has it.
   */
  async start(rec: ProjectRecord, plan: PlanId, kind: BackupKind, day: string | null = null): Promise<{ backup: Backup; done: Promise<void> } | null> {
    const status = await this.o.projects.status(rec.ref);
    if (status !== 'ACTIVE_HEALTHY') throw new HttpError(409, `A backup is taken of an active project; this project is ${status}`, 'INVALID_STATUS');
    const running = await this.o.control.query<{ n: number }>(`select count(*)::int as n from project_backups where project_id = $1 and status = 'RUNNING'`, [rec.id]);
    if (kind === 'on-demand' && (running.rows[0]?.n ?? 0) > 0) throw new HttpError(409, 'A backup of this project is already being taken', 'BACKUP_RUNNING');
    const id = randomUUID();
    const now = this.now();
    const expires = new Date(now.getTime() + BACKUP_RETENTION_DAYS[plan] * DAY_MS);
    const inserted = await this.o.control.query<{ id: string }>(
      `insert into project_backups (id, project_id, kind, scheduled_day, format, started_at, expires_at) values ($1, $2, $3, $4, $5, $6, $7)
       on conflict do nothing returning id::text as id`,
      [id, rec.id, kind, day, backupFormat(this.o.databases), now, expires],
    );
    if (!inserted.rows[0]) return null;
    const done = this.write(rec, id);
    this.running.add(done);
    void done.finally(() => this.running.delete(done));
    return { backup: toBackup(await this.get(rec, id)), done };
  }

  private async write(rec: ProjectRecord, id: string): Promise<void> {
    try {
      const info = await backupProjectDatabase(this.o.databases, rec.ref, this.o.backup, (data) => this.o.store.put(rec.ref, id, data));
      await this.o.control.query(`update project_backups set status = 'COMPLETED', finished_at = $2, size_bytes = $3 where id = $1`, [id, this.now(), info.size]);
    } catch (err) {
      this.o.log.error({ err, ref: rec.ref, id }, 'backup failed');
      await this.o.store.delete(rec.ref, [id]).catch(() => undefined);
      await this.o.control.query(`update project_backups set status = 'FAILED', finished_at = $2, error = $3 where id = $1`, [id, this.now(), (err as Error).message]).catch(() => undefined);
    }
  }

  /** The stored bytes of a complete backup, for a download. */
  async read(rec: ProjectRecord, id: string): Promise<{ row: BackupRow; data: AsyncIterable<Uint8Array> & { size: number } }> {
    const row = await this.get(rec, id);
    if (row.status !== 'COMPLETED') throw new HttpError(409, `This backup is ${row.status === 'RUNNING' ? 'still being taken' : 'failed'}; only a complete backup can be downloaded or restored`, 'BACKUP_NOT_READY');
    return { row, data: await this.o.store.get(rec.ref, id) };
  }

  /**
   * Restores a complete backup into the project: RESTORING at once; the old database is kept
   * until the restored one opens, and put back when anything fails (the failure is recorded on
   * the backup's row and in the project's status history).
   */
  async restore(rec: ProjectRecord, id: string): Promise<Backup> {
    const row = await this.get(rec, id);
    if (row.status !== 'COMPLETED') throw new HttpError(409, 'Only a complete backup can be restored', 'BACKUP_NOT_READY');
    const busy = await this.o.control.query<{ n: number }>(`select count(*)::int as n from project_backups where project_id = $1 and status = 'RUNNING'`, [rec.id]);
    if ((busy.rows[0]?.n ?? 0) > 0) throw new HttpError(409, 'A backup of this project is being taken; restore once it is done', 'BACKUP_RUNNING');
    const what = `the backup of ${iso(row.started_at)}`;
    await this.o.projects.restoreFromBackup(
      rec,
      what,
      async () => {
        await this.o.control.query(`update project_backups set restore_status = 'RESTORING', restore_started_at = $2, restore_finished_at = null, restore_error = null where id = $1`, [id, this.now()]);
        const data = await this.o.store.get(rec.ref, id).catch(() => {
          throw new Error('the backup file is missing from the store');
        });
        await restoreProjectDatabase(this.o.databases, rec.ref, this.o.backup, data);
      },
      async (err) => {
        await this.o.control.query(`update project_backups set restore_status = $2, restore_finished_at = $3, restore_error = $4 where id = $1`, [id, err ? 'FAILED' : 'RESTORED', this.now(), err?.message ?? null]);
      },
    );
    return toBackup(await this.get(rec, id));
  }

  async remove(rec: ProjectRecord, id: string): Promise<void> {
    const row = await this.get(rec, id);
    if (row.status === 'RUNNING') throw new HttpError(409, 'This backup is still being taken', 'BACKUP_RUNNING');
    if (row.restore_status === 'RESTORING') throw new HttpError(409, 'This backup is being restored', 'BACKUP_RESTORING');
    await this.o.store.delete(rec.ref, [id]);
    await this.o.control.query('delete from project_backups where id = $1', [id]);
  }

  /**
   * The daily run: every active project not yet backed up today (UTC) whose time of day has come
   * (each project has its own minute of the day, from its ref, so the backups spread over the
   * day) is backed up, one at a time; paused projects are skipped. Then the retention. Answers the
   * refs backed up.
   */
  async runScheduled(opts: { spread?: boolean } = {}): Promise<string[]> {
    const now = this.now();
    const day = now.toISOString().slice(0, 10);
    const minuteOfDay = now.getUTCHours() * 60 + now.getUTCMinutes();
    const r = await this.o.control.query<{ ref: string; plan: string }>(
      `select p.ref, o.plan from projects p join organizations o on o.id = p.organization_id
        where not exists (select 1 from project_backups b where b.project_id = p.id and b.scheduled_day = $1::date) order by p.id`,
      [day],
    );
    const done: string[] = [];
    for (const p of r.rows) {
      if ((opts.spread ?? true) && spreadMinute(p.ref) > minuteOfDay) continue;
      const rec = await this.o.access.project(p.ref);
      if (!rec || (await this.o.projects.status(p.ref)) !== 'ACTIVE_HEALTHY') continue;
      try {
        const started = await this.start(rec, this.planOf(p.plan), 'scheduled', day);
        if (!started) continue;
        await started.done;
        done.push(p.ref);
      } catch (err) {
        if (!(err instanceof HttpError)) this.o.log.error({ err, ref: p.ref }, 'scheduled backup not started');
      }
    }
    await this.expire();
    return done;
  }

  /** The retention: removes every backup past its plan's days (counted from when it was taken, on the organization's plan now). */
  async expire(): Promise<number> {
    const now = this.now();
    const r = await this.o.control.query<{ id: string; ref: string; plan: string; started_at: Date; restore_status: string | null; status: string }>(
      `select b.id::text as id, p.ref, o.plan, b.started_at, b.restore_status, b.status from project_backups b join projects p on p.id = b.project_id join organizations o on o.id = p.organization_id`,
    );
    let removed = 0;
    for (const b of r.rows) {
      if (b.status === 'RUNNING' || b.restore_status === 'RESTORING') continue;
      const keepUntil = new Date(b.started_at).getTime() + BACKUP_RETENTION_DAYS[this.planOf(b.plan)] * DAY_MS;
      if (keepUntil > now.getTime()) continue;
      await this.o.store.delete(b.ref, [b.id]).catch(() => undefined);
      await this.o.control.query('delete from project_backups where id = $1', [b.id]);
      removed += 1;
    }
    return removed;
  }

  /**
   * Every backup of a deleted project goes with it. A backup still being written is waited for
   * first (its database is gone, so it ends at once), or its file would land after the removal.
   */
  async removeProject(ref: string): Promise<void> {
    await Promise.allSettled([...this.running]);
    await this.o.store.removeProject(ref);
  }

  /** Waits for every backup being written (the schedule is a job of ../jobs, stopped with the server). */
  async stop(): Promise<void> {
    await Promise.all([...this.running]);
  }

  /** Resolves once every backup being written is done. */
  async settled(): Promise<void> {
    await Promise.all([...this.running]);
  }
}

/** A project's minute of the day (UTC) for its scheduled backup, from its ref. */
export function spreadMinute(ref: string): number {
  let h = 0;
  for (const c of ref) h = (h * 31 + c.charCodeAt(0)) % 1440;
  return h;
}
