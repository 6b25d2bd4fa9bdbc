import { Button } from '@plinth/shared-ui/button';
import { Select } from '@plinth/shared-ui/form';
import { menuStyles } from '../side-menu/menu-styles';
import { groupSchemas, useSchemas } from './use-table-editor-data';

export const SCHEMAS_FAILED_MESSAGE = 'Failed to load schemas';

/** Schema picker with the two groups of 000 §2.9: Schemas and Protected schemas. */
export function SchemaPicker({ value, onChange }: { value: string; onChange: (schema: string) => void }) {
  const schemas = useSchemas();
  if (schemas.isError) {
    return (
      <div role="alert" css={[menuStyles.row, { justifyContent: 'space-between' }]}>
        <p css={menuStyles.error}>{SCHEMAS_FAILED_MESSAGE}</p>
        <Button size="small" onClick={() => schemas.refetch()} loading={schemas.isFetching}>
          Reload
        </Button>
      </div>
    );
  }
  const { schemas: open, protectedSchemas } = groupSchemas(schemas.data ?? []);
  const known = schemas.data?.some((s) => s.name === value) ?? false;
  return (
    <Select aria-label="Schema" value={value} onChange={(e) => onChange(e.target.value)} disabled={schemas.isPending}>
      {!known ? <option value={value}>{schemas.isPending ? 'Loading schemas…' : value}</option> : null}
      <optgroup label="Schemas">
        {open.map((s) => (
          <option key={s.id} value={s.name}>
            {s.name}
          </option>
        ))}
      </optgroup>
      {protectedSchemas.length > 0 ? (
        <optgroup label="Protected schemas">
          {protectedSchemas.map((s) => (
            <option key={s.id} value={s.name}>
              {s.name}
            </option>
          ))}
        </optgroup>
      ) : null}
    </Select>
  );
}
