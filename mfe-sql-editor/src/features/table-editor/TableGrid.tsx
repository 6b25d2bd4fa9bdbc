import { useMemo, useRef, useState } from 'react';
import { DataTable, type DataTableColumn } from '@plinth/shared-ui/data-table';
import { Button } from '@plinth/shared-ui/button';
import { Dialog, DialogClose, dialogFooterStyle } from '@plinth/shared-ui/dialog';
import { PageHeader, Badge, EmptyState, saveFile } from '@plinth/shared-ui/layout';
import { InlineError, LoadingSkeleton } from '@plinth/shared-ui/page';
import { DisabledReason } from '@plinth/shared-ui/tooltip';
import { DownloadIcon, EditIcon, ExternalLinkIcon, LockIcon, PlusIcon, TrashIcon, UploadIcon } from '@plinth/shared-ui/icons';
import { tokens } from '@plinth/shared-ui/theme';
import { genericPermissionNotice, PERMISSIONS } from '@plinth/shared-contracts';
import type { RowKey, TableColumn, TableRow, TableShape } from '@plinth/contracts-database';
import { useArea, errorMessage } from '@plinth/area-kit';
import { EditableCell } from './EditableCell';
import { FilterBar } from './FilterBar';
import { ReferencedRowDialog } from './ReferencedRow';
import { RowEditorPanel } from './RowEditorPanel';
import { useRefreshTable, useRowPages, useTableShape, type RowView } from './table-rows-queries';

interface GridRow {
  id: string;
  row: TableRow;
  key: RowKey | null;
}

const toolbar = { display: 'flex', gap: tokens.space.xs, alignItems: 'center', flexWrap: 'wrap' } as const;

/** The rows of one table or view (000 §2.9, issue 12): paged as it scrolls, sorted, filtered, edited in place. */
export default function TableGrid({ tableId }: { tableId: number }) {
  const shape = useTableShape(tableId);
  if (shape.isPending) return <LoadingSkeleton label="Loading the table" rows={8} />;
  if (shape.isError) return <InlineError message="Failed to load the table" detail={errorMessage(shape.error)} onRetry={() => void shape.refetch()} />;
  return <Rows shape={shape.data} />;
}

function Rows({ shape }: { shape: TableShape }) {
  const { api, projectRef, can, link, props, notify } = useArea();
  const [view, setView] = useState<RowView>({ filters: [], from: 'start' });
  const [selected, setSelected] = useState<Set<string>>(new Set());
  const [panel, setPanel] = useState<{ row?: TableRow; key?: RowKey } | null>(null);
  const [confirmDelete, setConfirmDelete] = useState(false);
  const [lookup, setLookup] = useState<{ column: TableColumn; value: unknown } | null>(null);
  const [busy, setBusy] = useState(false);
  const fileInput = useRef<HTMLInputElement>(null);
  const pages = useRowPages(shape.id, view);
  const refresh = useRefreshTable(shape.id);

  const writeReason = shape.readOnly
    ? `${shape.name} is a ${shape.type}: its rows are read-only`
    : !can(PERMISSIONS.TENANT_SQL_ADMIN_WRITE)
      ? genericPermissionNotice('edit rows')
      : null;
  const keyed = shape.paging === 'primary key';
  const editReason = writeReason ?? (keyed ? null : `${shape.name} has no primary key: rows can be added but not changed here`);

  const rows: GridRow[] = useMemo(
    () => (pages.data?.pages ?? []).flatMap((p, pi) => p.rows.map((row, i) => ({ row, key: p.keys[i] ?? null, id: p.keys[i] ? JSON.stringify(p.keys[i]) : `${pi}:${i}` }))),
    [pages.data],
  );
  const rowLabel = (r: GridRow) => (r.key ? Object.values(r.key).join(', ') : 'this row');

  const save = async (r: GridRow, column: TableColumn, value: unknown) => {
    try {
      await api.tableRows.updateRow(projectRef, shape.id, { key: r.key!, values: { [column.name]: value } });
      await refresh();
    } catch (err) {
      notify({ kind: 'error', message: `Failed to update row: ${errorMessage(err)}` });
      throw err;
    }
  };

  const columns: DataTableColumn<GridRow>[] = [
    ...shape.columns.map((c) => ({
      key: c.name,
      header: c.primaryKey ? `${c.name} (key)` : c.name,
      width: 'minmax(120px, 1fr)',
      align: c.kind === 'number' || c.kind === 'bigint' ? ('end' as const) : undefined,
      cell: (r: GridRow) => (
        <span css={{ display: 'flex', gap: tokens.space.xs, alignItems: 'center', minWidth: 0 }}>
          <span css={{ flex: 1, minWidth: 0 }}>
            <EditableCell column={c} value={r.row[c.name]} editable={!editReason && !c.generated} rowLabel={`row ${rowLabel(r)}`} onSave={(v) => save(r, c, v)} />
          </span>
          {c.references && r.row[c.name] !== null ? (
            <Button
              size="small"
              variant="ghost"
              aria-label={`Show the ${c.references.table} row of ${c.name} ${String(r.row[c.name])}`}
              icon={<ExternalLinkIcon size={12} />}
              onClick={(e) => {
                e.stopPropagation();
                setLookup({ column: c, value: r.row[c.name] });
              }}
            />
          ) : null}
        </span>
      ),
    })),
    {
      key: '__edit',
      header: '',
      width: '44px',
      cell: (r: GridRow) =>
        r.key && !editReason ? (
          <Button size="small" variant="ghost" aria-label={`Edit row ${rowLabel(r)}`} icon={<EditIcon size={12} />} onClick={() => setPanel({ row: r.row, key: r.key! })} />
        ) : null,
    },
  ];

  const chosenKeys = rows.filter((r) => selected.has(r.id) && r.key).map((r) => r.key!);
  const deleteChosen = async () => {
    setBusy(true);
    try {
      const { deleted } = await api.tableRows.deleteRows(projectRef, shape.id, chosenKeys);
      notify({ kind: 'success', message: `Deleted ${deleted} ${deleted === 1 ? 'row' : 'rows'}` });
      setSelected(new Set());
      setConfirmDelete(false);
      await refresh();
    } catch (err) {
      notify({ kind: 'error', message: `Failed to delete rows: ${errorMessage(err)}` });
    } finally {
      setBusy(false);
    }
  };
  const exportCsv = async () => {
    try {
      saveFile(`${shape.name}.csv`, await api.tableRows.exportCsv(projectRef, shape.id, { sort: view.sort, filters: view.filters }), 'text/csv');
    } catch (err) {
      notify({ kind: 'error', message: `Failed to export rows: ${errorMessage(err)}` });
    }
  };
  const importCsv = async (file: File) => {
    setBusy(true);
    try {
      const { inserted } = await api.tableRows.importCsv(projectRef, shape.id, file);
      notify({ kind: 'success', message: `Imported ${inserted} ${inserted === 1 ? 'row' : 'rows'} into ${shape.name}` });
      await refresh();
    } catch (err) {
      notify({ kind: 'error', message: `Nothing was imported: ${errorMessage(err)}` });
    } finally {
      setBusy(false);
    }
  };
  const policies = link('policiesForTable', { search: shape.id });

  return (
    <div css={{ display: 'grid', gap: tokens.space.sm, padding: tokens.space.lg, minWidth: 0 }}>
      <PageHeader
        title={`${shape.schema}.${shape.name}`}
        description={shape.estimatedRows !== null ? `About ${shape.estimatedRows.toLocaleString('en-US')} rows` : undefined}
        actions={
          <div css={toolbar}>
            {shape.readOnly ? (
              <Badge>
                <LockIcon size={12} /> Read-only {shape.type}
              </Badge>
            ) : null}
            {policies ? (
              <Button size="small" onClick={() => props.navigate(policies)}>
                View Policies
              </Button>
            ) : null}
          </div>
        }
      />
      <FilterBar columns={shape.columns} sort={view.sort} onSort={(sort) => setView((v) => ({ ...v, sort }))} onFilters={(filters) => setView((v) => ({ ...v, filters }))} />
      <div css={toolbar}>
        <DisabledReason reason={writeReason}>
          <Button size="small" variant="primary" icon={<PlusIcon size={14} />} onClick={() => setPanel({})}>
            Insert row
          </Button>
        </DisabledReason>
        {chosenKeys.length ? (
          <Button size="small" variant="danger" icon={<TrashIcon size={14} />} onClick={() => setConfirmDelete(true)}>
            Delete {chosenKeys.length} {chosenKeys.length === 1 ? 'row' : 'rows'}
          </Button>
        ) : null}
        <Button size="small" icon={<DownloadIcon size={14} />} onClick={() => void exportCsv()}>
          Export CSV
        </Button>
        <DisabledReason reason={writeReason}>
          <Button size="small" icon={<UploadIcon size={14} />} loading={busy} onClick={() => fileInput.current?.click()}>
            Import CSV
          </Button>
        </DisabledReason>
        <input
          ref={fileInput}
          type="file"
          accept=".csv,text/csv"
          hidden
          aria-label="CSV file to import"
          onChange={(e) => {
            const file = e.target.files?.[0];
            e.target.value = '';
            if (file) void importCsv(new File([file], file.name, { type: 'text/csv' }));
          }}
        />
        <span css={{ flex: 1 }} />
        <Button size="small" variant="ghost" disabled={view.from === 'start'} onClick={() => setView((v) => ({ ...v, from: 'start' }))}>
          First rows
        </Button>
        <Button size="small" variant="ghost" disabled={view.from === 'end'} onClick={() => setView((v) => ({ ...v, from: 'end' }))}>
          Last rows
        </Button>
      </div>
      {view.from === 'end' && pages.hasPreviousPage ? (
        <Button size="small" variant="ghost" loading={pages.isFetchingPreviousPage} onClick={() => void pages.fetchPreviousPage()}>
          Load earlier rows
        </Button>
      ) : null}
      {pages.isError ? <InlineError message="Failed to load rows" detail={errorMessage(pages.error)} onRetry={() => void pages.refetch()} /> : null}
      {pages.isPending ? (
        <LoadingSkeleton label="Loading rows" rows={10} />
      ) : (
        <DataTable
          aria-label={`Rows of ${shape.name}`}
          columns={columns}
          rows={rows}
          getRowId={(r) => r.id}
          height="calc(100vh - 300px)"
          density="dense"
          selectable={!editReason}
          selected={selected}
          onSelectedChange={setSelected}
          onEndReached={() => {
            if (pages.hasNextPage && !pages.isFetchingNextPage) void pages.fetchNextPage();
          }}
          empty={<EmptyState title={view.filters.length ? 'No rows match these filters' : 'This table has no rows yet'} description={writeReason ? 'Rows will show here.' : 'Insert a row or import a CSV file to add some.'} />}
        />
      )}
      {panel ? <RowEditorPanel shape={shape} row={panel.row} rowKey={panel.key} onClose={() => setPanel(null)} onSaved={() => void refresh()} /> : null}
      {lookup ? <ReferencedRowDialog column={lookup.column} value={lookup.value} onClose={() => setLookup(null)} /> : null}
      {confirmDelete ? (
        <Dialog
          open
          onOpenChange={setConfirmDelete}
          size="small"
          title={`Delete ${chosenKeys.length} ${chosenKeys.length === 1 ? 'row' : 'rows'} of ${shape.name}?`}
          footer={
            <div css={dialogFooterStyle}>
              <DialogClose asChild>
                <Button disabled={busy}>Cancel</Button>
              </DialogClose>
              <Button variant="danger" loading={busy} onClick={() => void deleteChosen()}>
                Delete
              </Button>
            </div>
          }
        >
          <p>The selected rows are deleted from the table. This cannot be undone.</p>
        </Dialog>
      ) : null}
    </div>
  );
}
