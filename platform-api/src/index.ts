export { buildServer, API_PREFIX, type PlinthInternals } from './server';
export type { ServerOptions } from '@plinth/platform-core/config';
export { listenProjectDatabases, listenProjectServices } from './listen';
export * from '@plinth/platform-core/deps';
export { DatabaseError, quoteIdent, STATEMENT_TIMEOUT_CODE } from '@plinth/platform-core/database-error';
export { type ControlMigration } from '@plinth/platform-core/migrations';
export { extraProjectBootstrap } from '@plinth/platform-core/project-bootstrap.sql';
export { permissionDenied } from '@plinth/platform-core/access';
export { signJwt, verifyJwt } from '@plinth/platform-core/jwt';
