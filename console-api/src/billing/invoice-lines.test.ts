import { describe, expect, it } from 'vitest';
import { GB } from '@plinth/shared-contracts';
import { addonVariant } from '@plinth/contracts-billing';
import { addonLines, overageLines, planSpans, runningSpans } from './invoices';

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

  it('add-ons for the time each was selected while the plan buys it, from the catalogue prices', () => {
    // March 2026: 31 days. Pro until the 21st, then Free (which cannot have add-ons).
    const period = { from: t('2026-03-01T00:00:00Z'), to: t('2026-04-01T00:00:00Z') };
    const plans = [
      { plan: 'pro' as const, from: period.from, to: t('2026-03-21T00:00:00Z') },
      { plan: 'free' as const, from: t('2026-03-21T00:00:00Z'), to: period.to },
    ];
    const project = { ref: 'abcdefghijklmnopqrst', name: 'Shop' };
    const lines = addonLines(period, period.to, plans, [
      // Selected in February, changed on the 2nd at 10:30: 33.5 hours of Small, billed 34 started hours.
      { project, variant: 'ci_small', from: t('2026-02-10T00:00:00Z'), to: t('2026-03-02T09:30:00Z') },
      // Then Medium until the plan went Free: 18 days 14.5 hours = 446.5 hours, billed 447.
      { project, variant: 'ci_medium', from: t('2026-03-02T09:30:00Z'), to: null },
      // A custom domain for 10 days of the 31: 10/31 of $10.
      { project, variant: 'cd_default', from: t('2026-03-05T00:00:00Z'), to: t('2026-03-15T00:00:00Z') },
      // Selected after the plan went Free: nothing billed.
      { project, variant: 'ipv4_default', from: t('2026-03-25T00:00:00Z'), to: null },
    ]);
    const small = addonVariant('ci_small').price_cents;
    const medium = addonVariant('ci_medium').price_cents;
    expect(lines.map((l) => [l.kind, l.description, l.project, l.quantity, l.unit, l.amount_cents])).toEqual([
      ['addon', 'Compute size Small, project Shop', project.ref, 34, 'hour', Math.round(34 * small)],
      ['addon', 'Compute size Medium, project Shop', project.ref, 447, 'hour', Math.round(447 * medium)],
      ['addon', 'Custom domain, project Shop', project.ref, Number((10 / 31).toFixed(6)), 'month', Math.round((1_000 * 10) / 31)],
    ]);
    expect(lines[2]!.amount_cents).toBe(323);
    // The running period is billed up to now only.
    const upToNow = addonLines(period, t('2026-03-10T00:00:00Z'), plans, [{ project, variant: 'cd_default', from: t('2026-03-05T00:00:00Z'), to: null }]);
    expect(upToNow.map((l) => l.amount_cents)).toEqual([Math.round((1_000 * 5) / 31)]);
    // Enterprise includes a custom domain: the add-on is not billed on it.
    expect(addonLines(period, period.to, [{ plan: 'enterprise', ...period }], [{ project, variant: 'cd_default', from: period.from, to: null }])).toEqual([]);
  });
});
