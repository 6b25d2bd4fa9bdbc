import { describe, expect, it } from 'vitest';
import { PLAN_COMPARISON, PLAN_LIMITS, PLAN_SECTION_KEYS, PLAN_TIERS, PlansAnswerSchema } from './plans';
import { MB, GB, OrganizationSchema } from '@plinth/shared-contracts';
import { showsExceedingUsageBadge } from './usage';

describe('plans', () => {
  it('has the four tiers and every comparison section of 001 §3', () => {
    expect(PLAN_TIERS.map((p) => p.id)).toEqual(['free', 'pro', 'team', 'enterprise']);
    expect(PLAN_COMPARISON.map((s) => s.key)).toEqual([...PLAN_SECTION_KEYS]);
    expect(PlansAnswerSchema.safeParse({ plans: PLAN_TIERS, comparison: PLAN_COMPARISON }).success).toBe(true);
  });
  it('carries the measurable limits of 001 §9', () => {
    expect(PLAN_LIMITS.free.databaseSizeBytes).toBe(500 * MB);
    expect(PLAN_LIMITS.free.storageBytes).toBe(GB);
    expect(PLAN_LIMITS.pro.egressBytes).toBe(250 * GB);
    expect(PLAN_LIMITS.free.maxUploadBytes).toBe(50 * MB);
  });
  it('validates an organization with its plan', () => {
    expect(OrganizationSchema.safeParse({ id: 1, name: 'A', slug: 'a', subscription_id: null, plan: { id: 'free', name: 'Free' } }).success).toBe(true);
    expect(OrganizationSchema.safeParse({ id: 1, name: 'A', slug: 'a', subscription_id: null, plan: { id: 'gold', name: 'Gold' } }).success).toBe(false);
  });
  it('shows the exceeding-usage badge only for capped plans', () => {
    const over = { db_size: { usage: 2, limit: 1, exceeded: true }, storage_size: { usage: 0, limit: 1, exceeded: false }, db_egress: { usage: 0, limit: 1, exceeded: false } };
    expect(showsExceedingUsageBadge('free', false, over)).toBe(true);
    expect(showsExceedingUsageBadge('pro', false, over)).toBe(true);
    expect(showsExceedingUsageBadge('pro', true, over)).toBe(false);
  });
});
