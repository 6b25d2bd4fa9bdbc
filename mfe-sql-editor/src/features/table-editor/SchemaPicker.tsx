import { ErrorPanel } from '@plinth/shared-ui/layout';
import { Select } from '@plinth/shared-ui/form';
import { groupSchemas, useSchemas } from './use-table-editor-data';

export const SCHEMAS_FAILED_MESSAGE = 'Failed to load schemas';

/** Schema picker with the two groups of 000 §2.9: Schemas and Protected schemas. */
export function SchemaPicker({ value, onChange }: { value: string; onChange: (schema: string) => void }) {
  const schemas = useSchemas();
  if (schemas.isError) {
    return (
      <ErrorPanel
        title={SCHEMAS_FAILED_MESSAGE}
        message={schemas.error.message}
        retryLabel="Reload"
        retrying={schemas.isFetching}
        onRetry={() => void schemas.refetch()}
      />
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
