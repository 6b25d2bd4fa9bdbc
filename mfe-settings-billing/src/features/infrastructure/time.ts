/** "2026-11-21 23:48 UTC" (000 §4.4: the start time is shown in UTC). */
export function formatUtc(iso: string): string {
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return iso;
  return `${d.toISOString().slice(0, 16).replace('T', ' ')} UTC`;
}

/** The same moment in the browser's own time zone, for the tooltip. */
export function formatLocal(iso: string, locale?: string): string {
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return iso;
  return d.toLocaleString(locale, { dateStyle: 'medium', timeStyle: 'short', timeZoneName: 'short' });
}
