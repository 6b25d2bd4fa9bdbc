import { describe, expect, it } from 'vitest';
import { ApiError } from '@plinth/shared-contracts';
import { beyondRetention, resolveRange } from '../../area/time-range';
import { errorPlace } from '@plinth/domain-ui/code-editor';
import { describeQueryError } from './query-error';
import { toCsv } from './result-export';

describe('log query logic', () => {
  it('resolves presets back from now and refuses a reversed custom range', () => {
    const now = new Date('2026-01-02T12:00:00Z');
    expect(resolveRange({ kind: 'preset', preset: '15m' }, now)).toEqual({ start: '2026-01-02T11:45:00.000Z', end: '2026-01-02T12:00:00.000Z' });
    expect(resolveRange({ kind: 'preset', preset: '7d' }, now)?.start).toBe('2025-12-26T12:00:00.000Z');
    expect(resolveRange({ kind: 'custom', start: '2026-01-02T10:00:00Z', end: '2026-01-02T09:00:00Z' }, now)).toBeNull();
    expect(beyondRetention('7d', 1)).toBe(true);
    expect(beyondRetention('1d', 1)).toBe(false);
  });

  it('reads where bad SQL points and tells a time-out apart', () => {
    const bad = describeQueryError(new ApiError(400, 'column "nope" does not exist (at character 8)', 'log_query_invalid'));
    expect(bad).toMatchObject({ kind: 'invalid', offset: 7 });
    expect(errorPlace('select nope from edge_logs', bad.offset)).toEqual({ from: 7, to: 11, line: 1, column: 8 });
    expect(describeQueryError(new ApiError(400, 'The query was stopped after 10 s', 'log_query_timeout')).kind).toBe('timeout');
  });

  it('writes CSV with quoted fields and empty nulls', () => {
    expect(toCsv(['a', 'b'], [{ a: 'x,y', b: null }, { a: 'say "hi"', b: 2 }])).toBe('a,b\r\n"x,y",\r\n"say ""hi""",2');
  });
});

describe('histogram', () => {
  it('counts rows per bucket over the range, or sums a counted column', async () => {
    const { histogramOf } = await import('./histogram');
    const base = { truncated: false, limit: 100, from: '2026-01-02T10:00:00.000Z', to: '2026-01-02T11:00:00.000Z', retention_days: 1 };
    const raw = histogramOf({ ...base, columns: [{ name: 'timestamp', type: 'timestamptz' }, { name: 'path', type: 'text' }], result: [{ timestamp: '2026-01-02T10:00:30Z' }, { timestamp: '2026-01-02T10:00:50Z' }, { timestamp: '2026-01-02T10:59:00Z' }] });
    expect(raw).toMatchObject({ measure: 'rows', bucketMs: 60_000, total: 3, max: 2 });
    expect(raw!.buckets).toHaveLength(60);
    const counted = histogramOf({ ...base, columns: [{ name: 'minute', type: 'timestamptz' }, { name: 'requests', type: 'bigint' }], result: [{ minute: '2026-01-02T10:05:00Z', requests: 7 }] });
    expect(counted).toMatchObject({ measure: 'requests', total: 7 });
    expect(histogramOf({ ...base, columns: [{ name: 'status', type: 'integer' }], result: [{ status: 200 }] })).toBeNull();
  });

  it("takes the range's counts in place of the rows shown, bucket by bucket", async () => {
    const { histogramOf, withRangeCounts } = await import('./histogram');
    const base = { truncated: true, limit: 2, from: '2026-01-02T10:00:00.000Z', to: '2026-01-02T11:00:00.000Z', retention_days: 1 };
    const shown = histogramOf({ ...base, columns: [{ name: 'timestamp', type: 'timestamptz' }], result: [{ timestamp: '2026-01-02T10:59:10Z' }, { timestamp: '2026-01-02T10:59:20Z' }] })!;
    expect(shown.total).toBe(2);
    const all = withRangeCounts(shown, { buckets: [{ start: '2026-01-02T10:01:00.000Z', value: 40 }, { start: '2026-01-02T10:59:00.000Z', value: 5 }, { start: '2026-01-02T12:00:00.000Z', value: 9 }] });
    expect(all).toMatchObject({ total: 45, max: 40, measure: 'rows', timeColumn: 'timestamp' });
    expect(all.buckets[1]!.value).toBe(40);
    expect(all.buckets[59]!.value).toBe(5);
    expect(all.buckets[0]!.value).toBe(0);
  });
});
