import { fileURLToPath } from 'node:url';
import { isIP } from 'node:net';
import path from 'node:path';
import { DEFAULT_AUTH_LIMITS, type AuthLimits } from './rate-limit';
import { s3ConfigFromEnv, type S3Config } from './object-store-config';

export interface ServerOptions {
  /** Where the embedded databases and files live. Default: `.data/` at the repository root, or PLINTH_DATA_DIR. */
  dataDir?: string;
  /** A Postgres server for the control database and one database per project. Default: DATABASE_URL; embedded PGlite when unset. */
  databaseUrl?: string;
  /** Where storage object bytes live. Default: `<dataDir>/objects`. */
  objectStoreDir?: string;
  /**
   * Storage object bytes in an S3-compatible bucket instead of objectStoreDir (PLINTH_S3_BUCKET,
   * PLINTH_S3_REGION, PLINTH_S3_ENDPOINT, PLINTH_S3_ACCESS_KEY_ID, PLINTH_S3_SECRET_ACCESS_KEY,
   * PLINTH_S3_FORCE_PATH_STYLE: object-store-config.ts). Default: none, the local disk.
   */
  s3?: S3Config | null;
  /** A Postgres database of its own for the log store (LOGS_DATABASE_URL). Default: the control database. */
  logsDatabaseUrl?: string;
  /** Record every call of the project APIs in the log store and the usage counts. Default on; PLINTH_REQUEST_LOG=0 turns it off. */
  requestLog?: boolean;
  /** Fastify/pino logger options; false silences logs. */
  logger?: boolean | Record<string, unknown>;
  /** Where people reach the console, e.g. https://plinth.example.com (PLINTH_PUBLIC_URL). An https address marks every cookie Secure. */
  publicUrl?: string;
  /** Marks every cookie Secure. Default: on when publicUrl is https; PLINTH_SECURE_COOKIES=1 forces it on, =0 off. */
  secureCookies?: boolean;
  /** Attempt limits of sign-in, sign-up and MFA verification (defaults: DEFAULT_AUTH_LIMITS). */
  authLimits?: Partial<AuthLimits>;
  /** Timeout of every statement on a project database, in ms. Default 15000 (PLINTH_STATEMENT_TIMEOUT_MS). */
  statementTimeoutMs?: number;
  /** Session lifetime, in ms. Default 7 days. */
  sessionTtlMs?: number;
  /** Embedded: keep one project database open ahead of time so creation is immediate. Default true (PLINTH_SPARE_DATABASE=0 turns it off). */
  spareDatabase?: boolean;
  /** Project databases kept open at most; the least recently used idle one closes first. Default 20 (PLINTH_MAX_OPEN_DATABASES). */
  maxOpenDatabases?: number;
  /** A project database unused this long closes (opens again on its next call), in ms. Default 10 minutes (PLINTH_DATABASE_IDLE_MS). */
  databaseIdleMs?: number;
  /**
   * Where apps reach a project's services, with `{ref}` in it: by host name
   * (`https://{ref}.projects.example.com`) or by path (`https://projects.example.com/{ref}`)
   * (PLINTH_PROJECT_URL). Default: the project services' own listener, http://localhost:{projectPort}/{ref}
   * (the other loopback name than the console's).
   */
  projectUrl?: string;
  /** The project services' port when there is no projectUrl (PROJECT_PORT; default PORT + 1, or 3001). */
  projectPort?: number;
  /** First account and organization created at start when absent (PLINTH_ADMIN_EMAIL / PLINTH_ADMIN_PASSWORD). */
  admin?: { email: string; password: string } | null;
  /**
   * DNS servers that verify custom domains' TXT records, as `address` or `address:port`
   * (PLINTH_DNS_SERVERS, comma separated). Default: the machine's resolvers.
   */
  dnsServers?: string[] | null;
  /**
   * Embedded: the port the project databases answer the Postgres wire protocol on, for psql,
   * pg_dump and drivers (PLINTH_DATABASE_PORT; default PORT + 2, or 5433; 0: any free port; a
   * port in use falls back to any free port). Server mode: unused (people connect to the server).
   */
  databasePort?: number;
  /** The host name the console shows for the project databases (PLINTH_DATABASE_HOST). Default: the console's host. */
  databaseHost?: string | null;
  /**
   * The console build this API serves (PLINTH_BUILD_MODE): 'hosted' (default) or 'self-hosted'.
   * The routes of hosted-only features (saved log queries) refuse calls on a self-hosted build.
   */
  buildMode?: 'hosted' | 'self-hosted';
  /**
   * The reverse proxies in front of this instance, as addresses or CIDR ranges (PLINTH_TRUST_PROXY,
   * comma separated; also the names loopback, linklocal, uniquelocal). A request whose peer is one
   * of them has its client address taken from X-Forwarded-For; from any other peer the header is
   * ignored. Default: none (the peer's address is the client's).
   */
  trustProxy?: string[] | null;
}

export interface ResolvedConfig {
  dataDir: string;
  databaseUrl: string | null;
  logsDatabaseUrl: string | null;
  requestLog: boolean;
  objectStoreDir: string;
  /** The S3 store's settings, or null: the disk at objectStoreDir. */
  s3: S3Config | null;
  logger: boolean | Record<string, unknown>;
  publicUrl: string | null;
  secureCookies: boolean;
  authLimits: AuthLimits;
  statementTimeoutMs: number;
  sessionTtlMs: number;
  admin: { email: string; password: string } | null;
  projectUrl: string | null;
  projectPort: number;
  spareDatabase: boolean;
  maxOpenDatabases: number;
  databaseIdleMs: number;
  dnsServers: string[] | null;
  databasePort: number;
  databaseHost: string | null;
  buildMode: 'hosted' | 'self-hosted';
  /** Trusted proxies' addresses and ranges (Fastify's trustProxy), or null: none. */
  trustProxy: string[] | null;
}

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

export function resolveConfig(options: ServerOptions = {}, env: NodeJS.ProcessEnv = process.env): ResolvedConfig {
  const dataDir = path.resolve(options.dataDir ?? env.PLINTH_DATA_DIR ?? path.join(repoRoot, '.data'));
  const publicUrl = options.publicUrl ?? env.PLINTH_PUBLIC_URL ?? null;
  const envAdmin = env.PLINTH_ADMIN_EMAIL && env.PLINTH_ADMIN_PASSWORD ? { email: env.PLINTH_ADMIN_EMAIL, password: env.PLINTH_ADMIN_PASSWORD } : null;
  return {
    dataDir,
    databaseUrl: options.databaseUrl ?? env.DATABASE_URL ?? null,
    logsDatabaseUrl: options.logsDatabaseUrl ?? env.LOGS_DATABASE_URL ?? null,
    requestLog: options.requestLog ?? env.PLINTH_REQUEST_LOG !== '0',
    objectStoreDir: path.resolve(options.objectStoreDir ?? path.join(dataDir, 'objects')),
    s3: options.s3 !== undefined ? options.s3 : s3ConfigFromEnv(env),
    logger: options.logger ?? { level: env.LOG_LEVEL ?? 'info' },
    publicUrl,
    secureCookies: options.secureCookies ?? (env.PLINTH_SECURE_COOKIES === '1' || (env.PLINTH_SECURE_COOKIES !== '0' && /^https:/i.test(publicUrl ?? ''))),
    authLimits: { ...DEFAULT_AUTH_LIMITS, ...(Number(env.PLINTH_SIGN_UPS_PER_HOUR) > 0 ? { signUpsPerAddress: Number(env.PLINTH_SIGN_UPS_PER_HOUR) } : {}), ...options.authLimits },
    statementTimeoutMs: options.statementTimeoutMs ?? (Number(env.PLINTH_STATEMENT_TIMEOUT_MS) || 15_000),
    sessionTtlMs: options.sessionTtlMs ?? 7 * 24 * 3600 * 1000,
    admin: options.admin === undefined ? envAdmin : options.admin,
    projectUrl: options.projectUrl ?? (env.PLINTH_PROJECT_URL || null),
    projectPort: options.projectPort ?? (Number(env.PROJECT_PORT) || (Number(env.PORT) ? Number(env.PORT) + 1 : 3001)),
    spareDatabase: options.spareDatabase ?? env.PLINTH_SPARE_DATABASE !== '0',
    maxOpenDatabases: options.maxOpenDatabases ?? (Number(env.PLINTH_MAX_OPEN_DATABASES) || 20),
    databaseIdleMs: options.databaseIdleMs ?? (Number(env.PLINTH_DATABASE_IDLE_MS) || 10 * 60_000),
    dnsServers: options.dnsServers !== undefined ? options.dnsServers : dnsServersOf(env.PLINTH_DNS_SERVERS),
    databasePort: options.databasePort ?? (env.PLINTH_DATABASE_PORT ? Number(env.PLINTH_DATABASE_PORT) : Number(env.PORT) ? Number(env.PORT) + 2 : 5433),
    databaseHost: options.databaseHost ?? (env.PLINTH_DATABASE_HOST || null),
    buildMode: options.buildMode ?? (env.PLINTH_BUILD_MODE === 'self-hosted' ? 'self-hosted' : 'hosted'),
    trustProxy: trustedProxies(options.trustProxy !== undefined ? options.trustProxy : (env.PLINTH_TRUST_PROXY ?? '').split(',')),
  };
}

const PROXY_NAMES = new Set(['loopback', 'linklocal', 'uniquelocal']);

/** The trusted proxies, checked: an entry that is no address, range or known name stops the start with its name. */
export function trustedProxies(entries: string[] | null): string[] | null {
  const list = (entries ?? []).map((e) => e.trim()).filter(Boolean);
  for (const entry of list) {
    const [address = '', bits, extra] = entry.split('/');
    const family = isIP(address);
    const max = family === 6 ? 128 : 32;
    const rangeOk = bits === undefined || (/^\d{1,3}$/.test(bits) && Number(bits) <= max) || (family === 4 && isIP(bits) === 4);
    if (PROXY_NAMES.has(entry)) continue;
    if (!family || !rangeOk || extra !== undefined) throw new Error(`PLINTH_TRUST_PROXY: "${entry}" is not an IP address, a CIDR range or one of loopback, linklocal, uniquelocal`);
  }
  return list.length ? list : null;
}

function dnsServersOf(value: string | undefined): string[] | null {
  const servers = (value ?? '').split(',').map((s) => s.trim()).filter(Boolean);
  return servers.length ? servers : null;
}
