import type { ProjectDatabase } from '../deps';
import { projectBootstrapSql, projectBootstrapVersion } from '../project-bootstrap.sql';
import { PgliteProjectDatabase } from './pglite-client';

/** Runs the bootstrap SQL unless this database already has this version of it (marked on the storage schema). */
export async function bootstrap(db: ProjectDatabase): Promise<void> {
  const version = projectBootstrapVersion();
  const marked = await db.query<{ v: string | null }>(
    `select pg_catalog.obj_description(pg_catalog.to_regnamespace('storage')::pg_catalog.oid, 'pg_namespace'::pg_catalog.name) as v`,
  );
  if (marked.rows[0]?.v === version) return;
  // On a server the roles were made from the control database (projectRolesSql).
  for (const sql of projectBootstrapSql({ roles: db instanceof PgliteProjectDatabase })) await db.exec(sql);
  await db.exec(`comment on schema storage is '${version}'`);
}
