import * as z from '@plinth/shared-contracts/zod';
import { PlanIdSchema, type Http } from '@plinth/shared-contracts';

/**
 * Invoices from metered usage (issue 26): one per organization and billing period (the calendar
 * month, UTC), its lines from the plans' prices: the base price of each plan held in the period
 * (prorated by time), usage over the plan's included amounts (paid plans with usage billing), and
 * compute hours of unpaused projects on paid plans (000 §9: billed hourly), and each project's add-ons
 * for the time they were selected (2.0.0). Amounts in US cents.
 */

export const INVOICE_STATUSES = ['upcoming', 'issued', 'paid'] as const;
export const InvoiceStatusSchema = z.enum(INVOICE_STATUSES);
export type InvoiceStatus = z.infer<typeof InvoiceStatusSchema>;
export const INVOICE_STATUS_LABELS: Record<InvoiceStatus, string> = { upcoming: 'Upcoming', issued: 'Issued', paid: 'Paid' };

/** 2.0.0 adds `addon`: a project's add-on for the time it was selected on a plan that buys it. */
export const INVOICE_LINE_KINDS = ['plan', 'overage', 'compute', 'addon'] as const;
export const InvoiceLineSchema = z.object({
  kind: z.enum(INVOICE_LINE_KINDS),
  description: z.string(),
  /** The project the line is for (compute, add-ons), or null for the organization. */
  project: z.nullable(z.string()),
  quantity: z.number(),
  unit: z.string(),
  unit_price_cents: z.number(),
  amount_cents: z.number(),
});
export type InvoiceLine = z.infer<typeof InvoiceLineSchema>;

export const InvoiceSchema = z.object({
  id: z.string(),
  organization: z.string(),
  plan: PlanIdSchema,
  period_start: z.string(),
  period_end: z.string(),
  status: InvoiceStatusSchema,
  lines: z.array(InvoiceLineSchema),
  total_cents: z.number(),
});
export type Invoice = z.infer<typeof InvoiceSchema>;
export const InvoiceListSchema = z.array(InvoiceSchema);

/** The lines of an invoice that concern one project (its compute), for the project's billing pages. */
export function invoiceLinesForProject(invoice: Invoice, ref: string): InvoiceLine[] {
  return invoice.lines.filter((l) => l.project === ref);
}

const csvCell = (v: string | number) => {
  const s = String(v);
  return /[",\n\r]/.test(s) || /^[=+\-@]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s;
};

/** "2026-03-01 to 2026-03-31": the period's first and last days. */
export function invoicePeriodLabel(invoice: Pick<Invoice, 'period_start' | 'period_end'>): string {
  return `${invoice.period_start.slice(0, 10)} to ${new Date(Date.parse(invoice.period_end) - 1).toISOString().slice(0, 10)}`;
}

/** The invoice as CSV (one row per line, then the total), for download. */
export function invoiceCsv(invoice: Invoice): string {
  const rows: (string | number)[][] = [
    ['Invoice', invoice.id],
    ['Organization', invoice.organization],
    ['Period', invoicePeriodLabel(invoice)],
    ['Status', INVOICE_STATUS_LABELS[invoice.status]],
    [],
    ['Description', 'Project', 'Quantity', 'Unit', 'Unit price (USD)', 'Amount (USD)'],
    ...invoice.lines.map((l) => [l.description, l.project ?? '', l.quantity, l.unit, (l.unit_price_cents / 100).toFixed(5), (l.amount_cents / 100).toFixed(2)]),
    [],
    ['Total', '', '', '', '', (invoice.total_cents / 100).toFixed(2)],
  ];
  return rows.map((r) => r.map(csvCell).join(',')).join('\r\n') + '\r\n';
}

export function createInvoicesClient(http: Http) {
  const org = (slug: string) => `/platform/organizations/${encodeURIComponent(slug)}`;
  return {
    listInvoices: (slug: string) => http('GET', `${org(slug)}/invoices`, { schema: InvoiceListSchema }),
    getInvoice: (slug: string, id: string) => http('GET', `${org(slug)}/invoices/${encodeURIComponent(id)}`, { schema: InvoiceSchema }),
  };
}
export type InvoicesClient = ReturnType<typeof createInvoicesClient>;

/** Where an invoice's PDF is downloaded (relative to the platform API). */
export function invoicePdfPath(slug: string, id: string): string {
  return `/platform/organizations/${encodeURIComponent(slug)}/invoices/${encodeURIComponent(id)}/pdf`;
}

/** The invoice as a PDF (its line items and total), as a Blob. */
export function createInvoiceDocumentsClient(http: Http) {
  return {
    downloadInvoicePdf: (slug: string, id: string) => http<Blob>('GET', invoicePdfPath(slug, id), { binary: true }),
  };
}
export type InvoiceDocumentsClient = ReturnType<typeof createInvoiceDocumentsClient>;
