// The range a log query runs over: a preset counted back from now, or a custom start and end. The
// plan's retention bounds how far back it may start (the API moves a start before it forward and
// says so in its answer's `from`).

export const RANGE_PRESETS = [
  { value: '15m', label: 'Last 15 minutes', minutes: 15 },
  { value: '1h', label: 'Last hour', minutes: 60 },
  { value: '3h', label: 'Last 3 hours', minutes: 180 },
  { value: '1d', label: 'Last 24 hours', minutes: 24 * 60 },
  { value: '7d', label: 'Last 7 days', minutes: 7 * 24 * 60 },
] as const;
export type RangePreset = (typeof RANGE_PRESETS)[number]['value'];

export type RangeChoice = { kind: 'preset'; preset: RangePreset } | { kind: 'custom'; start: string; end: string };

export const DEFAULT_RANGE: RangeChoice = { kind: 'preset', preset: '1h' };

/** The ISO start and end to send, for a choice made now; null when a custom range is incomplete or reversed. */
export function resolveRange(choice: RangeChoice, now: Date): { start: string; end: string } | null {
  if (choice.kind === 'preset') {
    const minutes = RANGE_PRESETS.find((p) => p.value === choice.preset)?.minutes ?? 60;
    return { start: new Date(now.getTime() - minutes * 60_000).toISOString(), end: now.toISOString() };
  }
  const start = Date.parse(choice.start);
  const end = Date.parse(choice.end);
  if (Number.isNaN(start) || Number.isNaN(end) || start >= end) return null;
  return { start: new Date(start).toISOString(), end: new Date(end).toISOString() };
}

/** Whether a preset reaches back further than the plan keeps logs. */
export const beyondRetention = (preset: RangePreset, retentionDays: number | undefined) =>
  retentionDays !== undefined && (RANGE_PRESETS.find((p) => p.value === preset)?.minutes ?? 0) > retentionDays * 24 * 60;

/** A time as a datetime-local field shows it (local time, minutes). */
export function toLocalInput(iso: string | number | Date): string {
  const d = new Date(iso);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T${pad(d.getHours())}:${pad(d.getMinutes())}`;
}

/** What the range reads as, for notices ("Last hour", "12 Jan 10:00 – 12 Jan 11:00"). */
export function describeRange(choice: RangeChoice): string {
  if (choice.kind === 'preset') return RANGE_PRESETS.find((p) => p.value === choice.preset)?.label ?? choice.preset;
  const fmt = (v: string) => (Number.isNaN(Date.parse(v)) ? '…' : new Date(v).toLocaleString());
  return `${fmt(choice.start)} – ${fmt(choice.end)}`;
}
