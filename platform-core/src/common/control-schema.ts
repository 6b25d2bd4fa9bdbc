/** A timestamp column as the contracts answer it (ISO 8601), whether the driver gave a Date or text. */
export function isoTime(value: unknown): string {
  if (value instanceof Date) return value.toISOString();
  const d = new Date(String(value));
  return Number.isNaN(d.getTime()) ? String(value) : d.toISOString();
}
