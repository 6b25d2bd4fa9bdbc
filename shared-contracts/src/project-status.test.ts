import { describe, expect, it } from 'vitest';
import { nextStatusPoll, projectApiCheckQuery, projectStatusQuery, STATUS_POLLING } from './project-status';
import { queryKeys } from './query-keys';

describe('project status polling (000 §4.2)', () => {
  it('sets up every 4 s until healthy, pauses every 2 s after 4 s until inactive, restores every 4 s until healthy or failed', () => {
    expect(STATUS_POLLING['setting-up']).toEqual({ startAfterMs: 0, everyMs: 4000, until: ['ACTIVE_HEALTHY'] });
    expect(STATUS_POLLING.pausing).toEqual({ startAfterMs: 4000, everyMs: 2000, until: ['INACTIVE'] });
    expect(nextStatusPoll('setting-up', 'COMING_UP')).toBe(4000);
    expect(nextStatusPoll('setting-up', 'ACTIVE_HEALTHY')).toBe(false);
    expect(nextStatusPoll('pausing', undefined)).toBe(2000);
    expect(nextStatusPoll('pausing', 'INACTIVE')).toBe(false);
    expect(nextStatusPoll('restoring', 'RESTORING')).toBe(4000);
    expect(nextStatusPoll('restoring', 'RESTORATION_FAILED')).toBe(false);
    expect(nextStatusPoll('restoring', 'ACTIVE_HEALTHY')).toBe(false);
  });

  it('asks for the status under one key with the 2 s time-out, polling only for a screen', async () => {
    const asked: unknown[] = [];
    const projects = { getStatus: async (ref: string, options?: unknown) => (asked.push([ref, options]), { status: 'RESTORING' as const }) };
    const once = projectStatusQuery(projects, 'abc');
    const polled = projectStatusQuery(projects, 'abc', 'restoring');
    expect(once.queryKey).toEqual(queryKeys.projectStatus('abc'));
    expect(polled.queryKey).toEqual(once.queryKey);
    expect('refetchInterval' in once).toBe(false);
    expect(polled.refetchInterval?.({ state: { data: { status: 'RESTORING' } } })).toBe(4000);
    expect(await once.queryFn({})).toEqual({ status: 'RESTORING' });
    expect(asked).toEqual([['abc', { timeoutMs: 2000, signal: undefined }]]);
  });

  it('checks the project API through /live or the REST root by version, every 4 s until it answers', async () => {
    const used: string[] = [];
    const projects = { live: async () => void used.push('live'), restRoot: async () => void used.push('rest') };
    await projectApiCheckQuery(projects as never, { ref: 'abc', kpsVersion: '3.8.6' }).queryFn({});
    await projectApiCheckQuery(projects as never, { ref: 'abc', kpsVersion: '3.8.5' }).queryFn({});
    expect(used).toEqual(['live', 'rest']);
    const check = projectApiCheckQuery(projects as never, { ref: 'abc', kpsVersion: '3.8.6' });
    expect(check.refetchInterval({ state: {} })).toBe(4000);
    expect(check.refetchInterval({ state: { data: { reachable: true } } })).toBe(false);
  });
});
