import { PDFDocument, StandardFonts, rgb, type PDFFont, type PDFPage } from 'pdf-lib';
import { INVOICE_STATUS_LABELS, PLAN_NAMES, invoicePeriodLabel, type Invoice } from '@plinth/contracts-billing';

const usd = (cents: number) => `$${(cents / 100).toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;
const quantity = (q: number) => (Number.isInteger(q) ? q.toLocaleString('en-US') : q.toLocaleString('en-US', { maximumFractionDigits: 6 }));

/** Cuts a text to fit a width, with an ellipsis. */
function fit(text: string, font: PDFFont, size: number, width: number): string {
  if (font.widthOfTextAtSize(text, size) <= width) return text;
  let t = text;
  while (t.length > 1 && font.widthOfTextAtSize(`${t}...`, size) > width) t = t.slice(0, -1);
  return `${t}...`;
}

/** The standard fonts speak WinAnsi only: anything else becomes '?', so a project's name never breaks the document. */
const winAnsi = (s: string) => s.replace(/[^\x20-\x7e\xa0-\xff]/g, '?');

/**
 * The invoice as an A4 PDF: who and when, one row per line item (description, quantity, unit
 * price, amount), and the total. New pages as the lines need them.
 */
export async function invoicePdf(invoice: Invoice, organizationName: string): Promise<Uint8Array> {
  // No creation or modification time (pdf-lib writes now by default): the same invoice is the same
  // bytes at every download (the time changed the compressed object stream's length by a byte).
  const doc = await PDFDocument.create({ updateMetadata: false });
  doc.setTitle(`Invoice ${invoice.id}`);
  doc.setCreator('Plinth');
  doc.setProducer('Plinth');
  const font = await doc.embedFont(StandardFonts.Helvetica);
  const bold = await doc.embedFont(StandardFonts.HelveticaBold);
  const [W, H] = [595.28, 841.89];
  const margin = 50;
  const ink = rgb(0.1, 0.1, 0.12);
  const muted = rgb(0.4, 0.4, 0.45);
  const cols = { description: margin, quantity: 330, unitPrice: 420, amount: W - margin };
  let page: PDFPage = doc.addPage([W, H]);
  let y = H - margin;

  const text = (s: string, x: number, size = 10, f = font, color = ink, align: 'left' | 'right' = 'left') => {
    const t = winAnsi(s);
    page.drawText(t, { x: align === 'right' ? x - f.widthOfTextAtSize(t, size) : x, y, size, font: f, color });
  };
  const rule = () => page.drawLine({ start: { x: margin, y: y - 4 }, end: { x: W - margin, y: y - 4 }, thickness: 0.5, color: muted });
  const header = () => {
    text('Description', cols.description, 9, bold, muted);
    text('Quantity', cols.quantity, 9, bold, muted, 'right');
    text('Unit price', cols.unitPrice, 9, bold, muted, 'right');
    text('Amount', cols.amount, 9, bold, muted, 'right');
    rule();
    y -= 20;
  };

  text('Invoice', margin, 22, bold);
  text(INVOICE_STATUS_LABELS[invoice.status], W - margin, 12, bold, muted, 'right');
  y -= 30;
  for (const [k, v] of [
    ['Invoice', invoice.id],
    ['Organization', `${organizationName} (${invoice.organization})`],
    ['Plan', PLAN_NAMES[invoice.plan]],
    ['Period', invoicePeriodLabel(invoice)],
  ] as const) {
    text(k, margin, 10, bold, muted);
    text(v, margin + 90, 10);
    y -= 16;
  }
  y -= 14;
  header();
  for (const l of invoice.lines) {
    if (y < margin + 60) {
      page = doc.addPage([W, H]);
      y = H - margin;
      header();
    }
    text(fit(winAnsi(l.description), font, 10, cols.quantity - cols.description - 70), cols.description, 10);
    text(`${quantity(l.quantity)} ${l.unit}`, cols.quantity, 10, font, ink, 'right');
    text(`$${(l.unit_price_cents / 100).toFixed(l.unit_price_cents % 1 === 0 && l.unit_price_cents % 100 === 0 ? 2 : 5)}`, cols.unitPrice, 10, font, ink, 'right');
    text(usd(l.amount_cents), cols.amount, 10, font, ink, 'right');
    y -= 18;
  }
  if (!invoice.lines.length) {
    text('No charges in this period', cols.description, 10, font, muted);
    y -= 18;
  }
  rule();
  y -= 22;
  text('Total', cols.unitPrice, 12, bold, ink, 'right');
  text(usd(invoice.total_cents), cols.amount, 12, bold, ink, 'right');
  y -= 18;
  text('Amounts in US dollars.', margin, 8, font, muted);
  return doc.save();
}
