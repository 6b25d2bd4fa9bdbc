// How a run of the history reads.

const numberFormat = new Intl.NumberFormat('en-US');

/** "312 ms", "4.2 s", "2 min 5 s". */
export function runDuration(ms: number): string {
  if (ms < 1_000) return `${numberFormat.format(Math.round(ms))} ms`;
  if (ms < 60_000) return `${(ms / 1_000).toFixed(1)} s`;
  const seconds = Math.round(ms / 1_000);
  return `${Math.floor(seconds / 60)} min ${seconds % 60} s`;
}

/** Rows returned or changed; a dash for a run that failed. */
export const runRows = (rows: number | null) => (rows === null ? '—' : numberFormat.format(rows));

/** The name of a query opened from the history: its first line, shortened. */
export function historyQueryName(sql: string): string {
  const first = sql.split('\n').map((line) => line.trim()).find((line) => line !== '' && !line.startsWith('--')) ?? '';
  if (first === '') return 'Query from history';
  return first.length > 60 ? `${first.slice(0, 57)}…` : first;
}
