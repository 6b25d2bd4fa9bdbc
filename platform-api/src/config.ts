import { fileURLToPath } from 'node:url';
import path from 'node:path';

export interface ServerOptions {
  /** Where the embedded databases and files live. Default: `.data/` at the repository root, or PLINTH_DATA_DIR. */
  dataDir?: string;
  /** A Postgres server for the control database and one database per project. Default: DATABASE_URL; embedded PGlite when unset. */
  databaseUrl?: string;
  /** Where storage object bytes live. Default: `<dataDir>/objects`. */
  objectStoreDir?: string;
  /** Fastify/pino logger options; false silences logs. */
  logger?: boolean | Record<string, unknown>;
  /** Marks the session cookies Secure (serve over HTTPS). Default: PLINTH_SECURE_COOKIES=1. */
  secureCookies?: boolean;
  /** Timeout of every statement on a project database, in ms. Default 15000 (PLINTH_STATEMENT_TIMEOUT_MS). */
  statementTimeoutMs?: number;
  /** Session lifetime, in ms. Default 7 days. */
  sessionTtlMs?: number;
  /** Embedded: keep one project database open ahead of time so creation is immediate. Default true (PLINTH_SPARE_DATABASE=0 turns it off). */
  spareDatabase?: boolean;
  /** First account and organization created at start when absent (PLINTH_ADMIN_EMAIL / PLINTH_ADMIN_PASSWORD). */
  admin?: { email: string; password: string } | null;
}

export interface ResolvedConfig {
  dataDir: string;
  databaseUrl: string | null;
  objectStoreDir: string;
  logger: boolean | Record<string, unknown>;
  secureCookies: boolean;
  statementTimeoutMs: number;
  sessionTtlMs: number;
  admin: { email: string; password: string } | null;
  spareDatabase: boolean;
}

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

export function resolveConfig(options: ServerOptions = {}, env: NodeJS.ProcessEnv = process.env): ResolvedConfig {
  const dataDir = path.resolve(options.dataDir ?? env.PLINTH_DATA_DIR ?? path.join(repoRoot, '.data'));
  const envAdmin = env.PLINTH_ADMIN_EMAIL && env.PLINTH_ADMIN_PASSWORD ? { email: env.PLINTH_ADMIN_EMAIL, password: env.PLINTH_ADMIN_PASSWORD } : null;
  return {
    dataDir,
    databaseUrl: options.databaseUrl ?? env.DATABASE_URL ?? null,
    objectStoreDir: path.resolve(options.objectStoreDir ?? path.join(dataDir, 'objects')),
    logger: options.logger ?? { level: env.LOG_LEVEL ?? 'info' },
    secureCookies: options.secureCookies ?? env.PLINTH_SECURE_COOKIES === '1',
    statementTimeoutMs: options.statementTimeoutMs ?? (Number(env.PLINTH_STATEMENT_TIMEOUT_MS) || 15_000),
    sessionTtlMs: options.sessionTtlMs ?? 7 * 24 * 3600 * 1000,
    admin: options.admin === undefined ? envAdmin : options.admin,
    spareDatabase: options.spareDatabase ?? env.PLINTH_SPARE_DATABASE !== '0',
  };
}
