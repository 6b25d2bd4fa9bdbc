import type { FastifyBaseLogger } from 'fastify';
import type { ApiDeps, ControlDatabase, ObjectStore } from '@plinth/platform-core/deps';
import { HttpError } from '@plinth/platform-core/deps';
import type { AccessRegistry, ProjectRecord } from '@plinth/platform-core/access';
import type { ProjectDatabaseManager } from '@plinth/platform-core/project-db/manager';
import type { ProjectRecords } from '@plinth/project-services';
import type { ProjectStatus } from '@plinth/shared-contracts';

// Deleting a project: everything of it goes, and the ref is refused from then on. Its rows are
// found by construction rather than listed here: every table of the control database (and of the
// log store's, when it has its own) with a `project_ref` text column or a `project_id` integer
// column loses the project's rows, so a table added later is covered without touching this file.
// The rows go first, in one transaction (from then on every call with the ref is a 404 and every
// key of the project is refused), then the database and the files; a failure there is logged with
// the ref and leaves no project behind that could be reached.

/** What a status allows: a project whose database is being made, opened or closed is not deleted mid-way. */
const DELETABLE = new Set(['ACTIVE_HEALTHY', 'INACTIVE', 'RESTORATION_FAILED', 'UNKNOWN']);

interface QueryRunner {
  query<Row = Record<string, unknown>>(sql: string, params?: unknown[]): Promise<{ rows: Row[] }>;
}

/** Tables (partitions left out: their parent covers them) of the current database with the given column and type family. */
async function tablesWith(db: QueryRunner, column: 'project_ref' | 'project_id'): Promise<string[]> {
  const types = column === 'project_ref' ? ['text', 'varchar'] : ['int4', 'int8', 'int2'];
  const r = await db.query<{ name: string }>(
    `select pg_catalog.format('%I.%I', n.nspname, c.relname) as name
       from pg_catalog.pg_attribute a
       join pg_catalog.pg_class c on c.oid = a.attrelid
       join pg_catalog.pg_namespace n on n.oid = c.relnamespace
       join pg_catalog.pg_type t on t.oid = a.atttypid
      where a.attname = $1 and not a.attisdropped and c.relkind in ('r', 'p') and not c.relispartition
        and n.nspname not in ('pg_catalog', 'information_schema') and n.nspname not like 'pg\\_%'
        and t.typname = any($2::text[])
      order by 1`,
    [column, types],
  );
  return r.rows.map((row) => row.name);
}

/** Deletes the project's rows from every table that keys rows by its ref or id. */
async function deleteRows(db: QueryRunner, rec: ProjectRecord): Promise<void> {
  for (const table of await tablesWith(db, 'project_ref')) await db.query(`delete from ${table} where project_ref = $1`, [rec.ref]);
  for (const table of await tablesWith(db, 'project_id')) await db.query(`delete from ${table} where project_id = $1`, [rec.id]);
}

/** What a removal asks of the projects service (service.ts, which calls it): wait for the project's own work, read its status, forget it. */
export interface ProjectsForRemoval {
  settled(ref: string): Promise<void>;
  status(ref: string): Promise<ProjectStatus>;
  forget(ref: string): void;
}

export interface ProjectRemovalDeps {
  control: ControlDatabase;
  access: AccessRegistry;
  projects: ProjectsForRemoval;
  databases: ProjectDatabaseManager;
  objects: ObjectStore;
  records: ProjectRecords;
  /** What the project services made from the project's files (transformed images). */
  derived: { forgetProject(ref: string): Promise<void> };
  /** The log store's database when it is not the control database (LOGS_DATABASE_URL). */
  logs?: QueryRunner | null;
  /** The project's backup files (absent where the platform takes no backups). */
  backups?: { removeProject(ref: string): Promise<void> } | null;
  log: FastifyBaseLogger;
}

/** What a removal needs beyond the projects service, from a route module's deps and the log store's database. */
export function removalDeps(deps: ApiDeps, logStoreDb: QueryRunner): Pick<ProjectRemovalDeps, 'objects' | 'records' | 'derived' | 'logs' | 'backups'> {
  return {
    objects: deps.objects,
    records: deps.services.projectServices.records,
    derived: deps.services.projectServices.storage,
    logs: deps.services.config.logsDatabaseUrl ? logStoreDb : null,
    backups: deps.services.backups ?? null,
  };
}

/** Deletes a project for good: its rows, its database, its files (and the images made from them), its log rows and its backups. */
export async function removeProject(deps: ProjectRemovalDeps, rec: ProjectRecord): Promise<void> {
  await deps.projects.settled(rec.ref);
  const status = await deps.projects.status(rec.ref);
  if (!DELETABLE.has(status)) {
    throw new HttpError(409, `This project is ${status}; it can be deleted once that is over`, 'INVALID_STATUS');
  }
  // Its preview branches (projects of their own) go with it, each as a deleted project goes.
  const branches = await deps.control.query<{ ref: string; name: string }>('select ref, name from projects where parent_project_ref = $1 order by id', [rec.ref]);
  for (const branch of branches.rows) {
    await deps.projects.settled(branch.ref);
    const branchStatus = await deps.projects.status(branch.ref);
    if (!DELETABLE.has(branchStatus)) throw new HttpError(409, `Its preview branch ${branch.name} is ${branchStatus}; the project can be deleted once that is over`, 'INVALID_STATUS');
  }
  for (const branch of branches.rows) {
    const found = await deps.access.project(branch.ref);
    if (found) await removeProject(deps, found);
  }
  await deps.control.transaction(async (tx) => {
    // Rows keyed by the ref alone, then the project row (whose foreign keys cascade).
    await deleteRows(tx, rec);
    await tx.query('delete from projects where id = $1', [rec.id]);
  });
  deps.projects.forget(rec.ref);
  deps.access.forgetProject(rec.ref);
  deps.records.forget(rec.ref);
  const steps: [string, () => Promise<void>][] = [
    ['database', () => deps.databases.drop(rec.ref)],
    ['files', () => deps.objects.removeProject(rec.ref)],
    ['transformed images', () => deps.derived.forgetProject(rec.ref)],
    ['log rows', async () => (deps.logs ? deleteRows(deps.logs, rec) : undefined)],
    ['backups', async () => deps.backups?.removeProject(rec.ref)],
  ];
  for (const [what, step] of steps) {
    try {
      await step();
    } catch (err) {
      deps.log.error({ err, ref: rec.ref }, `deleted project: its ${what} could not be removed`);
    }
  }
  deps.log.info({ ref: rec.ref }, 'project deleted');
}
