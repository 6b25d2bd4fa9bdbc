import { describe, expect, it } from 'vitest';
import { emptyForm, formOf, toRequest } from './webhook-form';

describe('the webhook form', () => {
  it('starts with INSERT, POST and 5000 ms, and names every wrong field in the schema\'s words', () => {
    const form = emptyForm();
    expect(form).toMatchObject({ events: ['INSERT'], method: 'POST', timeout: '5000', headers: [] });
    const result = toRequest({ ...form, events: [], timeout: 'soon' });
    expect(result).toEqual({
      ok: false,
      errors: {
        name: 'name must be 1 to 63 letters, digits, _ or -',
        table: 'table is required',
        events: 'events must name at least one of INSERT, UPDATE, DELETE',
        url: 'url must be an http:// or https:// address',
        timeout: 'timeout_ms must be a whole number',
      },
    });
  });

  it('makes the request: schema and table apart, empty header rows dropped, a header named twice refused', () => {
    const form = { ...emptyForm(), name: 'orders_out', table: 'public.order.lines', url: ' https://example.com/in ', timeout: '2500', headers: [{ key: 'x-a', value: '1' }, { key: '', value: '' }] };
    expect(toRequest(form)).toEqual({ ok: true, body: { name: 'orders_out', schema: 'public', table: 'order.lines', events: ['INSERT'], method: 'POST', url: 'https://example.com/in', headers: { 'x-a': '1' }, timeout_ms: 2500 } });
    expect(toRequest({ ...form, headers: [{ key: 'X-A', value: '1' }, { key: 'x-a', value: '2' }] })).toMatchObject({ ok: false, errors: { headers: 'headers must not name x-a twice' } });
    expect(toRequest({ ...form, headers: [{ key: 'bad name', value: '1' }] })).toMatchObject({ ok: false, errors: { headers: 'headers must have valid header names' } });
    expect(toRequest({ ...form, timeout: '2500.5' })).toMatchObject({ ok: false, errors: { timeout: 'timeout_ms must be a whole number' } });
  });

  it('fills in from a webhook to edit', () => {
    const form = formOf({ id: 1, name: 'h', schema: 's', table: 't', events: ['DELETE'], method: 'PUT', url: 'http://x.example/in', headers: { a: 'b' }, timeout_ms: 700, created_at: '', updated_at: '' });
    expect(form).toEqual({ name: 'h', table: 's.t', events: ['DELETE'], method: 'PUT', url: 'http://x.example/in', headers: [{ key: 'a', value: 'b' }], timeout: '700' });
  });
});
