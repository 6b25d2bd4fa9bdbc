// A project database's version (Project Settings → Infrastructure, 000 §4.4): the Postgres major of
// the engine that runs it, then the platform's project image it was made from. The image is the
// template every new project database starts from (the bootstrap of project-bootstrap.sql.ts: roles,
// the auth and storage schemas, the vault). Raise PROJECT_IMAGE when a change of it should reach
// existing projects through an upgrade (a new database made now, the data carried over), not only
// through the bootstrap run again on open. Projects made before the platform recorded images
// (projects.database_image null) are on image 1.

/** The image new project databases are made from, and the one an upgrade leads to. */
export const PROJECT_IMAGE = 2;
/** The image of projects made before images were recorded. */
export const FIRST_PROJECT_IMAGE = 1;

/** "17-plinth.2": the engine's Postgres major and the project image. */
export function databaseVersion(postgresMajor: number | null, image: number): string {
  return `${postgresMajor ?? 'unknown'}-plinth.${image}`;
}
