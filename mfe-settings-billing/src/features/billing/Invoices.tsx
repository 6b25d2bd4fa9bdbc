import { useState } from 'react';
import { useMutation, useQuery } from '@tanstack/react-query';
import { Button } from '@plinth/shared-ui/button';
import { Badge, EmptyState, PageHeader, saveFile } from '@plinth/shared-ui/layout';
import { InlineError, LoadingSkeleton, Section } from '@plinth/shared-ui/page';
import { DownloadIcon, EmptyIcon } from '@plinth/shared-ui/icons';
import { tokens } from '@plinth/shared-ui/theme';
import { formatCents, INVOICE_STATUS_LABELS, invoiceCsv, invoiceLinesForProject, invoicePeriodLabel, PLAN_NAMES, type Invoice } from '@plinth/contracts-billing';
import { errorMessage, useArea } from '@plinth/area-kit';
import { keys } from '../../area/query-keys';

const tableStyle = {
  borderCollapse: 'collapse',
  width: '100%',
  fontSize: tokens.fontSize.sm,
  'th, td': { textAlign: 'left', padding: '8px 12px', borderBottom: `1px solid ${tokens.color.border}`, verticalAlign: 'top' },
  'thead th': { color: tokens.color.textMuted, fontWeight: 500 },
  '.num': { textAlign: 'right', fontVariantNumeric: 'tabular-nums' },
} as const;

const STATUS_KIND = { upcoming: 'info', issued: 'warning', paid: 'success' } as const;

/**
 * The organization's invoices (`/org/{slug}/invoices`, the project's `settings/billing/invoices`):
 * this period's upcoming invoice and every issued one, each with its lines (plan, overage,
 * compute), its status (upcoming, issued, paid) and downloadable as CSV or PDF. On a project's page, its own compute lines are marked.
 */
export function Invoices({ slug, projectRef = null }: { slug: string; projectRef?: string | null }) {
  const { api } = useArea();
  const invoices = useQuery({ queryKey: keys.invoices(slug), queryFn: () => api.invoices.listInvoices(slug), enabled: slug !== '' });
  const [openId, setOpenId] = useState<string | null>(null);
  const header = <PageHeader title="Invoices" description="One invoice per billing period (calendar month, UTC): the plan, usage above the included amounts and compute billed hourly." />;
  const body = (() => {
    if (invoices.isPending) return <LoadingSkeleton label="Loading invoices" rows={3} />;
    if (invoices.isError) return <InlineError message="Failed to retrieve invoices" detail={errorMessage(invoices.error)} onRetry={() => void invoices.refetch()} />;
    if (invoices.data.length === 0) return <EmptyState icon={<EmptyIcon size={24} />} title="No invoices yet" description="The first invoice appears with the organization's first billing period." framed />;
    const shown = openId ?? invoices.data[0]!.id;
    return (
      <>
        <Section title="Billing periods">
          <div data-scroll-x tabIndex={0} role="region" aria-label="Invoices table" css={{ overflowX: 'auto', minWidth: 0, position: 'relative' }}>
            <table css={[tableStyle, { minWidth: 600 }]} aria-label="Invoices">
              <thead>
                <tr>
                  <th scope="col">Period</th>
                  <th scope="col">Plan</th>
                  <th scope="col">Status</th>
                  <th scope="col" className="num">
                    Total
                  </th>
                  <th scope="col">
                    <span css={{ position: 'absolute', width: 1, height: 1, overflow: 'hidden', clip: 'rect(0 0 0 0)' }}>Actions</span>
                  </th>
                </tr>
              </thead>
              <tbody>
                {invoices.data.map((inv) => (
                  <tr key={inv.id} data-invoice={inv.id} aria-current={inv.id === shown ? 'true' : undefined} css={{ background: inv.id === shown ? tokens.color.surfaceHover : undefined }}>
                    <td>{invoicePeriodLabel(inv)}</td>
                    <td>{PLAN_NAMES[inv.plan]}</td>
                    <td>
                      <Badge kind={STATUS_KIND[inv.status]}>{INVOICE_STATUS_LABELS[inv.status]}</Badge>
                    </td>
                    <td className="num" data-live-figure>
                      {formatCents(inv.total_cents)}
                    </td>
                    <td>
                      <div css={{ display: 'flex', gap: tokens.space.sm, justifyContent: 'flex-end' }}>
                      <Button size="small" onClick={() => setOpenId(inv.id)} aria-pressed={inv.id === shown}>
                        View
                      </Button>
                      <Button size="small" icon={<DownloadIcon size={14} />} onClick={() => saveFile(`invoice-${inv.id}.csv`, invoiceCsv(inv), 'text/csv')} aria-label={`Download ${invoicePeriodLabel(inv)} as CSV`}>
                        CSV
                      </Button>
                      <PdfButton slug={slug} invoice={inv} />
                      </div>
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        </Section>
        <InvoiceLines invoice={invoices.data.find((i) => i.id === shown) ?? invoices.data[0]!} projectRef={projectRef} />
      </>
    );
  })();
  return (
    <>
      {header}
      <div css={{ padding: tokens.space.xl, display: 'grid', gridTemplateColumns: 'minmax(0, 1fr)', gap: tokens.space.xl, maxWidth: 1000 }}>{body}</div>
    </>
  );
}

/** Downloads the invoice's PDF (drawn by the API), or says why it could not. */
function PdfButton({ slug, invoice }: { slug: string; invoice: Invoice }) {
  const { api, props } = useArea();
  const download = useMutation({
    mutationFn: () => api.invoiceDocuments.downloadInvoicePdf(slug, invoice.id),
    onSuccess: (pdf) => saveFile(`invoice-${invoice.id}.pdf`, pdf, 'application/pdf'),
    onError: (err) => props.notify({ kind: 'error', message: `The PDF of ${invoicePeriodLabel(invoice)} was not downloaded: ${errorMessage(err)}` }),
  });
  return (
    <Button size="small" icon={<DownloadIcon size={14} />} loading={download.isPending} onClick={() => download.mutate()} aria-label={`Download ${invoicePeriodLabel(invoice)} as PDF`}>
      PDF
    </Button>
  );
}

function InvoiceLines({ invoice, projectRef }: { invoice: Invoice; projectRef: string | null }) {
  const mine = projectRef ? invoiceLinesForProject(invoice, projectRef) : [];
  return (
    <Section
      title={`Invoice ${invoicePeriodLabel(invoice)}`}
      description={
        projectRef
          ? mine.length
            ? `This project's compute comes to ${formatCents(mine.reduce((n, l) => n + l.amount_cents, 0))}; its lines are marked.`
            : 'No line of this invoice is for this project alone (compute is billed on paid plans).'
          : invoice.status === 'upcoming'
            ? 'So far this period; the invoice is issued when the period ends.'
            : undefined
      }
    >
      <div data-scroll-x tabIndex={0} role="region" aria-label="Invoice lines" css={{ overflowX: 'auto', minWidth: 0, position: 'relative' }}>
        <table css={[tableStyle, { minWidth: 600 }]} aria-label={`Lines of the invoice ${invoicePeriodLabel(invoice)}`}>
          <thead>
            <tr>
              <th scope="col">Description</th>
              <th scope="col" className="num">
                Quantity
              </th>
              <th scope="col" className="num">
                Unit price
              </th>
              <th scope="col" className="num">
                Amount
              </th>
            </tr>
          </thead>
          <tbody>
            {invoice.lines.map((l, i) => (
              <tr key={i} data-kind={l.kind} css={{ fontWeight: projectRef && l.project === projectRef ? tokens.fontWeight.semibold : undefined }}>
                <td>{l.description}</td>
                <td className="num" data-live-figure>
                  {Number(l.quantity.toFixed(4)).toLocaleString('en-US')} {l.unit}
                </td>
                <td className="num">${(l.unit_price_cents / 100).toLocaleString('en-US', { maximumFractionDigits: 5 })}</td>
                <td className="num" data-live-figure>
                  {formatCents(l.amount_cents)}
                </td>
              </tr>
            ))}
          </tbody>
          <tfoot>
            <tr>
              <th scope="row" colSpan={3}>
                Total
              </th>
              <td className="num" data-testid="invoice-total" data-live-figure>
                <strong>{formatCents(invoice.total_cents)}</strong>
              </td>
            </tr>
          </tfoot>
        </table>
      </div>
    </Section>
  );
}
