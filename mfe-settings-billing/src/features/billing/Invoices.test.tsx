import { describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createFakeApi, invoice, PROJECT_REF } from '@plinth/area-kit/testing';
import { renderArea } from '../../testing/render-area';

const march = invoice({
  id: 'acme-2026-03',
  plan: 'pro',
  status: 'issued',
  period_start: '2026-03-01T00:00:00.000Z',
  period_end: '2026-04-01T00:00:00.000Z',
  lines: [
    { kind: 'plan', description: 'Pro plan, 2026-03-02 to 2026-03-31', project: null, quantity: 0.967742, unit: 'month', unit_price_cents: 2500, amount_cents: 2419 },
    { kind: 'compute', description: 'Compute, project alpha', project: PROJECT_REF, quantity: 48, unit: 'hour', unit_price_cents: 1.344, amount_cents: 65 },
  ],
  total_cents: 2484,
});

describe('invoices', () => {
  it('lists the upcoming and issued invoices; each opens with its lines and total, and downloads as CSV', async () => {
    const user = userEvent.setup();
    const api = createFakeApi();
    api.state.invoices = [invoice(), march];
    const created: Blob[] = [];
    URL.createObjectURL = vi.fn((b: Blob) => (created.push(b), 'blob:x'));
    URL.revokeObjectURL = vi.fn();
    renderArea('/org/acme/invoices', { api });
    const table = await screen.findByRole('table', { name: 'Invoices' });
    const row = within(table).getByText('2026-03-01 to 2026-03-31').closest('tr')!;
    expect(row.textContent).toContain('Issued');
    expect(row.textContent).toContain('$24.84');
    await user.click(within(row).getByRole('button', { name: 'View' }));
    const lines = await screen.findByRole('table', { name: 'Lines of the invoice 2026-03-01 to 2026-03-31' });
    expect(within(lines).getByText('Compute, project alpha').closest('tr')!.textContent).toContain('48 hour');
    expect(within(lines).getByTestId('invoice-total').textContent).toBe('$24.84');
    await user.click(within(row).getByRole('button', { name: 'Download 2026-03-01 to 2026-03-31 as CSV' }));
    expect(created).toHaveLength(1);
    const text = await new Promise<string>((resolve) => {
      const reader = new FileReader();
      reader.onload = () => resolve(String(reader.result));
      reader.readAsText(created[0]!);
    });
    expect(text).toContain('"Compute, project alpha",abcdefghijklmnopqrst,48,hour,0.01344,0.65');
  });

  it('an invoice downloads as a PDF named after it; a failed download says why', async () => {
    const user = userEvent.setup();
    const api = createFakeApi();
    api.state.invoices = [invoice(), { ...march, status: 'paid' }];
    const created: Blob[] = [];
    URL.createObjectURL = vi.fn((b: Blob) => (created.push(b), 'blob:x'));
    URL.revokeObjectURL = vi.fn();
    const { notices } = renderArea('/org/acme/invoices', { api });
    const table = await screen.findByRole('table', { name: 'Invoices' });
    const row = within(table).getByText('2026-03-01 to 2026-03-31').closest('tr')!;
    expect(row.textContent).toContain('Paid');
    await user.click(within(row).getByRole('button', { name: 'Download 2026-03-01 to 2026-03-31 as PDF' }));
    await waitFor(() => expect(created).toHaveLength(1));
    expect(api.argsOf('invoiceDocuments.downloadInvoicePdf')).toEqual([['acme', 'acme-2026-03']]);
    expect(created[0]!.type).toBe('application/pdf');
    api.failures['invoiceDocuments.downloadInvoicePdf'] = { status: 503, message: 'The API is restarting' };
    await user.click(within(row).getByRole('button', { name: 'Download 2026-03-01 to 2026-03-31 as PDF' }));
    await waitFor(() => expect(notices.at(-1)?.message).toBe('The PDF of 2026-03-01 to 2026-03-31 was not downloaded: The API is restarting'));
    expect(created).toHaveLength(1);
  });

  it("a project's invoices page marks the project's own lines", async () => {
    const api = createFakeApi();
    api.state.invoices = [march];
    renderArea('settings/billing/invoices', { api });
    expect(await screen.findByText("This project's compute comes to $0.65; its lines are marked.")).toBeTruthy();
  });

  it('says so when the invoices cannot be read', async () => {
    const api = createFakeApi();
    api.failures['invoices.listInvoices'] = { status: 403, message: 'You need the billing read permission to read invoices' };
    renderArea('/org/acme/invoices', { api });
    expect(await screen.findByText('Failed to retrieve invoices')).toBeTruthy();
    expect(screen.getByText('You need the billing read permission to read invoices')).toBeTruthy();
  });
});
