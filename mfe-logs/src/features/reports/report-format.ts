// The API report's figures in words.

export const formatCount = (n: number): string => n.toLocaleString('en-US');
export const formatMs = (n: number | null): string => (n === null ? '–' : `${n.toLocaleString('en-US', { maximumFractionDigits: n < 10 ? 1 : 0 })} ms`);

/** Bytes in the largest unit (base 1024): the contracts' one formatting. */
export { formatBytes } from '@plinth/shared-contracts';

/** Share of calls that failed, "2.5 %" ("0 %" without calls). */
export const errorRate = (r: { totals: { requests: number; errors: number } }): string => `${(r.totals.requests ? (r.totals.errors / r.totals.requests) * 100 : 0).toLocaleString('en-US', { maximumFractionDigits: 1 })} %`;

/** A bucket's label: the time alone for minute buckets (the last hour), else the date and time (UTC). */
export function bucketLabel(startIso: string, bucketSeconds: number): string {
  const d = new Date(startIso);
  const time = d.toISOString().slice(11, 16);
  return bucketSeconds < 3600 ? `${time} UTC` : `${d.toISOString().slice(5, 10)} ${time} UTC`;
}
