import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createFakeApi } from '@plinth/area-kit/testing';
import { ApiError, ROLE_PERMISSIONS } from '@plinth/shared-contracts';
import { WEBHOOK_MESSAGES, type DatabaseTableSummary, type Webhook, type WebhookCreate, type WebhookDelivery } from '@plinth/contracts-database';
import { renderArea } from '../../testing/render-area';

const summary = (schema: string, name: string, id: number): DatabaseTableSummary => ({ id, schema, name, comment: null, rowsEstimate: 0, sizeBytes: 8192, columns: 2, rlsEnabled: true, protected: false });

const hook = (over: Partial<Webhook> = {}): Webhook => ({
  id: 1,
  name: 'orders_hook',
  schema: 'public',
  table: 'orders',
  events: ['INSERT', 'UPDATE'],
  method: 'POST',
  url: 'https://example.com/hooks/orders',
  headers: { 'x-secret': 'abc' },
  timeout_ms: 5000,
  created_at: '2026-11-28T10:00:00.000Z',
  updated_at: '2026-11-28T10:00:00.000Z',
  ...over,
});

const delivery = (id: number, over: Partial<WebhookDelivery> = {}): WebhookDelivery => ({
  id,
  request_id: id,
  attempt: 1,
  status_code: 200,
  error: null,
  duration_ms: 12,
  content: '{"ok":true}',
  created_at: `2026-11-28T10:00:${String(id % 60).padStart(2, '0')}.000Z`,
  ...over,
});

/** The fake API with a webhooks client over a list the test holds; `calls` says what was asked. */
function withWebhooks(initial: Webhook[], deliveries: Record<number, WebhookDelivery[]> = {}) {
  const api = createFakeApi({ tableSummaries: [summary('public', 'orders', 10), summary('public', 'customers', 11), summary('sales', 'invoices', 12)] });
  const calls: string[] = [];
  const bodies: WebhookCreate[] = [];
  let list = [...initial];
  let nextId = 100;
  Object.assign(api.clients, {
    webhooks: {
      listWebhooks: async () => ({ webhooks: [...list].sort((a, b) => a.name.localeCompare(b.name)) }),
      createWebhook: async (_ref: string, body: WebhookCreate) => {
        calls.push(`create ${body.name}`);
        bodies.push(body);
        if (list.some((w) => w.name === body.name)) throw new ApiError(409, `A webhook named ${body.name} already exists`, 'WEBHOOK_EXISTS');
        const made = hook({ ...body, id: nextId++ });
        list = [...list, made];
        return made;
      },
      updateWebhook: async (_ref: string, id: number, body: WebhookCreate) => {
        calls.push(`update ${id}`);
        bodies.push(body);
        const saved = hook({ ...body, id });
        list = list.map((w) => (w.id === id ? saved : w));
        return saved;
      },
      deleteWebhook: async (_ref: string, id: number) => {
        calls.push(`delete ${id}`);
        list = list.filter((w) => w.id !== id);
      },
      listDeliveries: async (_ref: string, id: number, page: { limit?: number; offset?: number } = {}) => {
        const limit = page.limit ?? 50;
        const offset = page.offset ?? 0;
        calls.push(`deliveries ${id} ${offset}`);
        const all = deliveries[id] ?? [];
        return { deliveries: all.slice(offset, offset + limit), hasMore: all.length > offset + limit };
      },
    },
  });
  return { api, calls, bodies };
}

/** Off: disabled, or aria-disabled with its reason (a permission's tooltip keeps it focusable). */
const off = (el: HTMLElement) => (el as HTMLButtonElement).disabled || el.getAttribute('aria-disabled') === 'true';

describe('Webhooks page', () => {
  it('lists the webhooks with their table, events and request', async () => {
    const { api } = withWebhooks([hook(), hook({ id: 2, name: 'audit', schema: 'sales', table: 'invoices', events: ['DELETE'], method: 'PUT', url: 'http://audit.example.net/in' })]);
    renderArea('database/hooks', { api });
    expect(await screen.findByRole('heading', { level: 1, name: 'Webhooks' })).toBeTruthy();
    const table = await screen.findByRole('grid', { name: 'Webhooks' });
    expect(within(table).getByText('orders_hook')).toBeTruthy();
    expect(within(table).getByText('public.orders')).toBeTruthy();
    expect(within(table).getByText('INSERT, UPDATE')).toBeTruthy();
    expect(within(table).getByText('POST https://example.com/hooks/orders')).toBeTruthy();
    expect(within(table).getByText('sales.invoices')).toBeTruthy();
    expect(within(table).getByText('PUT http://audit.example.net/in')).toBeTruthy();
  });

  it('shows the empty state, and says when the list cannot be loaded', async () => {
    const { api } = withWebhooks([]);
    const first = renderArea('database/hooks', { api });
    // WEBHOOK_MESSAGES.empty: its first sentence the title, the rest under it.
    expect(await screen.findByRole('heading', { name: 'No webhooks yet' })).toBeTruthy();
    expect(WEBHOOK_MESSAGES.empty).toBe(`No webhooks yet. ${screen.getByText(/^A webhook calls an HTTP endpoint/).textContent}`);
    first.unmount();
    Object.assign((api.clients as unknown as { webhooks: object }).webhooks, { listWebhooks: async () => Promise.reject(new Error('boom')) });
    renderArea('database/hooks', { api });
    expect(await screen.findByText('Failed to load webhooks')).toBeTruthy();
  });

  it('refuses an invalid form with the field named, shows the API refusal keeping what was typed, then creates', async () => {
    const user = userEvent.setup();
    const { api, calls, bodies } = withWebhooks([hook()]);
    renderArea('database/hooks', { api });
    await screen.findByRole('grid', { name: 'Webhooks' });
    await user.click(screen.getByRole('button', { name: 'Create webhook' }));
    const panel = await screen.findByRole('dialog', { name: 'Create a new webhook' });
    expect((within(panel).getByLabelText(/Timeout/) as HTMLInputElement).value).toBe('5000');

    // Nothing filled in: each wrong field says so, and nothing is sent.
    await user.click(within(panel).getByRole('button', { name: 'Create webhook' }));
    expect(await within(panel).findByText('name must be 1 to 63 letters, digits, _ or -')).toBeTruthy();
    expect(within(panel).getByText('table is required')).toBeTruthy();
    expect(within(panel).getByText('url must be an http:// or https:// address')).toBeTruthy();
    expect(calls.filter((c) => c.startsWith('create'))).toEqual([]);

    // A name already taken: the API's words, and the form as it was.
    await user.type(within(panel).getByLabelText(/^Name/), 'orders_hook');
    await user.selectOptions(within(panel).getByLabelText(/^Table/), 'sales.invoices');
    await user.click(within(panel).getByLabelText('DELETE'));
    await user.selectOptions(within(panel).getByLabelText(/^Method/), 'PUT');
    await user.type(within(panel).getByLabelText(/^URL/), 'https://example.com/in');
    await user.click(within(panel).getByRole('button', { name: 'Add header' }));
    await user.type(within(panel).getByLabelText('Header name 1'), 'x-token');
    await user.type(within(panel).getByLabelText('Header value 1'), 's3cret');
    const timeout = within(panel).getByLabelText(/Timeout/);
    await user.clear(timeout);
    await user.type(timeout, '50');
    await user.click(within(panel).getByRole('button', { name: 'Create webhook' }));
    expect(await within(panel).findByText('timeout_ms must be at least 100')).toBeTruthy();
    await user.type(timeout, '00');
    await user.click(within(panel).getByRole('button', { name: 'Create webhook' }));
    expect(await within(panel).findByText('A webhook named orders_hook already exists')).toBeTruthy();
    expect((within(panel).getByLabelText(/^URL/) as HTMLInputElement).value).toBe('https://example.com/in');
    expect((within(panel).getByLabelText('Header value 1') as HTMLInputElement).value).toBe('s3cret');

    const name = within(panel).getByLabelText(/^Name/);
    await user.clear(name);
    await user.type(name, 'invoices_out');
    await user.click(within(panel).getByRole('button', { name: 'Create webhook' }));
    await waitFor(() => expect(calls).toContain('create invoices_out'));
    expect(bodies.at(-1)).toEqual({ name: 'invoices_out', schema: 'sales', table: 'invoices', events: ['INSERT', 'DELETE'], method: 'PUT', url: 'https://example.com/in', headers: { 'x-token': 's3cret' }, timeout_ms: 5000 });
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(await within(screen.getByRole('grid', { name: 'Webhooks' })).findByText('invoices_out')).toBeTruthy();
  });

  it('edits a webhook in the same form', async () => {
    const user = userEvent.setup();
    const { api, calls, bodies } = withWebhooks([hook()]);
    renderArea('database/hooks', { api });
    await user.click(await screen.findByRole('button', { name: 'Edit webhook orders_hook' }));
    const panel = await screen.findByRole('dialog', { name: 'Edit webhook orders_hook' });
    expect((within(panel).getByLabelText(/^Table/) as HTMLSelectElement).value).toBe('public.orders');
    expect((within(panel).getByLabelText('UPDATE') as HTMLInputElement).checked).toBe(true);
    expect((within(panel).getByLabelText('Header name 1') as HTMLInputElement).value).toBe('x-secret');
    await user.click(within(panel).getByRole('button', { name: 'Remove header 1' }));
    const url = within(panel).getByLabelText(/^URL/);
    await user.clear(url);
    await user.type(url, 'https://example.com/v2');
    await user.click(within(panel).getByRole('button', { name: 'Save webhook' }));
    await waitFor(() => expect(calls).toContain('update 1'));
    expect(bodies.at(-1)).toMatchObject({ name: 'orders_hook', url: 'https://example.com/v2', headers: {}, events: ['INSERT', 'UPDATE'] });
    expect(await screen.findByText('POST https://example.com/v2')).toBeTruthy();
  });

  it('deletes a webhook after its confirmation', async () => {
    const user = userEvent.setup();
    const { api, calls } = withWebhooks([hook()]);
    renderArea('database/hooks', { api });
    await user.click(await screen.findByRole('button', { name: 'Delete webhook orders_hook' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete webhook orders_hook?' });
    expect(within(dialog).getByText(WEBHOOK_MESSAGES.deleteConfirmation)).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(calls.some((c) => c.startsWith('delete'))).toBe(false);

    await user.click(screen.getByRole('button', { name: 'Delete webhook orders_hook' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Delete webhook' }));
    await waitFor(() => expect(calls).toContain('delete 1'));
    expect(await screen.findByRole('heading', { name: 'No webhooks yet' })).toBeTruthy();
  });

  it('shows the delivery log of the selected webhook, and more on asking', async () => {
    const user = userEvent.setup();
    const many = Array.from({ length: 25 }, (_, i) => delivery(100 - i));
    many[0] = delivery(100, { attempt: 3, status_code: null, error: 'connect ECONNREFUSED 127.0.0.1:9', duration_ms: 3, content: null });
    many[1] = delivery(99, { attempt: 2, status_code: 500, content: 'upstream broke' });
    const { api, calls } = withWebhooks([hook(), hook({ id: 2, name: 'quiet' })], { 1: many });
    renderArea('database/hooks', { api });

    await user.click(await screen.findByRole('button', { name: 'Deliveries of quiet' }));
    expect(await screen.findByText(WEBHOOK_MESSAGES.noDeliveries)).toBeTruthy();

    await user.click(screen.getByRole('button', { name: 'Deliveries of orders_hook' }));
    const log = await screen.findByRole('grid', { name: 'Deliveries of orders_hook' });
    expect(within(log).getByText('connect ECONNREFUSED 127.0.0.1:9')).toBeTruthy();
    expect(within(log).getByText('3 of 3')).toBeTruthy();
    expect(within(log).getByText('500')).toBeTruthy();
    expect(within(log).getByText('upstream broke')).toBeTruthy();
    expect(within(log).getAllByText('200').length).toBeGreaterThan(0);
    expect(within(log).getAllByText('12 ms').length).toBeGreaterThan(0);
    expect(within(log).getByText('2026-11-28 10:00:40')).toBeTruthy();

    await user.click(screen.getByRole('button', { name: 'Load more' }));
    await waitFor(() => expect(calls).toContain('deliveries 1 20'));
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Load more' })).toBeNull());
    // All 25 are rows of the log now (the list draws those in view).
    expect(screen.getByRole('grid', { name: 'Deliveries of orders_hook' }).getAttribute('aria-rowcount')).toBe('26');

    // Shown: asked again every few seconds.
    const asked = calls.filter((c) => c === 'deliveries 1 0').length;
    await waitFor(() => expect(calls.filter((c) => c === 'deliveries 1 0').length).toBeGreaterThan(asked), { timeout: 5000 });
  });

  it('keeps a read-only member to the list and the log: the write buttons say why they are off', async () => {
    const user = userEvent.setup();
    const { api } = withWebhooks([hook()], { 1: [delivery(1)] });
    renderArea('database/hooks', { api, permissions: ROLE_PERMISSIONS['Read-only'] });
    await screen.findByRole('grid', { name: 'Webhooks' });
    for (const name of ['Create webhook', 'Edit webhook orders_hook', 'Delete webhook orders_hook']) {
      const button = screen.getByRole('button', { name });
      expect(off(button)).toBe(true);
      expect(button.getAttribute('data-disabled-reason')).toBe(WEBHOOK_MESSAGES.noPermissionWrite);
    }
    await user.click(screen.getByRole('button', { name: 'Create webhook' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Deliveries of orders_hook' }));
    expect(await screen.findByRole('grid', { name: 'Deliveries of orders_hook' })).toBeTruthy();
  });
});
