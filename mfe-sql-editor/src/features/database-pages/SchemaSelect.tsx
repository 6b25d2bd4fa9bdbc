import { useQuery } from '@tanstack/react-query';
import { useArea } from '@plinth/area-kit';
import { Field, Select } from '@plinth/shared-ui/form';
import { keys } from '../../area/query-keys';

/** The schema a page lists, from the project's schemas (the protected ones too: shown read-only). */
export function SchemaSelect({ value, onChange }: { value: string; onChange: (schema: string) => void }) {
  const { api, projectRef } = useArea();
  const schemas = useQuery({ queryKey: keys.schemasWithSystem(projectRef), queryFn: () => api.database.listSchemas(projectRef, true) });
  const names = schemas.data?.map((s) => s.name) ?? [value];
  return (
    <div css={{ maxWidth: 260 }}>
      <Field label="Schema" inline>
        <Select value={value} onChange={(e) => onChange(e.target.value)} options={names.map((n) => ({ value: n, label: n }))} />
      </Field>
    </div>
  );
}
