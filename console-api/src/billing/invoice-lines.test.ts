import { describe, expect, it } from 'vitest';
import { GB } from '@plinth/shared-contracts';
import { overageLines, planSpans, runningSpans } from './invoices';

const m = (usage: number, limit: number | null) => ({ usage, limit, exceeded: limit !== null && usage > limit });
const t = (iso: string) => Date.parse(iso);

describe('invoice arithmetic', () => {
  it('overage at the prices of 001 §9, only on paid plans with usage billing', () => {
    const usage = { db_size: m(9 * GB, 8 * GB), storage_size: m(110 * GB, 100 * GB), db_egress: m(260 * GB, 250 * GB), monthly_active_users: m(101_000, 100_000) };
    expect(overageLines('team', true, usage).map((l) => [l.description, l.quantity, l.amount_cents])).toEqual([
      ['Database size over 8 GB included', 1, 13],
      ['Storage over 100 GB included', 10, 21],
      ['Bandwidth over 250 GB included', 10, 90],
      ['Monthly active users over 100,000 included', 1_000, 325],
    ]);
    expect(overageLines('pro', false, usage)).toEqual([]);
    expect(overageLines('free', true, usage)).toEqual([]);
    expect(overageLines('team', true, { ...usage, db_size: m(GB, 8 * GB), storage_size: m(GB, 100 * GB), db_egress: m(GB, 250 * GB), monthly_active_users: m(1, 100_000) })).toEqual([]);
  });

  it('plan spans from the recorded changes; running spans from the status events', () => {
    const period = { from: t('2026-03-01T00:00:00Z'), to: t('2026-04-01T00:00:00Z') };
    expect(planSpans(period, t('2026-01-01T00:00:00Z'), 'free', [
      { from_plan: 'free', to_plan: 'pro', at: t('2026-02-10T00:00:00Z') },
      { from_plan: 'pro', to_plan: 'team', at: t('2026-03-11T00:00:00Z') },
      { from_plan: 'team', to_plan: 'free', at: t('2026-04-02T00:00:00Z') },
    ])).toEqual([
      { plan: 'pro', from: period.from, to: t('2026-03-11T00:00:00Z') },
      { plan: 'team', from: t('2026-03-11T00:00:00Z'), to: period.to },
    ]);
    expect(planSpans(period, t('2026-03-15T00:00:00Z'), 'pro', [])).toEqual([{ plan: 'pro', from: t('2026-03-15T00:00:00Z'), to: period.to }]);
    expect(runningSpans(t('2026-03-01T00:00:00Z'), [{ status: 'INACTIVE', at: t('2026-03-02T00:00:00Z') }, { status: 'RESTORING', at: t('2026-03-03T00:00:00Z') }], t('2026-03-04T00:00:00Z'))).toEqual([
      { from: t('2026-03-01T00:00:00Z'), to: t('2026-03-02T00:00:00Z') },
      { from: t('2026-03-03T00:00:00Z'), to: t('2026-03-04T00:00:00Z') },
    ]);
  });
});
