import type { ProjectUrls } from './project-urls';
/**
 * The seams between the platform API's core (control plane, project databases, object store,
 * sessions and permissions) and the domain route modules (policies, SQL, storage, settings...).
 * Core implements these; every domain module receives them through ApiDeps.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ResolvedConfig } from './config';
import type { AccessRegistry } from './access';
import type { CookieSettings } from './cookies';
import type { HeldSession } from './project-db/held-session';
import type { AuthenticatedUser, ControlDatabase, ProjectAccess, QueryResult } from './core-types';

export type { AuthenticatedUser, ControlDatabase, ProjectAccess, QueryResult };

export interface ProjectQueryOptions {
  /** Run as this database role (set local role) inside a transaction, e.g. 'authenticated'. */
  role?: string;
  /** Per-statement timeout; the core applies a default (statement_timeout) when absent. */
  timeoutMs?: number;
  /** JWT claims made visible to policies as request.jwt.claims (auth.uid() reads claims.sub). */
  claims?: Record<string, unknown>;
  /**
   * The user's own statement (the SQL editor's run). Embedded, it runs alone; the console's calls
   * queued behind it wait briefly, then answer 503 "busy". Server mode: it runs on its own pool.
   */
  user?: boolean;
  /**
   * Server mode: keep the statement prepared on its connection (planned once, run many times); for
   * the hot statements the API writes itself, whose result columns never change. Ignored embedded.
   */
  prepare?: boolean;
  /**
   * Server mode: the key a user's run is known by for a cancel (its member and run id); only the
   * project's own database finds it (ProjectDatabase.cancel).
   */
  runKey?: string;
  /**
   * The platform's own upkeep (the webhook worker's visits): not counted as use, so it never keeps
   * an otherwise idle database open.
   */
  background?: boolean;
}

/** One project's Postgres database, run off the API's main thread. */
export interface ProjectDatabase {
  readonly ref: string;
  query<Row = Record<string, unknown>>(sql: string, params?: unknown[], options?: ProjectQueryOptions): Promise<QueryResult<Row>>;
  /** Several statements in one string (migrations, the SQL editor's multi-statement runs); answers the last result. */
  exec(sql: string, options?: ProjectQueryOptions): Promise<QueryResult[]>;
  /** Runs fn inside one transaction on one connection. */
  transaction<T>(fn: (tx: Pick<ProjectDatabase, 'query' | 'exec'>) => Promise<T>): Promise<T>;
  /**
   * Server mode only (absent embedded: use transaction): statements the API writes itself, run in
   * order as the project role in one implicit transaction sent and answered at once; settings made
   * with set_config(…, true) hold for the statements after and end with the call. Answers the last
   * statement's result. For reads (the caller makes the transaction read-only).
   */
  readInContext?<Row = Record<string, unknown>>(statements: { sql: string; params: unknown[] }[]): Promise<QueryResult<Row>>;
  /**
   * Server mode only: a connection of the project role of its own, held for one SQL editor run
   * whose large result is read page by page (project-db/held-session.ts); at most `max` per
   * project, the least recently used idle one closed beyond that; null when none may be held now.
   */
  holdSession?(max: number): Promise<HeldSession | null>;
  /**
   * Server mode only: cancels the user's run with this key (ProjectQueryOptions.runKey) in this
   * project, if it is running; true when a cancel was sent.
   */
  cancel?(runKey: string): Promise<boolean>;
  /** Bytes on disk (pg_database_size), for usage. */
  sizeBytes(): Promise<number>;
  /**
   * LISTEN on a channel of this database: `onNotify` hears each NOTIFY on it from any session (the
   * console's, an app's, a person's own connection, a function, a migration) once its transaction
   * commits; it is called with null when notifications may have been missed (the listening
   * connection was lost or closed with the database's other connections). Resolves once listening;
   * the answer stops calling `onNotify`. Absent: the database cannot listen.
   */
  listen?(channel: string, onNotify: (payload: string | null) => void): Promise<() => void>;
  /** Connections (or the embedded worker) are open now: false once closed or suspended. */
  readonly running: boolean;
}

export interface ProjectDatabases {
  /**
   * The database of an ACTIVE_HEALTHY project, opened again on demand when it was closed for being
   * idle; throws an HttpError 409 when the project is not up (paused, failed, coming up).
   */
  get(ref: string): Promise<ProjectDatabase>;
  /** Whether the project's database is open now (without opening it). */
  isOpen(ref: string): boolean;
}

export interface StoredObjectInfo {
  size: number;
  etag: string;
}

/**
 * Bytes of storage objects, addressed by project ref and object id (storage.objects.id), never by
 * name: each project has its own root that no id can leave. Writes go to a temporary file that is
 * renamed over the id's file when complete. Errors never name a key or a path.
 */
export interface ObjectStore {
  put(ref: string, id: string, data: AsyncIterable<Uint8Array> | Uint8Array, opts?: { maxBytes?: number }): Promise<StoredObjectInfo>;
  /**
   * 404 "Object not found" when the id has no bytes. The body holds an open file (or connection)
   * until it is read to its end: whoever does not read it all releases it (releaseObjectBody).
   */
  get(ref: string, id: string): Promise<AsyncIterable<Uint8Array> & { size: number }>;
  delete(ref: string, ids: string[]): Promise<void>;
  copy(ref: string, fromId: string, toId: string): Promise<void>;
  /** Total bytes of a project ('<ref>/'), for usage. */
  sizeUnder(prefix: string): Promise<number>;
  /** Removes temporary files of writes not running in this process and at least `olderThanMs` old (0: all); answers how many. */
  sweepTemporary(olderThanMs: number, nowMs?: number): Promise<number>;
  /** Bytes a resumable upload holds so far (its part under _uploads), or null when it has none. */
  partSize(ref: string, uploadId: string): Promise<number | null>;
  /**
   * Appends to a resumable upload's part; 409 when the part does not hold exactly `offset` bytes,
   * 413 past `maxBytes` in all. Bytes written before a cut stay: answers the part's size after.
   */
  appendPart(ref: string, uploadId: string, offset: number, data: AsyncIterable<Uint8Array>, maxBytes: number): Promise<number>;
  /** Moves a complete part to the object's id (one rename); answers its size and md5. */
  commitPart(ref: string, uploadId: string, objectId: string): Promise<StoredObjectInfo>;
  deletePart(ref: string, uploadId: string): Promise<void>;
  /** Removes every byte the project holds (its objects and uploads): the project is deleted. */
  removeProject(ref: string): Promise<void>;
}

/**
 * Work done on a schedule once across every instance sharing the control database (not once per
 * process): the console API's job runner (console-api/src/jobs/runner.ts) takes declarations
 * while routes register and starts them when the server is ready.
 */
export interface BackgroundJob {
  /** The queue's name: `<area>.<job>`. */
  name: string;
  /** How often it runs (whole seconds, at least one); 0 runs it only when asked for. */
  everyMs: number;
  /** How long one run may hold the job before an instance that stopped answering loses it to another. */
  leaseSeconds: number;
  /** Also asked for when the server starts (work that piled up while the platform was down). */
  atStart?: boolean;
  run: () => Promise<unknown>;
}

export interface BackgroundJobs {
  define(job: BackgroundJob): void;
}

export interface ApiDeps {
  control: ControlDatabase;
  /** Scheduled work run once across instances (BackgroundJob). */
  jobs: BackgroundJobs;
  /** Project databases (one per project), opened on demand. */
  databases: ProjectDatabases;
  objects: ObjectStore;
  /** Resolves the session user or throws 401. */
  requireUser(req: FastifyRequest): Promise<AuthenticatedUser>;
  /**
   * Resolves the caller's access to a project: 404 for an unknown ref or one the user cannot see,
   * 403 naming the missing permission when `permission` is given and not held.
   */
  requireProjectAccess(req: FastifyRequest, ref: string, permission?: string): Promise<ProjectAccess>;
  /** Same, for organization-scoped routes. */
  requireOrgAccess(req: FastifyRequest, slug: string, permission?: string): Promise<Omit<ProjectAccess, 'project'> & { organization: { id: number; slug: string; name: string } }>;
  /** Where apps reach each project's services (never the console's origin). */
  projectUrls: ProjectUrls;
  /** Counts bytes sent to users (egress) per project, for usage. */
  recordEgress(ref: string, bytes: number): void;
  /** The control plane's services, for the domains that build on them (a branch is a project made by the projects service). */
  services: ControlServices;
}

/**
 * The control plane's services, made once by the server. console-api adds its own (accounts,
 * organizations, projects, usage, egress) to this interface in its control-services.ts.
 */
export interface ControlServices {
  config: ResolvedConfig;
  access: AccessRegistry;
  cookies: CookieSettings;
}

/** A domain's routes; registered by the core's server under /api. */
export type RouteModule = (app: FastifyInstance, deps: ApiDeps) => Promise<void> | void;

/** Thrown anywhere in a route (http-error.ts). */
export { HttpError } from './http-error';
