import { realpath, rm } from 'node:fs/promises';
import type { FastifyBaseLogger } from 'fastify';
import type { DatabaseUpgradeStatusAnswer, Project, ProjectStatus, StatusEvent } from '@plinth/shared-contracts';
import type { ControlDatabase } from '@plinth/platform-core/deps';
import { HttpError } from '@plinth/platform-core/deps';
import type { AccessRegistry, ProjectRecord } from '@plinth/platform-core/access';
import type { ProjectDatabaseManager } from '@plinth/platform-core/project-db/manager';
import type { OrganizationsService } from '../organizations/service';
import { projectConnectionString } from './connection';
import { removeProject, type ProjectRemovalDeps } from './removal';
import { issueProjectKeys, newProjectRef } from '@plinth/platform-core/project-keys';
import { PROJECT_IMAGE } from '@plinth/platform-core/project-db/image';
import { localControlEvents, type ControlEvents } from '@plinth/platform-core/control-events';

/** The control event of a status changed by one instance: the others drop their copy of it. */
const STATUS_TOPIC = 'projects.status';

interface ProjectRow {
  id: number;
  ref: string;
  name: string;
  status: ProjectStatus;
  organization_id: number;
  slug: string;
  subscription_id: string;
  kps_version: string;
  is_branch_enabled: boolean;
  parent_project_ref: string | null;
  inserted_at: Date;
}

const SELECT_PROJECT = `select p.id, p.ref, p.name, p.status, p.organization_id, o.slug, o.subscription_id, p.kps_version,
  p.is_branch_enabled, p.parent_project_ref, p.inserted_at from projects p join organizations o on o.id = p.organization_id`;

/**
 * Projects and their lifecycle. Every status change goes through setStatus, which records the
 * transition with its time and updates the in-memory copy that GET status answers from; the other
 * API instances on the control database drop their copy (control events) and read it again.
 */
export class ProjectsService {
  /** Background work per project (create, pause, restore), so tests and shutdown can wait for it. */
  private readonly work = new Map<string, Promise<void>>();

  constructor(
    private readonly control: ControlDatabase,
    private readonly access: AccessRegistry,
    private readonly databases: ProjectDatabaseManager,
    private readonly orgs: OrganizationsService,
    private readonly log: FastifyBaseLogger,
    private readonly apiBase: string,
    /** Tells the other instances on the control database when a status changes here (their copy is dropped and read afresh). */
    private readonly events: ControlEvents = localControlEvents(),
  ) {
    events.on(STATUS_TOPIC, (ref) => this.cached.delete(ref));
    events.onResync(() => this.cached.clear());
    // An active project whose database cannot be opened again (files gone) says so and can be restored.
    databases.onOpenFailure((ref, reason) => {
      void this.access.project(ref).then((rec) => {
        if (rec && this.cached.get(ref) === 'ACTIVE_HEALTHY') return this.setStatus(rec, 'RESTORATION_FAILED', reason);
      }).catch((err) => this.log.error({ err, ref }, 'could not record a failed database'));
    });
  }

  private toProject(row: ProjectRow): Project {
    const status = this.statusOf(row.ref) ?? row.status;
    return {
      id: row.id,
      ref: row.ref,
      name: row.name,
      status,
      postgrestStatus: status === 'ACTIVE_HEALTHY' && this.databases.isOpen(row.ref) ? 'ONLINE' : 'OFFLINE',
      connectionString: projectConnectionString(this.databases.connectionUrl(row.ref), row.ref),
      subscription_id: row.subscription_id,
      restUrl: `${this.apiBase}/projects/${row.ref}/api/rest/`,
      kpsVersion: row.kps_version,
      is_branch_enabled: row.is_branch_enabled,
      parent_project_ref: row.parent_project_ref,
      organization_id: row.organization_id,
      organization_slug: row.slug,
      inserted_at: new Date(row.inserted_at).toISOString(),
    };
  }

  private statusOf(ref: string): ProjectStatus | undefined {
    return this.cached.get(ref);
  }
  private readonly cached = new Map<string, ProjectStatus>();

  /** The current status, from memory once known (the hot path of GET status). */
  async status(ref: string): Promise<ProjectStatus> {
    const s = this.cached.get(ref);
    if (s) return s;
    const rec = await this.access.project(ref);
    if (!rec) throw new HttpError(404, `Project not found: ${ref}`, 'PROJECT_NOT_FOUND');
    return rec.status as ProjectStatus;
  }

  async listFor(userId: string): Promise<Project[]> {
    const r = await this.control.query<ProjectRow>(
      `${SELECT_PROJECT} join members m on m.organization_id = p.organization_id and m.user_id = $1 order by p.id`,
      [userId],
    );
    return r.rows.map((row) => this.toProject(row));
  }

  async get(ref: string): Promise<Project> {
    const r = await this.control.query<ProjectRow>(`${SELECT_PROJECT} where p.ref = $1`, [ref]);
    if (!r.rows[0]) throw new HttpError(404, `Project not found: ${ref}`, 'PROJECT_NOT_FOUND');
    const events = await this.control.query<{ status: ProjectStatus; at: Date; detail: string | null }>(
      'select status, at, detail from project_status_events where project_id = $1 order by id',
      [r.rows[0].id],
    );
    const history: StatusEvent[] = events.rows.map((e) => ({ status: e.status, at: new Date(e.at).toISOString(), detail: e.detail }));
    return { ...this.toProject(r.rows[0]), status_history: history };
  }

  async rename(ref: string, name: string): Promise<Project> {
    await this.control.query('update projects set name = $1 where ref = $2', [name, ref]);
    const rec = await this.access.project(ref);
    if (rec) this.access.setProject({ ...rec, name });
    return this.get(ref);
  }

  private async setStatus(rec: ProjectRecord, status: ProjectStatus, detail: string | null = null): Promise<void> {
    await this.control.transaction(async (tx) => {
      await tx.query('update projects set status = $1 where id = $2', [status, rec.id]);
      await tx.query('insert into project_status_events (project_id, status, detail) values ($1, $2, $3)', [rec.id, status, detail]);
    });
    this.cached.set(rec.ref, status);
    void this.events.publish(STATUS_TOPIC, rec.ref);
    const current = (await this.access.project(rec.ref)) ?? rec;
    this.access.setProject({ ...current, status });
    this.log.info({ ref: rec.ref, status, detail }, 'project status');
  }

  private background(ref: string, job: () => Promise<void>): void {
    const previous = this.work.get(ref) ?? Promise.resolve();
    const run = previous.then(job).catch((err) => this.log.error({ err, ref }, 'project background work failed'));
    this.work.set(ref, run);
    void run.finally(() => {
      if (this.work.get(ref) === run) this.work.delete(ref);
    });
  }

  /** Deletes the project for good: its rows, database, files, log rows and backups (removal.ts). */
  remove(rec: ProjectRecord, more: Pick<ProjectRemovalDeps, 'objects' | 'records' | 'derived' | 'logs' | 'backups'>): Promise<void> {
    return removeProject({ control: this.control, access: this.access, projects: this, databases: this.databases, log: this.log, ...more }, rec);
  }

  /** The project was deleted: its status is no longer kept in memory. */
  forget(ref: string): void {
    this.cached.delete(ref);
    void this.events.publish(STATUS_TOPIC, ref);
  }

  /** Resolves once the project's background work (if any) is done. */
  async settled(ref?: string): Promise<void> {
    if (ref) await this.work.get(ref);
    else await Promise.all([...this.work.values()]);
  }

  /** Creates the record at once (COMING_UP); the database is made in the background. */
  async create(organization: { id: number; slug: string }, name: string): Promise<Project> {
    const ref = newProjectRef();
    const keys = await issueProjectKeys(ref);
    const row = await this.control.transaction(async (tx) => {
      const r = await tx.query<{ id: number }>(
        `insert into projects (ref, name, organization_id, status, jwt_secret, anon_key, service_role_key, database_image) values ($1, $2, $3, 'COMING_UP', $4, $5, $6, $7) returning id`,
        [ref, name, organization.id, keys.jwtSecret, keys.anonKey, keys.serviceRoleKey, PROJECT_IMAGE],
      );
      await tx.query(`insert into project_status_events (project_id, status, detail) values ($1, 'COMING_UP', 'project created')`, [r.rows[0]!.id]);
      return r.rows[0]!;
    });
    const rec: ProjectRecord = { id: row.id, ref, name, status: 'COMING_UP', organizationId: organization.id, organizationSlug: organization.slug };
    this.access.setProject(rec);
    this.cached.set(ref, 'COMING_UP');
    this.background(ref, async () => {
      try {
        await this.databases.create(ref);
        await this.setStatus(rec, 'ACTIVE_HEALTHY', 'database created, storage schema migrated, API keys issued');
      } catch (err) {
        await this.setStatus(rec, 'UNKNOWN', `database could not be created: ${(err as Error).message}`);
      }
    });
    return this.get(ref);
  }

  /** Pause: PAUSING → GOING_DOWN (database closing) → INACTIVE. Files are kept. */
  async pause(rec: ProjectRecord): Promise<ProjectStatus> {
    const status = await this.status(rec.ref);
    if (status !== 'ACTIVE_HEALTHY') throw new HttpError(409, `Only an active project can be paused; this project is ${status}`, 'INVALID_STATUS');
    await this.setStatus(rec, 'PAUSING');
    // Its running preview branches pause with it.
    const branches = await this.control.query<{ ref: string }>('select ref from projects where parent_project_ref = $1 order by id', [rec.ref]);
    for (const { ref } of branches.rows) {
      const branch = await this.access.project(ref);
      if (branch && (await this.status(ref)) === 'ACTIVE_HEALTHY') await this.pause(branch);
    }
    this.background(rec.ref, async () => {
      try {
        const db = await this.databases.get(rec.ref).catch(() => null);
        const size = db ? await db.sizeBytes().catch(() => null) : null;
        if (size !== null) await this.control.query('update projects set last_db_size_bytes = $1 where id = $2', [size, rec.id]);
        await this.setStatus(rec, 'GOING_DOWN');
        await this.databases.close(rec.ref);
        await this.setStatus(rec, 'INACTIVE', 'database closed');
      } catch (err) {
        await this.setStatus(rec, 'INACTIVE', `database closed with an error: ${(err as Error).message}`);
      }
    });
    return 'PAUSING';
  }

  /**
   * Restart: GOING_DOWN (every connection to the database ends, the database closes) → COMING_UP
   * (it opens again on the same data, the bootstrap checked) → ACTIVE_HEALTHY; a database that
   * does not open again is RESTORATION_FAILED with the reason (restore it once fixed).
   */
  async restart(rec: ProjectRecord): Promise<ProjectStatus> {
    const status = await this.status(rec.ref);
    if (status !== 'ACTIVE_HEALTHY') throw new HttpError(409, `Only an active project can be restarted; this project is ${status}`, 'INVALID_STATUS');
    await this.setStatus(rec, 'GOING_DOWN', 'restart requested');
    this.background(rec.ref, async () => {
      try {
        await this.databases.close(rec.ref);
        await this.setStatus(rec, 'COMING_UP');
        await this.databases.openDatabase(rec.ref);
        await this.setStatus(rec, 'ACTIVE_HEALTHY', 'database restarted');
      } catch (err) {
        await this.setStatus(rec, 'RESTORATION_FAILED', `database could not be opened again after a restart: ${(err as Error).message}`);
      }
    });
    return 'GOING_DOWN';
  }

  /**
   * Restore: refused when a member would exceed the free-project limit; RESTORING → ACTIVE_HEALTHY
   * or RESTORATION_FAILED. A project whose database failed to open (RESTORATION_FAILED) or whose
   * creation failed (UNKNOWN) can be restored too; one that never had a database gets it made now.
   */
  async restore(rec: ProjectRecord, plan: string): Promise<ProjectStatus> {
    const status = await this.status(rec.ref);
    if (status !== 'INACTIVE' && status !== 'RESTORATION_FAILED' && status !== 'UNKNOWN') {
      throw new HttpError(409, `Only a paused project can be restored; this project is ${status}`, 'INVALID_STATUS');
    }
    // A failed project already counts as running toward the limit: restoring it adds none.
    if (plan === 'free' && status === 'INACTIVE') {
      const over = await this.orgs.membersAtFreeProjectLimit(rec.organizationId);
      if (over.length) {
        throw new HttpError(409, `Members of this organization have reached their free project limit: ${over.map((m) => m.primary_email).join(', ')}`, 'FREE_PROJECT_LIMIT');
      }
    }
    await this.setStatus(rec, 'RESTORING');
    this.background(rec.ref, async () => {
      try {
        if (!(await this.everActive(rec.id)) && !(await this.databases.exists(rec.ref))) {
          await this.databases.create(rec.ref);
          await this.setStatus(rec, 'ACTIVE_HEALTHY', 'database created, storage schema migrated');
          return;
        }
        await this.databases.openDatabase(rec.ref);
        await this.setStatus(rec, 'ACTIVE_HEALTHY', 'database opened');
      } catch (err) {
        await this.setStatus(rec, 'RESTORATION_FAILED', (err as Error).message);
      }
    });
    return 'RESTORING';
  }

  /**
   * A restore from a backup (backups/service.ts): only an active project; RESTORING at once, then
   * `job` in the project's background work, then ACTIVE_HEALTHY whether it succeeded (detail: what
   * was restored) or failed (the job leaves the old database in place; detail: the failure).
   */
  async restoreFromBackup(rec: ProjectRecord, what: string, job: () => Promise<void>, after: (err: Error | null) => Promise<void>): Promise<void> {
    const status = await this.status(rec.ref);
    if (status !== 'ACTIVE_HEALTHY') throw new HttpError(409, `Only an active project can be restored from a backup; this project is ${status}`, 'INVALID_STATUS');
    await this.whileOffline(rec, 'RESTORING', { start: `restoring ${what}`, done: `restored ${what}`, failed: (m) => `restore of ${what} failed, the data is as it was: ${m}` }, job, after);
  }

  /**
   * A database upgrade (upgrades/service.ts): UPGRADING at once, `job` in the project's background
   * work; then ACTIVE_HEALTHY, on the new database or, when `job` failed, on the old one it put
   * back (RESTORATION_FAILED only when no database opens at all). `job` records its own outcome.
   */
  async upgradeDatabase(rec: ProjectRecord, what: string, job: () => Promise<void>): Promise<void> {
    const status = await this.status(rec.ref);
    if (status !== 'ACTIVE_HEALTHY') throw new HttpError(409, `Only an active project's database can be upgraded; this project is ${status}`, status === 'UPGRADING' ? 'UPGRADE_RUNNING' : 'INVALID_STATUS');
    await this.whileOffline(rec, 'UPGRADING', {
      start: `upgrading the database to ${what}`,
      done: `database upgraded to ${what}`,
      failed: (m) => `upgrade to ${what} failed, the project is back on its old database: ${m}`,
    }, job);
  }

  /**
   * The project is `during` at once while `job` runs in its background work; then `after` (given
   * the failure, if any), then ACTIVE_HEALTHY, or when `job` failed ACTIVE_HEALTHY on the database
   * it put back (RESTORATION_FAILED only when none opens).
   */
  private async whileOffline(
    rec: ProjectRecord,
    during: 'RESTORING' | 'UPGRADING',
    texts: { start: string; done: string; failed: (message: string) => string },
    job: () => Promise<void>,
    after?: (err: Error | null) => Promise<void>,
  ): Promise<void> {
    await this.setStatus(rec, during, texts.start);
    this.background(rec.ref, async () => {
      let failure: Error | null = null;
      try {
        await job();
      } catch (err) {
        failure = err as Error;
      }
      try {
        await after?.(failure);
      } finally {
        if (!failure) await this.setStatus(rec, 'ACTIVE_HEALTHY', texts.done);
        else {
          const up = await this.databases.openDatabase(rec.ref).then(() => true, () => false);
          await this.setStatus(rec, up ? 'ACTIVE_HEALTHY' : 'RESTORATION_FAILED', texts.failed(failure.message));
        }
      }
    });
  }

  private async everActive(projectId: number): Promise<boolean> {
    const r = await this.control.query<{ n: number }>(`select count(*)::int as n from project_status_events where project_id = $1 and status = 'ACTIVE_HEALTHY'`, [projectId]);
    return (r.rows[0]?.n ?? 0) > 0;
  }

  /**
   * At start: each project that was up is COMING_UP (RESTORING if it was restoring) until its
   * database opens, then ACTIVE_HEALTHY; one whose database cannot open is RESTORATION_FAILED with
   * the reason (restore it once fixed). Projects sharing one data directory are not opened at all.
   * Databases open two at a time; past the bound on open databases the idle ones close again.
   */
  async resumeAll(): Promise<void> {
    const r = await this.control.query<{ id: number; ref: string; status: ProjectStatus }>('select id, ref, status from projects order by id');
    const problems = await this.databases.checkAtStart(r.rows.map((p) => p.ref));
    const toOpen: { rec: ProjectRecord; status: ProjectStatus }[] = [];
    for (const p of r.rows) {
      const rec = await this.access.project(p.ref);
      if (!rec) continue;
      if (p.status === 'ACTIVE_HEALTHY' || p.status === 'COMING_UP' || p.status === 'RESTORING' || p.status === 'UPGRADING' || p.status === 'UNKNOWN') {
        const problem = problems.get(p.ref);
        if (problem) {
          this.log.error({ ref: p.ref, reason: problem }, 'project database not opened at start');
          await this.setStatus(rec, 'RESTORATION_FAILED', `database not opened at start: ${problem}`);
          continue;
        }
        this.cached.set(p.ref, p.status === 'RESTORING' ? 'RESTORING' : 'COMING_UP');
        toOpen.push({ rec, status: p.status });
      } else if (p.status === 'PAUSING' || p.status === 'GOING_DOWN') {
        await this.setStatus(rec, 'INACTIVE', 'API restarted while pausing');
      } else {
        this.cached.set(p.ref, p.status);
      }
    }
    const openOne = async ({ rec, status }: { rec: ProjectRecord; status: ProjectStatus }) => {
      try {
        await this.databases.openDatabase(rec.ref);
        if (status === 'ACTIVE_HEALTHY') {
          this.cached.set(rec.ref, 'ACTIVE_HEALTHY');
          this.access.setProject({ ...((await this.access.project(rec.ref)) ?? rec), status: 'ACTIVE_HEALTHY' });
        } else await this.setStatus(rec, 'ACTIVE_HEALTHY', 'database opened at start');
      } catch (err) {
        await this.setStatus(rec, 'RESTORATION_FAILED', `database could not be opened at start: ${(err as Error).message}`);
      }
    };
    // Two at a time, each as the project's background work (settled() waits for it).
    const lanes = [0, 1].map(() => Promise.resolve());
    toOpen.forEach((item, i) => {
      const lane = i % lanes.length;
      const turn = lanes[lane]!;
      let done!: () => void;
      lanes[lane] = new Promise<void>((resolve) => (done = resolve));
      this.background(item.rec.ref, () => turn.then(() => openOne(item)).finally(done));
    });
  }

  async upgradeStatus(projectId: number): Promise<DatabaseUpgradeStatusAnswer> {
    const r = await this.control.query<{ initiated_at: Date; status: 'Upgrading' | 'Upgraded' | 'Failed'; progress: string | null; target_version: string; error: string | null }>(
      'select initiated_at, status, progress, target_version, error from database_upgrades where project_id = $1 order by id desc limit 1',
      [projectId],
    );
    const u = r.rows[0];
    return { databaseUpgradeStatus: u ? { ...u, initiated_at: new Date(u.initiated_at).toISOString() } : null };
  }

  /** For tests of a failed restore: removes an embedded project's files (server mode: the caller drops the database). */
  async removeEmbeddedFiles(ref: string): Promise<void> {
    const real = await realpath(this.databases.projectDir(ref)).catch(() => null);
    if (real) await rm(real, { recursive: true, force: true });
    await rm(this.databases.projectDir(ref), { recursive: true, force: true });
  }
}
