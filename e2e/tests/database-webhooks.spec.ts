import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { expect, test } from '@playwright/test';
import { createActiveProject, signUpThroughApi } from '../support/api-session';
import { serverUrl } from '../support/servers';

// Database → Webhooks (issue 24), as an owner uses it: a webhook made on the page for inserts
// into a table, a row inserted by SQL, the request arriving at an endpoint of the test's own
// (127.0.0.1 is let through by PLINTH_WEBHOOK_ALLOWED_HOSTS, global setup), and its delivery in
// the page's log.

interface Received {
  method: string;
  url: string;
  headers: http.IncomingHttpHeaders;
  body: string;
}

test('a webhook sends an inserted row to an endpoint, and its delivery is logged', async ({ page, context }) => {
  test.setTimeout(90_000);
  const received: Received[] = [];
  const endpoint = http.createServer((req, res) => {
    let body = '';
    req.setEncoding('utf8');
    req.on('data', (chunk: string) => (body += chunk));
    req.on('end', () => {
      received.push({ method: req.method ?? '', url: req.url ?? '', headers: req.headers, body });
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end('{"received":true}');
    });
  });
  await new Promise<void>((resolve) => endpoint.listen(0, '127.0.0.1', resolve));
  const port = (endpoint.address() as AddressInfo).port;
  try {
    const baseUrl = serverUrl('production');
    const { session } = await signUpThroughApi(baseUrl, 'webhooks');
    const project = await createActiveProject(session, 'Hooked');
    await session.shareWith(context);
    const sql = (query: string) => session.client.database.runQuery(project.ref, { query });
    await sql('create table public.orders (id int primary key, item text)');

    await page.goto(`${baseUrl}/project/${project.ref}/database/hooks`);
    await expect(page.getByRole('heading', { level: 1, name: 'Webhooks' })).toBeVisible();
    await expect(page.getByText('No webhooks yet', { exact: true })).toBeVisible();

    await page.getByRole('button', { name: 'Create webhook' }).click();
    const panel = page.getByRole('dialog', { name: 'Create a new webhook' });
    await panel.getByLabel(/^Name/).fill('orders_out');
    await panel.getByLabel('Table').selectOption('public.orders');
    await expect(panel.getByLabel('INSERT')).toBeChecked();
    await panel.getByLabel('URL').fill(`http://127.0.0.1:${port}/orders`);
    await panel.getByRole('button', { name: 'Add header' }).click();
    await panel.getByLabel('Header name 1').fill('x-plinth-test');
    await panel.getByLabel('Header value 1').fill('e2e');
    await panel.getByRole('button', { name: 'Create webhook' }).click();
    await expect(panel).toBeHidden();
    const list = page.getByRole('grid', { name: 'Webhooks' });
    await expect(list).toContainText('public.orders');
    await expect(list).toContainText(`POST http://127.0.0.1:${port}/orders`);

    await sql(`insert into public.orders values (1, 'first')`);
    await expect.poll(() => received.length, { timeout: 20_000 }).toBeGreaterThan(0);
    const request = received[0]!;
    expect(request).toMatchObject({ method: 'POST', url: '/orders' });
    expect(request.headers['x-plinth-test']).toBe('e2e');
    expect(JSON.parse(request.body)).toMatchObject({ type: 'INSERT', schema: 'public', table: 'orders', record: { id: 1, item: 'first' }, old_record: null });

    await list.getByRole('button', { name: 'Deliveries of orders_out' }).click();
    const log = page.getByRole('grid', { name: 'Deliveries of orders_out' });
    await expect(log.getByText('200', { exact: true })).toBeVisible({ timeout: 15_000 });
    await expect(log).toContainText('{"received":true}');
    await expect(log).toContainText('1 of 3');
    expect(received).toHaveLength(1);
  } finally {
    await new Promise((resolve) => endpoint.close(resolve));
  }
});
