import { useQuery } from '@tanstack/react-query';
import { Button } from '@plinth/shared-ui/button';
import { Checkbox, Field, Select, TextInput } from '@plinth/shared-ui/form';
import { PlusIcon, TrashIcon } from '@plinth/shared-ui/icons';
import { tokens } from '@plinth/shared-ui/theme';
import { useArea } from '@plinth/area-kit';
import { useTableShape } from './table-rows-queries';
import { COMMON_TYPES, newColumnDraft, type ColumnDraft } from './table-form';
import { keys } from '../../area/query-keys';

const card = { border: `1px solid ${tokens.color.border}`, borderRadius: tokens.radius.md, padding: tokens.space.md, display: 'grid', gap: tokens.space.sm } as const;
const line = { display: 'flex', gap: tokens.space.sm, flexWrap: 'wrap', alignItems: 'flex-end' } as const;

/** The tables a foreign key may point at: those of the schema. */
function useSchemaTables(schema: string) {
  const { api, projectRef } = useArea();
  return useQuery({
    queryKey: keys.foreignKeyTargets(projectRef, schema),
    queryFn: () => api.database.listEntities(projectRef, { schema, limit: 1000 }),
  });
}

function ForeignKeyFields({ draft, schema, onChange }: { draft: ColumnDraft; schema: string; onChange: (patch: Partial<ColumnDraft>) => void }) {
  const tables = useSchemaTables(schema);
  const target = useTableShape(draft.refTableId);
  const options = (tables.data?.entities ?? []).filter((e) => e.type === 'table' || e.type === 'partitioned table').map((e) => ({ value: String(e.id), label: e.name }));
  return (
    <div css={line}>
      <Field label="References table">
        <Select value={String(draft.refTableId || '')} options={[{ value: '', label: 'No foreign key' }, ...options]} onChange={(e) => onChange({ refTableId: Number(e.target.value) || 0 })} />
      </Field>
      {draft.refTableId ? (
        <>
          <Field label="Referenced column">
            <Select value={draft.refColumn} options={(target.data?.columns ?? [{ name: draft.refColumn }]).map((c) => ({ value: c.name, label: c.name }))} onChange={(e) => onChange({ refColumn: e.target.value })} />
          </Field>
          <Field label="On delete">
            <Select
              value={draft.onDelete}
              options={['no action', 'cascade', 'set null', 'restrict'].map((v) => ({ value: v, label: v }))}
              onChange={(e) => onChange({ onDelete: e.target.value as ColumnDraft['onDelete'] })}
            />
          </Field>
        </>
      ) : null}
    </div>
  );
}

/** The column list of Create table and Edit Table. Existing columns keep their foreign key as it is. */
export function ColumnsEditor({
  drafts,
  schema,
  errors,
  onChange,
}: {
  drafts: ColumnDraft[];
  schema: string;
  errors: Record<string, string>;
  onChange: (drafts: ColumnDraft[]) => void;
}) {
  const patch = (id: string, p: Partial<ColumnDraft>) => onChange(drafts.map((d) => (d.id === id ? { ...d, ...p } : d)));
  return (
    <section aria-label="Columns" css={{ display: 'grid', gap: tokens.space.sm }}>
      <datalist id="column-types">
        {COMMON_TYPES.map((t) => (
          <option key={t} value={t} />
        ))}
      </datalist>
      {drafts.map((d, i) => (
        <div key={d.id} css={card} role="group" aria-label={`Column ${d.name || i + 1}`}>
          <div css={line}>
            <Field label="Name" error={errors[`${i}.name`]}>
              <TextInput value={d.name} onChange={(e) => patch(d.id, { name: e.target.value })} />
            </Field>
            <Field label="Type" error={errors[`${i}.type`]}>
              <TextInput list="column-types" value={d.type} onChange={(e) => patch(d.id, { type: e.target.value })} />
            </Field>
            <Field label="Default value" hint="A value, or now(), gen_random_uuid()…">
              <TextInput value={d.default} disabled={d.identity} onChange={(e) => patch(d.id, { default: e.target.value })} />
            </Field>
            <Button variant="ghost" size="small" aria-label={`Remove column ${d.name || i + 1}`} icon={<TrashIcon size={14} />} onClick={() => onChange(drafts.filter((x) => x.id !== d.id))} />
          </div>
          <div css={line}>
            <Checkbox label="Nullable" checked={d.nullable} disabled={d.primaryKey} onChange={(e) => patch(d.id, { nullable: e.target.checked })} />
            <Checkbox label="Primary key" checked={d.primaryKey} disabled={Boolean(d.original)} onChange={(e) => patch(d.id, { primaryKey: e.target.checked, nullable: e.target.checked ? false : d.nullable })} />
            {!d.original ? (
              <>
                <Checkbox label="Identity" checked={d.identity} onChange={(e) => patch(d.id, { identity: e.target.checked })} />
                <Checkbox label="Unique" checked={d.unique} onChange={(e) => patch(d.id, { unique: e.target.checked })} />
              </>
            ) : null}
          </div>
          {!d.original ? <ForeignKeyFields draft={d} schema={schema} onChange={(p) => patch(d.id, p)} /> : null}
        </div>
      ))}
      <Button icon={<PlusIcon size={14} />} onClick={() => onChange([...drafts, newColumnDraft()])}>
        Add column
      </Button>
    </section>
  );
}
