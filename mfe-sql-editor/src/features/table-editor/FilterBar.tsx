import { useState } from 'react';
import { Button } from '@plinth/shared-ui/button';
import { Select, TextInput } from '@plinth/shared-ui/form';
import { CloseIcon, PlusIcon } from '@plinth/shared-ui/icons';
import { tokens } from '@plinth/shared-ui/theme';
import type { RowFilter, RowSort, TableColumn } from '@plinth/contracts-database';
import { OPERATOR_LABELS, operatorsFor, takesValue, toRowFilters, type FilterDraft } from './row-filters';

const row = { display: 'flex', gap: tokens.space.xs, alignItems: 'center', flexWrap: 'wrap' } as const;

/** Sort and filters of the grid: drafts are applied together with Apply (or Enter in a value). */
export function FilterBar({
  columns,
  sort,
  onSort,
  onFilters,
}: {
  columns: readonly TableColumn[];
  sort: RowSort | undefined;
  onSort: (sort: RowSort | undefined) => void;
  onFilters: (filters: RowFilter[]) => void;
}) {
  const [drafts, setDrafts] = useState<FilterDraft[]>([]);
  const [errors, setErrors] = useState<(string | null)[]>([]);
  const columnOptions = columns.map((c) => ({ value: c.name, label: c.name }));
  const apply = (next = drafts) => {
    const out = toRowFilters(next, columns);
    setErrors(out.errors);
    if (out.errors.every((e) => e === null)) onFilters(out.filters);
  };
  const change = (i: number, patch: Partial<FilterDraft>) => setDrafts((ds) => ds.map((d, j) => (j === i ? { ...d, ...patch } : d)));

  return (
    <div css={{ display: 'grid', gap: tokens.space.xs }}>
      <div css={row}>
        <Select
          aria-label="Sort by"
          value={sort?.column ?? ''}
          options={[{ value: '', label: 'No sort (key order)' }, ...columnOptions]}
          onChange={(e) => onSort(e.target.value ? { column: e.target.value, ascending: sort?.ascending ?? true } : undefined)}
        />
        <Select
          aria-label="Sort direction"
          value={sort?.ascending === false ? 'desc' : 'asc'}
          disabled={!sort}
          options={[
            { value: 'asc', label: 'Ascending' },
            { value: 'desc', label: 'Descending' },
          ]}
          onChange={(e) => sort && onSort({ ...sort, ascending: e.target.value === 'asc' })}
        />
        <Button size="small" icon={<PlusIcon size={14} />} onClick={() => setDrafts((ds) => [...ds, { column: columns[0]?.name ?? '', op: 'eq', value: '' }])}>
          Add filter
        </Button>
        {drafts.length ? (
          <Button size="small" variant="primary" onClick={() => apply()}>
            Apply filters
          </Button>
        ) : null}
      </div>
      {drafts.map((d, i) => {
        const kind = columns.find((c) => c.name === d.column)?.kind ?? 'text';
        return (
          <div key={i} css={row} role="group" aria-label={`Filter ${i + 1}`}>
            <Select aria-label="Filter column" value={d.column} options={columnOptions} onChange={(e) => change(i, { column: e.target.value })} />
            <Select
              aria-label="Filter operator"
              value={d.op}
              options={operatorsFor(kind).map((op) => ({ value: op, label: OPERATOR_LABELS[op] }))}
              onChange={(e) => change(i, { op: e.target.value as FilterDraft['op'] })}
            />
            {takesValue(d.op) ? (
              <TextInput
                aria-label="Filter value"
                aria-invalid={errors[i] ? true : undefined}
                placeholder={d.op === 'in' ? 'a, b, c' : 'Value'}
                value={d.value}
                onChange={(e) => change(i, { value: e.target.value })}
                onKeyDown={(e) => {
                  if (e.key === 'Enter') apply();
                }}
              />
            ) : null}
            <Button
              size="small"
              variant="ghost"
              aria-label={`Remove filter ${i + 1}`}
              icon={<CloseIcon size={14} />}
              onClick={() => {
                const next = drafts.filter((_, j) => j !== i);
                setDrafts(next);
                apply(next);
              }}
            />
            {errors[i] ? (
              <span role="alert" css={{ color: tokens.color.dangerText, fontSize: tokens.fontSize.xs }}>
                {errors[i]}
              </span>
            ) : null}
          </div>
        );
      })}
    </div>
  );
}
