import { RestError } from './errors';

// A function or trigger may set the answer's status and headers for the request, as PostgREST lets
// it: set_config('response.status', '201', true) and set_config('response.headers',
// '[{"Cache-Control": "no-store"}]', true). Read after the statement, in its transaction.

export const RESPONSE_GUCS_SQL = `select nullif(current_setting('response.headers', true), '') as headers, nullif(current_setting('response.status', true), '') as status`;

export interface ResponseGucs {
  headers: Record<string, string>;
  status: number | null;
}

/** Headers the platform sets itself, which a function may not replace. */
const RESERVED = new Set(['content-length', 'transfer-encoding', 'connection', 'set-cookie']);

export function parseResponseGucs(row: { headers: string | null; status: string | null } | undefined): ResponseGucs {
  const out: ResponseGucs = { headers: {}, status: null };
  if (row?.headers) {
    let parsed: unknown;
    try {
      parsed = JSON.parse(row.headers);
    } catch {
      parsed = null;
    }
    const valid =
      Array.isArray(parsed) &&
      parsed.every((h) => h !== null && typeof h === 'object' && !Array.isArray(h) && Object.keys(h).length === 1 && typeof Object.values(h)[0] === 'string');
    if (!valid) throw new RestError(500, 'PGRST111', 'response.headers guc must be a JSON array composed of objects with a single key and a string value');
    for (const h of parsed as Record<string, string>[]) {
      const [name, value] = Object.entries(h)[0]!;
      const key = name.toLowerCase();
      if (!/^[!#$%&'*+.^_`|~0-9a-z-]{1,100}$/.test(key) || /[\r\n]/.test(value) || RESERVED.has(key)) {
        throw new RestError(500, 'PGRST111', 'response.headers guc must be a JSON array composed of objects with a single key and a string value', `The header ${name.slice(0, 100)} cannot be set`);
      }
      out.headers[key] = value;
    }
  }
  if (row?.status) {
    const status = /^\d{3}$/.test(row.status.trim()) ? Number(row.status.trim()) : NaN;
    if (!(status >= 100 && status <= 599)) throw new RestError(500, 'PGRST112', `response.status guc must be a valid status code`, `It is ${row.status.slice(0, 40)}`);
    out.status = status;
  }
  return out;
}
