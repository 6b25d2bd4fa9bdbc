import type { AuthTemplate, AuthTemplateKind, OAuthProvider, OAuthProviderId, OAuthProviderUpdate } from '@plinth/contracts-auth';
import type { Bucket, BucketDeleted, StorageConfig, StorageListPageBodySchema, StorageObject, StorageObjectPage } from '@plinth/contracts-storage';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { BackgroundJobs } from '@plinth/platform-core/deps';
import type { z } from 'zod';
import type { OutboxEmail } from '../auth/mail';
import type { OutboxSms } from '../auth/sms';
import type { ProjectAuthSettings } from '../auth/settings';
import type { AuthUser, UserPage } from '../auth/users';
import type { RestSettings } from '../rest/settings';
import type { ListOptions } from '../storage-engine/objects';
import type { UploadClaim, UploadTarget } from '../storage-engine/resumable';

// What the console may ask of the project services, and nothing more: four narrow contracts, made
// once by the server (createProjectServicesAdmin, ./index.ts) and handed to the console's routes as
// deps.services.projectServices. The console checks a member's access and permission itself before
// it asks; these act with the platform's rights on the project (the service_role's for auth, the
// database owner's for storage). console-api imports these types only, never the services' code.

export type { AuthUser, UserPage, OutboxEmail, OutboxSms, ProjectAuthSettings, RestSettings, ListOptions, UploadClaim, UploadTarget };

/** Where a console request came from: the project URL of its email links and the per-address limits of the emails it sends. */
export interface ConsoleRequestOrigin {
  protocol: string;
  host: string;
  ip: string;
  userAgent: string | undefined;
}

/** A refusal of the auth service (weak password, email taken, rate limit…), for the console to answer in its own shape. */
export interface AuthRefusal {
  status: number;
  /** The auth protocol's code, e.g. "weak_password", "email_exists", "over_email_send_rate_limit". */
  errorCode: string;
  message: string;
  retryAfterSeconds?: number;
}

/** A project's auth users, acted on with the service_role's rights (the auth service's own admin functions). */
export interface ProjectUsersAdmin {
  /** A page of users, newest first; `search` matches part of the email or name. */
  list(page: number, perPage: number, search: string | null): Promise<UserPage>;
  /** The user, or null for an unknown id (or one that is not a uuid). */
  get(id: string): Promise<AuthUser | null>;
  /** Creates a user with an email or a phone number; `emailConfirm` confirms it at once. Refusals are auth refusals (see AuthAdmin.refusal). */
  create(input: { email: string; phone?: string; password?: string; emailConfirm: boolean }): Promise<{ id: string }>;
  /** Creates the user (or takes one who never confirmed) and sends the invite. */
  invite(email: string): Promise<AuthUser>;
  /** Sends the user a sign-up confirmation or a password recovery leading to the project's site URL, within the email limits. */
  sendLink(user: AuthUser, kind: 'signup' | 'recovery'): Promise<AuthUser>;
  /** Bans the user until unbanned (their sessions end), or lifts the ban. */
  setBanned(id: string, banned: boolean): Promise<void>;
  /** Deletes the user with their sessions and tokens. */
  delete(id: string): Promise<void>;
}

/** The console's part of a project's auth service: users, settings, OAuth providers, email templates and the outbox. */
export interface AuthAdmin {
  /** The project's users, for one console request; a 404 for an unknown project. */
  users(ref: string, origin: ConsoleRequestOrigin): Promise<ProjectUsersAdmin>;
  /** The auth service's refusal carried by `err`, or null when `err` is anything else. */
  refusal(err: unknown): AuthRefusal | null;
  /** Whether the user is banned now. */
  isBanned(user: AuthUser): boolean;
  settings(ref: string): Promise<ProjectAuthSettings>;
  /** Saves a change; answers the settings as saved. */
  writeSettings(ref: string, change: Partial<ProjectAuthSettings>): Promise<ProjectAuthSettings>;
  /** Every known OAuth provider, saved or off (a secret is never answered, only whether one is set). */
  providers(ref: string): Promise<OAuthProvider[]>;
  writeProviders(ref: string, changes: Partial<Record<OAuthProviderId, OAuthProviderUpdate>>): Promise<void>;
  templates(ref: string, kinds: readonly AuthTemplateKind[]): Promise<AuthTemplate[]>;
  writeTemplate(ref: string, kind: AuthTemplateKind, subject: string, body: string): Promise<AuthTemplate>;
  /** The newest emails kept while no SMTP server is set. */
  outbox(ref: string): Promise<OutboxEmail[]>;
  /** Where text messages go ('outbox' while no SMS gateway is set, else 'http') and the newest kept in the outbox. */
  smsOutbox(ref: string, limit: number): Promise<{ transport: 'outbox' | 'http'; messages: OutboxSms[] }>;
}

/** An object's bytes for the console's download: always an attachment, with nosniff and a sandbox, no cache header. */
export interface ObjectDownload {
  size: number;
  headers: Record<string, string>;
  body: AsyncIterable<Uint8Array>;
}

/** What the console's plain upload hands the storage engine (the checks on bucket, type and size are the caller's). */
export interface ConsoleUpload {
  bucketId: string;
  path: string;
  contentType: string;
  cacheControl: string;
  upsert: boolean;
  maxBytes: number;
  ownerId: string | null;
  body: AsyncIterable<Uint8Array> | Uint8Array;
}

/** One project's storage, opened and ready (schema in place, a killed process's unfinished uploads rolled back). */
export interface ProjectStorage {
  readonly ref: string;
  buckets(): Promise<Bucket[]>;
  /** The bucket, or a 404. */
  bucket(id: string): Promise<Bucket>;
  createBucket(input: { id: string; public: boolean; file_size_limit?: number | null; allowed_mime_types?: string[] | null }, ownerId: string | null): Promise<Bucket>;
  updateBucket(id: string, change: { public?: boolean; file_size_limit?: number | null; allowed_mime_types?: string[] | null }): Promise<Bucket>;
  /** Deletes every object of the bucket; answers how many went. */
  emptyBucket(id: string): Promise<number>;
  /** The bucket, its objects and the storage.objects policies written for it alone, in one transaction (bytes after the commit). */
  deleteBucket(id: string): Promise<BucketDeleted>;
  /** A folder's direct children by offset (the explorer's list). */
  list(bucketId: string, options: ListOptions): Promise<StorageObject[]>;
  /** A folder's page by cursor. */
  listPage(bucketId: string, body: z.output<typeof StorageListPageBodySchema>): Promise<StorageObjectPage>;
  /** The object's row, or a 404. */
  object(bucketId: string, path: string): Promise<StorageObject>;
  move(bucketId: string, from: string, to: string): Promise<void>;
  /** Moves a folder with everything below it in one transaction; answers how many objects moved. */
  moveFolder(bucketId: string, from: string, to: string): Promise<number>;
  deleteObjects(bucketId: string, paths: string[]): Promise<StorageObject[]>;
  /** Deletes a folder with everything below it; answers how many objects went. */
  deleteFolder(bucketId: string, folder: string): Promise<number>;
  /** A finished object's bytes (its last access noted), or a 404. */
  download(bucketId: string, path: string): Promise<ObjectDownload>;
  upload(input: ConsoleUpload): Promise<StorageObject>;
  /** An object's public URL, below the project URL (`/storage/v1/object/public/…`). */
  publicPath(bucketId: string, path: string): string;
  /** A signed URL of the object valid `expiresIn` seconds, below the project URL, signed under the project's JWT secret. */
  signedPath(bucketId: string, path: string, expiresIn: number): Promise<string>;
}

/** The console's mount of the one resumable-upload engine: who calls, what they may reach, the plain upload's checks. */
export interface ConsoleResumableMount<Caller> {
  path: string;
  params: z.ZodObject;
  caller(req: FastifyRequest): Promise<Caller>;
  claim(req: FastifyRequest, caller: Caller): UploadClaim;
  check(req: FastifyRequest, caller: Caller, upload: { length: number; metadata: Record<string, string> }): Promise<UploadTarget>;
  /** The project storage the object is written in, and its owner. */
  writer(caller: Caller): { storage: ProjectStorage; ownerId: string | null };
}

/** The console's part of the storage engine. */
export interface StorageAdmin {
  /** Opens the project's storage (the caller has checked the member's access). */
  project(ref: string): Promise<ProjectStorage>;
  /** The project's upload limit (fixed on the free plan). */
  config(ref: string, organizationId: number): Promise<StorageConfig>;
  setConfig(ref: string, organizationId: number, fileSizeLimit: number): Promise<StorageConfig>;
  /** Whether a MIME type is allowed by a bucket's list (entries may end in `/*`). */
  mimeAllowed(allowed: string[] | null, mime: string): boolean;
  /** A resumable upload's metadata read as the engine reads it (the object name checked like every name: a 400 otherwise). */
  uploadMetadata(metadata: Record<string, string>): { objectName: string; contentType: string; cacheControl: string };
  /** Mounts the resumable-upload engine on a console route. */
  mountResumable<Caller>(app: FastifyInstance, mount: ConsoleResumableMount<Caller>): void;
  /**
   * Schedules, on `app`'s start and stop, the roll-back of this process's unfinished uploads, and
   * declares the expiry of abandoned resumable ones as a job run once across instances (`jobs`).
   */
  scheduleSweeps(app: FastifyInstance, jobs: BackgroundJobs): void;
  /** Removes what the services made from a deleted project's files (its transformed images). */
  forgetProject(ref: string): Promise<void>;
}

/** The console's part of the data API. */
export interface RestAdmin {
  /** The project's data API settings (exposed schemas, row cap), or null for an unknown project. */
  settings(ref: string): Promise<RestSettings | null>;
  /** Whether the data API answers: the project is known and its default schema's catalog loads. */
  serving(ref: string): Promise<boolean>;
  /**
   * The project's schema may have changed (DDL through the console, a `NOTIFY pgrst, 'reload schema'`):
   * the data API's next request reads the project's schemas afresh, as PostgREST does on that notice.
   */
  reloadSchema(ref: string): void;
}

/** The project records the services keep in memory (JWT secret, data API settings). */
export interface ProjectRecords {
  /** The project's secret or settings changed: the services' next request reads them afresh. */
  forget(ref: string): void;
}

/** Everything the console may ask of the project services. */
export interface ProjectServicesAdmin {
  auth: AuthAdmin;
  storage: StorageAdmin;
  rest: RestAdmin;
  records: ProjectRecords;
}
