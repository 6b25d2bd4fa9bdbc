import type { ApiReport } from '@plinth/shared-contracts';

// The API report's figures in words.

export const formatCount = (n: number): string => n.toLocaleString('en-US');
export const formatMs = (n: number | null): string => (n === null ? '–' : `${n.toLocaleString('en-US', { maximumFractionDigits: n < 10 ? 1 : 0 })} ms`);

const UNITS = ['bytes', 'KB', 'MB', 'GB', 'TB'];
export function formatBytes(n: number): string {
  let value = n;
  let unit = 0;
  while (value >= 1024 && unit < UNITS.length - 1) {
    value /= 1024;
    unit++;
  }
  return `${value.toLocaleString('en-US', { maximumFractionDigits: unit === 0 || value >= 100 ? 0 : 1 })} ${UNITS[unit]}`;
}

/** Share of calls that failed, "2.5 %" ("0 %" without calls). */
export const errorRate = (r: ApiReport): string => `${(r.totals.requests ? (r.totals.errors / r.totals.requests) * 100 : 0).toLocaleString('en-US', { maximumFractionDigits: 1 })} %`;

/** A bucket's label: the time alone for minute buckets (the last hour), else the date and time (UTC). */
export function bucketLabel(startIso: string, bucketSeconds: number): string {
  const d = new Date(startIso);
  const time = d.toISOString().slice(11, 16);
  return bucketSeconds < 3600 ? `${time} UTC` : `${d.toISOString().slice(5, 10)} ${time} UTC`;
}

/** The tallest bar's height: at least 1 so an empty window draws flat bars. */
export const tallest = (r: ApiReport): number => Math.max(1, ...r.over_time.map((b) => b.requests));
