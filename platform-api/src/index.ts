export { buildServer, API_PREFIX, type PlinthInternals } from './server';
export type { ServerOptions } from './config';
export { listenProjectServices } from './listen';
export * from './core/deps';
export { DatabaseError, quoteIdent, STATEMENT_TIMEOUT_CODE } from './core/database-error';
export { type ControlMigration } from './core/migrations';
export { extraProjectBootstrap } from './core/project-bootstrap.sql';
export { permissionDenied } from './core/access';
export { signJwt, verifyJwt } from './core/jwt';
