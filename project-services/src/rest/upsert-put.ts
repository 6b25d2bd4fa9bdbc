import type { RelationInfo } from './catalog';
import { RestError } from './errors';
import type { Filter } from './grammar';
import { rowsOf } from './request';

// PUT /table?pk=eq.value: the upsert of one row named by its whole primary key, as PostgREST
// documents it. The filters are the key (every key column with eq, nothing else), and the body is
// the row, holding the same key values.

const filtersError = () => new RestError(405, 'PGRST105', "Filters must include all and only primary key columns with 'eq' operators");

/** The row to upsert, once the filters are checked to name the row's whole primary key and the body to agree with them. */
export function putRow(rel: RelationInfo, filters: Filter[], body: unknown): Record<string, unknown> {
  const key = rel.primaryKey;
  if (!key.length) throw new RestError(405, 'PGRST105', `'${rel.name}' has no primary key: PUT upserts a row named by its primary key`);
  const values = new Map<string, string>();
  for (const f of filters) {
    if (f.kind !== 'condition' || f.op !== 'eq' || f.negate || f.quantifier || f.field.path.length || !key.includes(f.field.name) || values.has(f.field.name)) throw filtersError();
    values.set(f.field.name, f.value);
  }
  if (values.size !== key.length) throw filtersError();
  const rows = rowsOf(body);
  if (rows.length !== 1) throw new RestError(400, 'PGRST102', 'The body of a PUT must be one JSON object: the row');
  const row = rows[0]!;
  for (const column of key) {
    const value = row[column];
    if (value === undefined || value === null || (typeof value === 'object') || String(value) !== values.get(column)) {
      throw new RestError(400, 'PGRST115', 'Payload values do not match URL in primary key column(s)', `${column} is ${values.get(column)?.slice(0, 100)} in the URL`);
    }
  }
  return row;
}
