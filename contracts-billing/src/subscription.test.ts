import { describe, expect, it } from 'vitest';
import { billingPeriod, formatCents, invoiceCsv, PLAN_ROLES, proratedCents, type Invoice } from './index';

describe('plan changes and invoices', () => {
  it('prorates the price difference over the share of the period left, a downgrade being a credit', () => {
    expect(proratedCents('free', 'pro', 0.5)).toBe(1_250);
    expect(proratedCents('pro', 'team', 1)).toBe(57_400);
    expect(proratedCents('team', 'free', 0.25)).toBe(-14_975);
    expect(proratedCents('free', 'pro', 2)).toBe(2_500);
    expect(formatCents(-14_975)).toBe('-$149.75');
  });
  it('the billing period is the calendar month, UTC', () => {
    const { start, end } = billingPeriod(new Date('2026-12-31T23:59:00Z'));
    expect([start.toISOString(), end.toISOString()]).toEqual(['2026-12-01T00:00:00.000Z', '2027-01-01T00:00:00.000Z']);
  });
  it('roles per plan (001 §6): Owner and Developer on free and pro', () => {
    expect(PLAN_ROLES.free).toEqual(['Owner', 'Developer']);
    expect(PLAN_ROLES.team).toContain('Read-only');
  });
  it('an invoice as CSV: one row per line and the total, cells that a spreadsheet would run quoted', () => {
    const inv: Invoice = {
      id: 'acme-2026-03',
      organization: 'acme',
      plan: 'pro',
      period_start: '2026-03-01T00:00:00.000Z',
      period_end: '2026-04-01T00:00:00.000Z',
      status: 'issued',
      lines: [{ kind: 'compute', description: '=cmd, project', project: 'abc', quantity: 2, unit: 'hour', unit_price_cents: 1.344, amount_cents: 3 }],
      total_cents: 3,
    };
    expect(invoiceCsv(inv).split('\r\n')).toEqual([
      'Invoice,acme-2026-03',
      'Organization,acme',
      'Period,2026-03-01 to 2026-03-31',
      'Status,Issued',
      '',
      'Description,Project,Quantity,Unit,Unit price (USD),Amount (USD)',
      '"=cmd, project",abc,2,hour,0.01344,0.03',
      '',
      'Total,,,,,0.03',
      '',
    ]);
  });
});
