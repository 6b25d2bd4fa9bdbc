// The results of a log query as text: a cell as shown, the whole result as CSV or JSON.

export type ResultRow = Record<string, unknown>;

/** A cell as the table shows it: text as is, objects as JSON, null as NULL. */
export function cellText(value: unknown): string {
  if (value === null || value === undefined) return 'NULL';
  if (typeof value === 'object') return JSON.stringify(value);
  return String(value);
}

const csvField = (value: unknown) => {
  if (value === null || value === undefined) return '';
  const text = typeof value === 'object' ? JSON.stringify(value) : String(value);
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
};

/** RFC 4180 CSV: a header of the column names, one line per row, CRLF between lines. */
export function toCsv(columns: readonly string[], rows: readonly ResultRow[]): string {
  return [columns.map(csvField).join(','), ...rows.map((row) => columns.map((c) => csvField(row[c])).join(','))].join('\r\n');
}

export const toJson = (rows: readonly ResultRow[]) => JSON.stringify(rows, null, 2);
