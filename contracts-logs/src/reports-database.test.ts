import { describe, expect, it } from 'vitest';
import { DatabaseReportQuerySchema, QueryPerformanceQuerySchema } from './reports-database';

describe('database report contracts', () => {
  it('defaults the window and order, and names what is wrong', () => {
    expect(DatabaseReportQuerySchema.parse({})).toEqual({ window: '24h' });
    expect(QueryPerformanceQuerySchema.parse({ limit: '20' })).toEqual({ window: '24h', sort: 'total', limit: 20 });
    expect(QueryPerformanceQuerySchema.safeParse({ sort: 'slowest' }).error?.issues[0]?.message).toBe('sort must be total, mean or calls');
    expect(DatabaseReportQuerySchema.safeParse({ window: '2d' }).error?.issues[0]?.message).toBe('window must be 1h, 24h or 7d');
  });
});
