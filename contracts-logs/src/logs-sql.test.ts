import { describe, expect, it } from 'vitest';
import { LOG_SCHEMA_CATALOGUE, LOG_SOURCE_IDS, LOG_SOURCE_TABLES } from './logs';
import { LOG_QUERY_ROWS_DEFAULT, LOG_QUERY_TEMPLATES, LogSqlQuerySchema, SavedLogQueryCreateSchema, SavedLogQueryEditSchema, SavedLogQueryUpdateSchema } from './logs-sql';

describe('log query contracts', () => {
  const tables = new Set(LOG_SCHEMA_CATALOGUE.map((s) => s.reference));

  it('maps every source of the menu to a table of the catalogue, and every template reads one', () => {
    for (const id of LOG_SOURCE_IDS) expect(tables.has(LOG_SOURCE_TABLES[id]), id).toBe(true);
    for (const t of LOG_QUERY_TEMPLATES) {
      expect(tables.has(t.source), t.id).toBe(true);
      expect(t.sql, t.id).toContain(`from ${t.source}`);
    }
    expect(new Set(LOG_QUERY_TEMPLATES.map((t) => t.id)).size).toBe(LOG_QUERY_TEMPLATES.length);
  });

  it('validates a query and a saved query with messages naming the field', () => {
    expect(LogSqlQuerySchema.parse({ sql: ' select 1 ' })).toEqual({ sql: 'select 1', limit: LOG_QUERY_ROWS_DEFAULT });
    expect(LogSqlQuerySchema.safeParse({ sql: '  ' }).error?.issues[0]?.message).toBe('sql must not be empty');
    expect(LogSqlQuerySchema.safeParse({ sql: 'select 1', iso_timestamp_start: 'yesterday' }).error?.issues[0]?.message).toBe('iso_timestamp_start must be an ISO 8601 time');
    expect(LogSqlQuerySchema.safeParse({ sql: 'select 1', limit: 5000 }).success).toBe(false);
    expect(SavedLogQueryCreateSchema.safeParse({ name: '', sql: 'select 1' }).error?.issues[0]?.message).toBe('Please enter a query name');
    expect(SavedLogQueryCreateSchema.parse({ name: 'Errors', sql: 'select 1' })).toEqual({ name: 'Errors', description: '', sql: 'select 1' });
    expect(SavedLogQueryUpdateSchema.parse({ description: 'x' })).toEqual({ description: 'x' });
    // A description left out of an edit is kept, not blanked.
    expect(SavedLogQueryEditSchema.parse({ name: 'Renamed' })).toEqual({ name: 'Renamed' });
    expect(SavedLogQueryEditSchema.safeParse({ name: ' ' }).error?.issues[0]?.message).toBe('Please enter a query name');
  });
});
