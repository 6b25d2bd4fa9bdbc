/** The query key of a project's SQL run history (refreshed after each run). */
export const SQL_HISTORY_KEY = (projectRef: string) => ['sql-editor', projectRef, 'run-history'] as const;
