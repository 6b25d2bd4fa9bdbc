/** Route of a new query: where the rail's SQL Editor entry leads (the non-hosted mode's fixed sql/1, 000 §2.1). */
export function newQueryPath(hosted: boolean): string {
  return hosted ? 'sql/new' : 'sql/1';
}
