// How a result's values read: in a cell, in a copied cell or row, and in an exported CSV.

/** A row as the API sends it: values in the order of the result's columns. */
export type ResultRow = readonly unknown[];

/** A cell's text: NULL for null, JSON for objects and arrays, the value otherwise. */
export function cellText(value: unknown): string {
  if (value === null || value === undefined) return 'NULL';
  if (typeof value === 'object') return JSON.stringify(value);
  return String(value);
}

/** Objects and arrays open in a panel to read them whole. */
export const isJsonValue = (value: unknown): value is object => value !== null && typeof value === 'object';

/** A row as tab-separated values (pastes into a spreadsheet as one row). */
export function rowText(row: ResultRow): string {
  return row.map((value) => (value === null || value === undefined ? '' : cellText(value))).join('\t');
}

function csvField(value: unknown): string {
  if (value === null || value === undefined) return '';
  const text = typeof value === 'object' ? JSON.stringify(value) : String(value);
  return /[",\r\n]/.test(text) || /^\s|\s$/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/** The result as CSV (RFC 4180): a header line, one line per row, NULL as an empty field. */
export function toCsv(columns: readonly string[], rows: readonly ResultRow[]): string {
  const lines = [columns.map(csvField).join(',')];
  for (const row of rows) lines.push(row.map(csvField).join(','));
  return `${lines.join('\r\n')}\r\n`;
}

/** A first width for each column: its header and the first rows' text, within 80–360 px. */
export function initialWidths(columns: readonly string[], rows: readonly ResultRow[]): number[] {
  const sample = rows.slice(0, 50);
  return columns.map((name, col) => {
    const longest = sample.reduce((most, row) => Math.max(most, Math.min(cellText(row[col]).length, 60)), name.length + 2);
    return Math.max(80, Math.min(360, Math.round(longest * 7.5 + 24)));
  });
}

/** The rows as JSON objects keyed by column name (a later column of the same name wins). */
export function toJson(columns: readonly string[], rows: readonly ResultRow[]): string {
  return JSON.stringify(rows.map((row) => Object.fromEntries(columns.map((name, col) => [name, row[col] ?? null]))), null, 2);
}
