/** "2026-11-21 23:48 UTC" (000 §4.4: the start time is shown in UTC). */
export function formatUtc(iso: string): string {
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return iso;
  return `${d.toISOString().slice(0, 16).replace('T', ' ')} UTC`;
}

/** The same moment in the browser's own time zone with its name, for the tooltip ("Nov 21, 2026, 11:48 PM UTC"). */
export function formatLocal(iso: string, locale?: string, timeZone?: string): string {
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return iso;
  // Field by field: the dateStyle/timeStyle shorthands refuse timeZoneName (a RangeError or TypeError).
  return d.toLocaleString(locale, { year: 'numeric', month: 'short', day: 'numeric', hour: 'numeric', minute: '2-digit', timeZoneName: 'short', timeZone });
}
