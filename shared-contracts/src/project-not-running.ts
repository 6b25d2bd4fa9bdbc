// Kept apart from project-status.ts (which brings the project schemas along): the console's query
// client reads these on its first screen.
/**
 * Error codes of the platform API meaning "this call needs the project running, and it is not"
 * (a paused database, an unreachable database, a data API that does not answer).
 */
export const PROJECT_NOT_RUNNING_CODES: readonly string[] = ['PROJECT_NOT_ACTIVE', 'PROJECT_OFFLINE', 'REST_OFFLINE'];

/**
 * Whether an error a call answered says the project is not running: the console then asks for the
 * project's status again, and the status gate shows the screen for it. Read by shape, so an error
 * from another copy of the contracts (an area's bundle) counts too.
 */
export function saysProjectNotRunning(error: unknown): boolean {
  const code = typeof error === 'object' && error !== null ? (error as { code?: unknown }).code : undefined;
  return typeof code === 'string' && PROJECT_NOT_RUNNING_CODES.includes(code);
}

/** Whether a query key is a project's status query (queryKeys.projectStatus). */
export function isProjectStatusKey(key: readonly unknown[]): boolean {
  return key.length === 3 && key[0] === 'projects' && key[2] === 'status';
}
