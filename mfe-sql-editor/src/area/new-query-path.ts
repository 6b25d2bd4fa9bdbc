import type { AreaNavEntry } from '@plinth/shared-contracts';
import manifest from '../../area.manifest';

const sqlEntry: AreaNavEntry | undefined = manifest.nav.find((entry) => entry.key === 'sql');

/** Route of a new query: where the rail's SQL Editor entry leads (the non-hosted mode's fixed sql/1, 000 §2.1). */
export function newQueryPath(hosted: boolean): string {
  const path = hosted ? sqlEntry?.path : (sqlEntry?.selfHostedPath ?? sqlEntry?.path);
  return path ?? 'sql/new';
}
