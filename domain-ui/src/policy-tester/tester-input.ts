import { POLICY_TEST_MAX_ROWS } from '@plinth/contracts-database';

// What the tester's text fields accept: JWT claims as a JSON object, pasted rows as a JSON array of objects.

export type Parsed<T> = { ok: true; value: T } | { ok: false; message: string };

export function parseClaims(text: string): Parsed<Record<string, unknown>> {
  if (text.trim() === '') return { ok: true, value: {} };
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return { ok: false, message: 'Claims must be a JSON object, e.g. {"sub": "…", "email": "…"}' };
  }
  if (!value || typeof value !== 'object' || Array.isArray(value)) return { ok: false, message: 'Claims must be a JSON object, e.g. {"sub": "…", "email": "…"}' };
  return { ok: true, value: value as Record<string, unknown> };
}

export function parseRows(text: string): Parsed<Record<string, unknown>[]> {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return { ok: false, message: 'Rows must be a JSON array of objects, one per row' };
  }
  if (!Array.isArray(value) || value.some((row) => !row || typeof row !== 'object' || Array.isArray(row))) {
    return { ok: false, message: 'Rows must be a JSON array of objects, one per row' };
  }
  if (value.length === 0) return { ok: false, message: 'Paste at least one row' };
  if (value.length > POLICY_TEST_MAX_ROWS) return { ok: false, message: `Paste at most ${POLICY_TEST_MAX_ROWS} rows` };
  return { ok: true, value: value as Record<string, unknown>[] };
}

/** A cell of the results: the value as short text. */
export function cellText(value: unknown): string {
  if (value === null || value === undefined) return 'NULL';
  if (typeof value === 'object') return JSON.stringify(value);
  return String(value);
}
