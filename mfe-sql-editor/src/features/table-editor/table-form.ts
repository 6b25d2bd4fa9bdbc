import type { ColumnChange, ColumnDefault, ColumnDefinition, TableShape } from '@plinth/contracts-database';

// The rules of the Create table and Edit Table panels: column drafts as typed, the API's column
// definitions made from them, and the changes an edit amounts to.

/** Types offered in the type field (any type Postgres knows may be typed). */
export const COMMON_TYPES = ['int8', 'int4', 'numeric', 'float8', 'text', 'varchar', 'bool', 'uuid', 'date', 'timestamptz', 'timestamp', 'time', 'json', 'jsonb', 'text[]', 'int8[]', 'bytea'];

/** Defaults given as expressions rather than values (the API accepts these). */
export const DEFAULT_EXPRESSIONS = ['now()', 'gen_random_uuid()', 'current_date', 'current_timestamp', 'auth.uid()', 'true', 'false', "timezone('utc', now())"];

export interface ColumnDraft {
  /** Stable key of the draft in the form. */
  id: string;
  /** The column's name in the table today; none for a new column. */
  original?: string;
  name: string;
  type: string;
  default: string;
  nullable: boolean;
  primaryKey: boolean;
  identity: boolean;
  unique: boolean;
  /** Foreign key: the referenced table's id (0 for none) and column. */
  refTableId: number;
  refColumn: string;
  onDelete: 'no action' | 'cascade' | 'set null' | 'restrict';
}

let seq = 0;
export const newColumnDraft = (patch: Partial<ColumnDraft> = {}): ColumnDraft => ({
  id: `c${++seq}`,
  name: '',
  type: 'text',
  default: '',
  nullable: true,
  primaryKey: false,
  identity: false,
  unique: false,
  refTableId: 0,
  refColumn: 'id',
  onDelete: 'no action',
  ...patch,
});

/** A new table's usual start: an identity key and a creation time. */
export const starterColumns = (): ColumnDraft[] => [
  newColumnDraft({ name: 'id', type: 'int8', nullable: false, primaryKey: true, identity: true }),
  newColumnDraft({ name: 'created_at', type: 'timestamptz', default: 'now()', nullable: false }),
];

/** A default as typed: a known expression or number is an expression, anything else a value. */
export function columnDefault(text: string): ColumnDefault | null {
  const t = text.trim();
  if (t === '') return null;
  const expression = DEFAULT_EXPRESSIONS.includes(t.toLowerCase()) || /^-?\d+(\.\d+)?$/.test(t);
  return { value: t, expression };
}

/** The API's column definitions, and an error per draft field that cannot be sent ("0.name"). */
export function toColumnDefinitions(drafts: readonly ColumnDraft[]): { columns: ColumnDefinition[]; errors: Record<string, string> } {
  const errors: Record<string, string> = {};
  const seen = new Set<string>();
  const columns = drafts.map((d, i): ColumnDefinition => {
    const name = d.name.trim();
    if (!name) errors[`${i}.name`] = 'Please provide a column name';
    else if (name.length > 63) errors[`${i}.name`] = 'A column name has at most 63 characters';
    else if (seen.has(name)) errors[`${i}.name`] = `Column "${name}" is named twice`;
    seen.add(name);
    if (!d.type.trim()) errors[`${i}.type`] = 'Please choose a type';
    return {
      name,
      type: d.type.trim(),
      nullable: d.nullable,
      default: d.identity ? null : columnDefault(d.default),
      primaryKey: d.primaryKey,
      identity: d.identity,
      unique: d.unique,
      references: d.refTableId ? { tableId: d.refTableId, column: d.refColumn.trim() || 'id', onDelete: d.onDelete } : null,
    };
  });
  return { columns, errors };
}

/** Drafts of a table's columns as they are, for Edit Table. */
export function draftsOf(shape: TableShape): ColumnDraft[] {
  return shape.columns.map((c) =>
    newColumnDraft({
      original: c.name,
      name: c.name,
      type: c.type,
      default: c.generated ? '' : (c.default ?? ''),
      nullable: c.nullable,
      primaryKey: c.primaryKey !== null,
      identity: c.generated,
      refTableId: c.references?.tableId ?? 0,
      refColumn: c.references?.column ?? 'id',
    }),
  );
}

/**
 * What an edit changes, in the order the API applies it: drops, then each kept column's rename and
 * its type, default and nullability (under its new name), then new columns.
 */
export function columnChanges(shape: TableShape, drafts: readonly ColumnDraft[]): ColumnChange[] {
  const changes: ColumnChange[] = [];
  const kept = new Set(drafts.map((d) => d.original).filter(Boolean));
  for (const c of shape.columns) if (!kept.has(c.name)) changes.push({ op: 'drop', column: c.name });
  for (const d of drafts) {
    const before = d.original ? shape.columns.find((c) => c.name === d.original) : undefined;
    if (!before) continue;
    const name = d.name.trim() || before.name;
    if (name !== before.name) changes.push({ op: 'rename', column: before.name, to: name });
    if (d.type.trim() && d.type.trim() !== before.type) changes.push({ op: 'type', column: name, type: d.type.trim() });
    if (!before.generated && d.default.trim() !== (before.default ?? '')) changes.push({ op: 'default', column: name, default: columnDefault(d.default) });
    if (d.nullable !== before.nullable) changes.push({ op: 'nullable', column: name, nullable: d.nullable });
  }
  const added = drafts.filter((d) => !d.original);
  const { columns } = toColumnDefinitions(added);
  for (const column of columns) changes.push({ op: 'add', column });
  return changes;
}
