import { inflateSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createInvoiceDocumentsClient, createInvoicesClient } from '@plinth/contracts-billing';
import { createTestHarness, type TestHarness, type TestUser } from '@plinth/platform-api/testing';
import { InvoicesService } from './invoices';
import { testPaymentProvider, type PaymentProvider } from './payments';

let h: TestHarness;
beforeAll(async () => {
  h = await createTestHarness();
});
afterAll(async () => {
  await h?.close();
});

const job = (payments?: PaymentProvider) => new InvoicesService(h.internals.control, (o) => h.internals.usage.organizationUsage(o), payments);
const invoices = (u: TestUser) => ({ ...createInvoicesClient(u.api.http), ...createInvoiceDocumentsClient(u.api.http) });

/** An organization on Pro since 1 March 2026 whose project ran for the first 24 hours of March only. */
async function proSinceMarch() {
  const { user, org, project } = await h.userWithProject();
  const control = h.internals.control;
  await control.query(`update organizations set created_at = '2026-03-01T00:00:00Z', plan = 'pro' where id = $1`, [org.id]);
  await control.query(`update projects set inserted_at = '2026-03-01T00:00:00Z' where ref = $1`, [project.ref]);
  const p = (await control.query<{ id: number }>('select id from projects where ref = $1', [project.ref])).rows[0]!;
  await control.query(`insert into project_status_events (project_id, status, at) values ($1, 'INACTIVE', '2026-03-02T00:00:00Z')`, [p.id]);
  h.internals.access.invalidateOrganization(org.slug);
  return { user, org, project };
}

/** The words a PDF draws: its content streams inflated, each shown string decoded. */
function pdfText(pdf: Buffer): string {
  const words: string[] = [];
  const raw = pdf.toString('latin1');
  for (const m of raw.matchAll(/stream\r?\n/g)) {
    const start = m.index! + m[0].length;
    const end = raw.indexOf('endstream', start);
    let body: string;
    try {
      body = inflateSync(pdf.subarray(start, end)).toString('latin1');
    } catch {
      continue;
    }
    for (const t of body.matchAll(/<([0-9A-Fa-f]*)>\s*Tj/g)) words.push(Buffer.from(t[1]!, 'hex').toString('latin1'));
  }
  return words.join('\n');
}

describe('the invoice job', () => {
  it('issues each ended period once at its end, and running it again changes nothing', async () => {
    const { user, org } = await proSinceMarch();
    const now = new Date('2026-04-01T00:30:00Z');
    const first = await job().issueDue(now);
    expect(first.issued).toBeGreaterThanOrEqual(1);
    const march = (await invoices(user).listInvoices(org.slug)).find((i) => i.period_start === '2026-03-01T00:00:00.000Z')!;
    expect(march).toMatchObject({ status: 'issued', plan: 'pro', total_cents: 2_532 });
    expect(march.lines.map((l) => [l.kind, l.quantity, l.amount_cents])).toEqual([
      ['plan', 1, 2_500],
      ['compute', 24, 32],
    ]);
    // April had not ended at `now`: not issued.
    expect((await invoices(user).listInvoices(org.slug)).filter((i) => i.period_start === '2026-04-01T00:00:00.000Z' && i.status !== 'upcoming')).toEqual([]);
    expect(await job().issueDue(now)).toEqual({ issued: 0, paid: 0 });
    const rows = await h.internals.control.query('select id from invoices where organization_id = $1', [org.id]);
    expect(rows.rows).toHaveLength(1);
  });

  it('the payment provider collects issued invoices: they are marked paid, once', async () => {
    const { user, org } = await proSinceMarch();
    const now = new Date('2026-04-01T00:30:00Z');
    await job().issueDue(now);
    const calls: string[] = [];
    const counting: PaymentProvider = { name: 'counting', collect: async (i) => (calls.push(i.id), testPaymentProvider.collect(i)) };
    const run = await job(counting).issueDue(now);
    expect(run.paid).toBeGreaterThanOrEqual(1);
    const march = (await invoices(user).listInvoices(org.slug)).find((i) => i.period_start === '2026-03-01T00:00:00.000Z')!;
    expect(march.status).toBe('paid');
    expect(calls).toContain(march.id);
    const paid = await h.internals.control.query<{ payment_reference: string; paid_at: Date | null }>('select payment_reference, paid_at from invoices where id = $1', [march.id]);
    expect(paid.rows[0]).toMatchObject({ payment_reference: `test_${march.id}` });
    calls.length = 0;
    await job(counting).issueDue(now);
    expect(calls).not.toContain(march.id);
  });

  it('an invoice downloads as a PDF with its lines and total; it needs billing read', async () => {
    const { user, org } = await proSinceMarch();
    await job().issueDue(new Date('2026-04-01T00:30:00Z'));
    const march = (await invoices(user).listInvoices(org.slug)).find((i) => i.period_start === '2026-03-01T00:00:00.000Z')!;
    const res = await user.fetch(`/api/platform/organizations/${org.slug}/invoices/${march.id}/pdf`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/pdf');
    expect(res.headers.get('content-disposition')).toBe(`attachment; filename="invoice-${march.id}.pdf"`);
    const pdf = Buffer.from(await res.arrayBuffer());
    expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
    const text = pdfText(pdf);
    expect(text).toContain(march.id);
    expect(text).toContain('Pro plan, 2026-03-01 to 2026-03-31');
    expect(text).toContain('24 hour');
    expect(text).toContain('Total');
    expect(text).toContain('$25.32');
    // The client downloads the same bytes (the document carries no time of its making).
    const blob = await invoices(user).downloadInvoicePdf(org.slug, march.id);
    expect(Buffer.from(await blob.arrayBuffer()).equals(pdf)).toBe(true);
    // The upcoming invoice has its PDF too.
    const [upcoming] = await invoices(user).listInvoices(org.slug);
    expect((await user.fetch(`/api/platform/organizations/${org.slug}/invoices/${upcoming!.id}/pdf`)).status).toBe(200);
    const outsider = await h.signUp();
    expect((await outsider.fetch(`/api/platform/organizations/${org.slug}/invoices/${march.id}/pdf`)).status).toBe(404);
    expect((await user.fetch(`/api/platform/organizations/${org.slug}/invoices/nope/pdf`)).status).toBe(404);
  });
});
