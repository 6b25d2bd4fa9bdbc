import { describe, expect, it } from 'vitest';
import { ADDON_CATALOGUE, ADDON_KINDS, ADDON_MESSAGES, ADDON_PLAN_RULE, AddonChangeBodySchema, COMPUTE_SIZE_CENTS_PER_HOUR, formatAddonPrice } from './addons';
import { COMPUTE_CENTS_PER_HOUR } from './subscription';
import { PLAN_COMPARISON } from './plans';

const feature = (title: string) => PLAN_COMPARISON.flatMap((s) => s.features).find((f) => f.title === title)!;

describe('add-on catalogue', () => {
  it('prices point-in-time recovery and custom domains as the plans table does', () => {
    const pitr = ADDON_CATALOGUE.find((a) => a.variant === 'pitr_7')!;
    // $100 per 7 days, billed per hour: 168 hours make $100 within a cent.
    expect(Math.abs(pitr.price_cents * 168 - 10_000)).toBeLessThan(1);
    expect(feature('Point in time recovery').plans.pro).toBe('$100 per 7 days');
    expect(ADDON_CATALOGUE.find((a) => a.variant === 'cd_default')).toMatchObject({ price_cents: 1_000, price_unit: 'month' });
    expect(feature('Custom domains').plans.pro).toBe('$10 per domain per month');
  });

  it('prices a larger compute size as the hours over the smallest instance', () => {
    const small = ADDON_CATALOGUE.find((a) => a.variant === 'ci_small')!;
    expect(small.price_cents).toBeCloseTo(COMPUTE_SIZE_CENTS_PER_HOUR.ci_small - COMPUTE_CENTS_PER_HOUR, 3);
    expect(COMPUTE_SIZE_CENTS_PER_HOUR.ci_micro).toBe(COMPUTE_CENTS_PER_HOUR);
  });

  it('follows the plans table: nothing on Free, PITR and a custom domain included in Enterprise', () => {
    for (const kind of ADDON_KINDS) expect(ADDON_PLAN_RULE[kind].free).toBe('unavailable');
    expect(ADDON_PLAN_RULE.pitr.enterprise).toBe('included');
    expect(feature('Custom domains').plans.enterprise).toBe('1 included');
    expect(ADDON_PLAN_RULE.custom_domain.enterprise).toBe('included');
    expect(ADDON_MESSAGES.notOnPlan('custom_domain', 'free')).toContain('Free plan');
  });

  it('formats prices and refuses an unknown variant', () => {
    expect(formatAddonPrice({ price_cents: 1_000, price_unit: 'month' })).toBe('$10.00 / month');
    expect(AddonChangeBodySchema.safeParse({ addon_variant: 'ci_huge' }).success).toBe(false);
    expect(AddonChangeBodySchema.safeParse({ addon_variant: 'ci_small' }).success).toBe(true);
  });
});
