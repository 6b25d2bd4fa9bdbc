import { useMemo, useRef, useState, type KeyboardEvent } from 'react';
import { tokens } from '@plinth/shared-ui/theme';
import { DataTable, type DataTableColumn } from '@plinth/shared-ui/data-table';
import { Dialog } from '@plinth/shared-ui/dialog';
import { CodeBlock } from '@plinth/shared-ui/code-block';
import { Button } from '@plinth/shared-ui/button';
import { DisabledReason } from '@plinth/shared-ui/tooltip';
import { saveFile } from '@plinth/shared-ui/layout';
import { CopyIcon, DownloadIcon } from '@plinth/shared-ui/icons';
import { useArea } from '@plinth/area-kit';
import { cellText, initialWidths, isJsonValue, rowText, toCsv, toJson, type ResultRow } from './cell-text';

export interface ResultsGridProps {
  columns: readonly string[];
  rows: readonly ResultRow[];
  /** Rows of the result still on their way: exports wait for them (they would save part of it). */
  rowsToCome?: number;
  /** Height of the scrolling grid (CSS length or pixels). */
  height: number | string;
  /** Base of exported file names. */
  fileName?: string;
}

const c = tokens.color;

async function copy(text: string) {
  if (!navigator.clipboard?.writeText) throw new Error('The clipboard is not available');
  await navigator.clipboard.writeText(text);
}

/**
 * A query's rows in the console's one table (shared-ui's DataTable: react-table's model, rows in
 * view only), so 100,000 rows scroll like 100: columns resizable (drag or arrow keys on the edge),
 * the active cell moved by keyboard, a cell or a row copied (Ctrl/⌘ C, Ctrl/⌘ Shift C), JSON cells
 * opened whole (Enter or double click), CSV and JSON export.
 */
export default function ResultsGrid({ columns, rows, rowsToCome = 0, height, fileName = 'query-results' }: ResultsGridProps) {
  const { notify } = useArea();
  const [widths] = useState(() => initialWidths(columns, rows));
  const active = useRef({ row: 0, col: 0 });
  const [open, setOpen] = useState<{ column: string; value: unknown } | null>(null);
  const exportWaits = rowsToCome > 0 ? 'Available once every row has loaded' : undefined;

  const copyCell = (row = active.current.row, col = active.current.col) => {
    const r = rows[row];
    if (!r) return;
    copy(cellText(r[col])).then(
      () => notify({ kind: 'success', message: 'Copied cell' }),
      (err: Error) => notify({ kind: 'error', message: `Failed to copy: ${err.message}` }),
    );
  };
  const copyRow = (row = active.current.row) => {
    const r = rows[row];
    if (!r) return;
    copy(rowText(r)).then(
      () => notify({ kind: 'success', message: 'Copied row' }),
      (err: Error) => notify({ kind: 'error', message: `Failed to copy: ${err.message}` }),
    );
  };
  const expand = (row: number, col: number) => {
    const value = rows[row]?.[col];
    if (isJsonValue(value)) setOpen({ column: columns[col]!, value });
  };
  const onKeyDown = (e: KeyboardEvent<HTMLDivElement>) => {
    if ((e.ctrlKey || e.metaKey) && e.key.toLowerCase() === 'c') {
      e.preventDefault();
      if (e.shiftKey) copyRow();
      else copyCell();
    }
  };

  // Result rows have no key of their own: each is named by its position.
  const rowIds = useMemo(() => new Map(rows.map((row, index) => [row, String(index)])), [rows]);
  const tableColumns = useMemo<DataTableColumn<ResultRow>[]>(
    () =>
      columns.map((name, col) => ({
        key: String(col),
        header: name,
        size: widths[col],
        resizable: true,
        cell: (row) => {
          const value = row[col];
          if (value === null || value === undefined) return <span css={{ color: c.textMuted }}>{cellText(value)}</span>;
          return isJsonValue(value) ? <span css={{ cursor: 'zoom-in' }}>{cellText(value)}</span> : cellText(value);
        },
      })),
    [columns, widths],
  );

  return (
    <div css={{ display: 'flex', flexDirection: 'column', gap: tokens.space.xs, minHeight: 0 }}>
      <div css={{ display: 'flex', gap: tokens.space.sm, alignItems: 'center', flexWrap: 'wrap' }}>
        <Button size="small" variant="ghost" icon={<CopyIcon />} onClick={() => copyCell()}>
          Copy cell
        </Button>
        <Button size="small" variant="ghost" icon={<CopyIcon />} onClick={() => copyRow()}>
          Copy row
        </Button>
        <DisabledReason reason={exportWaits}>
          <Button size="small" variant="ghost" icon={<DownloadIcon />} onClick={() => saveFile(`${fileName}.csv`, toCsv(columns, rows), 'text/csv')}>
            Export CSV
          </Button>
        </DisabledReason>
        <DisabledReason reason={exportWaits}>
          <Button size="small" variant="ghost" icon={<DownloadIcon />} onClick={() => saveFile(`${fileName}.json`, toJson(columns, rows), 'application/json')}>
            Export JSON
          </Button>
        </DisabledReason>
      </div>
      <div onKeyDown={onKeyDown} css={{ fontFamily: tokens.font.mono, minHeight: 0 }}>
        <DataTable
          aria-label="Results"
          columns={tableColumns}
          rows={rows}
          getRowId={(row) => rowIds.get(row) ?? ''}
          height={height}
          density="dense"
          rowNumbers
          cellNavigation
          onActiveCellChange={({ rowIndex, columnKey }) => (active.current = { row: rowIndex, col: Number(columnKey) })}
          onCellActivate={({ rowIndex, columnKey }) => expand(rowIndex, Number(columnKey))}
        />
      </div>
      <Dialog open={open !== null} onOpenChange={(next) => !next && setOpen(null)} title={open ? `Value of ${open.column}` : ''} size="large">
        {open ? <CodeBlock code={JSON.stringify(open.value, null, 2)} label={`Value of ${open.column}`} wrap /> : null}
      </Dialog>
    </div>
  );
}
