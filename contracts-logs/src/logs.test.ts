import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { LOG_SCHEMA_CATALOGUE, logSources } from './logs';

describe('logs contracts', () => {
  it('labels log sources by build mode and lists the schema catalogue in order', () => {
    expect(logSources('hosted').map((s) => s.label)).toContain('API Edge Network');
    const selfHosted = logSources('self-hosted');
    expect(selfHosted.find((s) => s.id === 'edge-logs')?.label).toBe('Kong API');
    expect(selfHosted.some((s) => s.id === 'pooler-logs')).toBe(false);
    expect(LOG_SCHEMA_CATALOGUE.map((s) => s.name)).toEqual(['API Edge', 'API Edge, hourly counts', 'Auth', 'Storage', 'Function Edge', 'Function Runtime', 'Postgres', 'Realtime', 'PostgREST', 'PgBouncer']);
  });

  it('takes z from the common contracts\' zod, never from zod itself', () => {
    const dir = dirname(fileURLToPath(import.meta.url));
    const offenders = readdirSync(dir)
      .filter((f) => f.endsWith('.ts'))
      .filter((f) => /from ['"]zod(\/v4|\/mini)?['"]/.test(readFileSync(join(dir, f), 'utf8')));
    expect(offenders).toEqual([]);
  });
});
