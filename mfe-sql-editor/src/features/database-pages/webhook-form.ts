import { WebhookCreateSchema, type Webhook, type WebhookCreate, type WebhookEvent } from '@plinth/contracts-database';

// The webhook form in product words: what the user types (text, rows of headers), the request the
// API takes, and the first mistake of each field, found by the contracts' own schema.

export interface HeaderRow {
  key: string;
  value: string;
}

export interface WebhookForm {
  name: string;
  /** The table as `schema.table`, or '' before one is chosen. */
  table: string;
  events: WebhookEvent[];
  method: WebhookCreate['method'];
  url: string;
  headers: HeaderRow[];
  /** As typed; a whole number of milliseconds once valid. */
  timeout: string;
}

/** The fields a message is shown under. */
export type WebhookField = 'name' | 'table' | 'events' | 'method' | 'url' | 'headers' | 'timeout';

export const DEFAULT_TIMEOUT_MS = 5000;

/** A table as the form and the list name it: schema.table. */
export const tableKey = (schema: string, table: string) => `${schema}.${table}`;

export function emptyForm(): WebhookForm {
  return { name: '', table: '', events: ['INSERT'], method: 'POST', url: '', headers: [], timeout: String(DEFAULT_TIMEOUT_MS) };
}

/** The form filled in with a webhook to edit. */
export function formOf(w: Webhook): WebhookForm {
  return {
    name: w.name,
    table: tableKey(w.schema, w.table),
    events: [...w.events],
    method: w.method,
    url: w.url,
    headers: Object.entries(w.headers).map(([key, value]) => ({ key, value })),
    timeout: String(w.timeout_ms),
  };
}

/** Splits schema.table at its first dot (a schema name holds no dot here; a table name may). */
function splitTable(key: string): { schema: string; table: string } {
  const dot = key.indexOf('.');
  return dot < 0 ? { schema: '', table: key } : { schema: key.slice(0, dot), table: key.slice(dot + 1) };
}

const FIELD_OF: Record<string, WebhookField> = { name: 'name', schema: 'table', table: 'table', events: 'events', method: 'method', url: 'url', headers: 'headers', timeout_ms: 'timeout' };

/**
 * The request the form makes, or the message of each field that is wrong (the schema's words,
 * which name the field). Header rows left wholly empty are dropped; a name given twice is refused.
 */
export function toRequest(form: WebhookForm): { ok: true; body: WebhookCreate } | { ok: false; errors: Partial<Record<WebhookField, string>> } {
  const errors: Partial<Record<WebhookField, string>> = {};
  const rows = form.headers.map((h) => ({ key: h.key.trim(), value: h.value })).filter((h) => h.key !== '' || h.value !== '');
  const headers: Record<string, string> = {};
  for (const row of rows) {
    if (Object.keys(headers).some((k) => k.toLowerCase() === row.key.toLowerCase())) errors.headers ??= `headers must not name ${row.key} twice`;
    headers[row.key] = row.value;
  }
  const typed = form.timeout.trim();
  const timeout = typed === '' ? Number.NaN : Number(typed);
  if (!Number.isFinite(timeout)) errors.timeout = 'timeout_ms must be a whole number';
  const { schema, table } = splitTable(form.table);
  const body: WebhookCreate = { name: form.name.trim(), schema, table, events: form.events, method: form.method, url: form.url.trim(), headers, timeout_ms: Number.isFinite(timeout) ? timeout : 0 };
  if (form.table === '') errors.table = 'table is required';
  const parsed = WebhookCreateSchema.safeParse(body);
  if (!parsed.success) {
    for (const issue of parsed.error.issues) {
      const field = FIELD_OF[String(issue.path[0])];
      // A bad header name is reported as the record's key issue, with the schema's words inside.
      const inner = issue.code === 'invalid_key' ? issue.issues[0]?.message : undefined;
      if (field && !errors[field]) errors[field] = inner ?? issue.message;
    }
  }
  if (Object.keys(errors).length > 0) return { ok: false, errors };
  return { ok: true, body: parsed.success ? parsed.data : body };
}
