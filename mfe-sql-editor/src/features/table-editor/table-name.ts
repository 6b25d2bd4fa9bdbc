/** A Postgres identifier a user may type: up to 63 characters, not blank. */
export function tableNameError(name: string): string | null {
  const trimmed = name.trim();
  if (!trimmed) return 'Please provide a name for your table';
  if (trimmed.length > 63) return 'A table name has at most 63 characters';
  return null;
}
