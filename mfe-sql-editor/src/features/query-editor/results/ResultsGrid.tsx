import { useId, useMemo, useRef, useState, type KeyboardEvent, type PointerEvent } from 'react';
import { css } from '@emotion/react';
import { tokens } from '@plinth/shared-ui/theme';
import { VirtualList, type VirtualListHandle } from '@plinth/shared-ui/virtual-list';
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

const ROW_HEIGHT = 28;
const HEADER_HEIGHT = 32;
const NUMBER_WIDTH = 64;
const c = tokens.color;

const cellCss = css({
  padding: '0 8px',
  overflow: 'hidden',
  textOverflow: 'ellipsis',
  whiteSpace: 'nowrap',
  borderRight: `1px solid ${c.border}`,
  lineHeight: `${ROW_HEIGHT}px`,
  '&[aria-selected="true"]': { outline: `2px solid ${c.focus}`, outlineOffset: -2 },
});

async function copy(text: string) {
  if (!navigator.clipboard?.writeText) throw new Error('The clipboard is not available');
  await navigator.clipboard.writeText(text);
}

/**
 * A query's rows in a grid that mounts only the rows in view, so 100,000 rows scroll like 100:
 * columns resizable (drag or arrow keys on the edge), the active cell moved by keyboard, a cell or a
 * row copied (Ctrl/⌘ C, Ctrl/⌘ Shift C), JSON cells opened whole (Enter or double click), CSV and JSON export.
 */
export default function ResultsGrid({ columns, rows, rowsToCome = 0, height, fileName = 'query-results' }: ResultsGridProps) {
  const { notify } = useArea();
  const baseId = useId();
  const [widths, setWidths] = useState(() => initialWidths(columns, rows));
  const [active, setActive] = useState({ row: 0, col: 0 });
  const [open, setOpen] = useState<{ column: string; value: unknown } | null>(null);
  const list = useRef<VirtualListHandle>(null);
  const template = useMemo(() => `${NUMBER_WIDTH}px ${widths.map((w) => `${w}px`).join(' ')}`, [widths]);
  const totalWidth = NUMBER_WIDTH + widths.reduce((a, b) => a + b, 0);
  const cellId = (row: number, col: number) => `${baseId}-r${row}-c${col}`;
  const exportWaits = rowsToCome > 0 ? 'Available once every row has loaded' : undefined;

  const copyCell = (row = active.row, col = active.col) => {
    const r = rows[row];
    if (!r) return;
    copy(cellText(r[col])).then(
      () => notify({ kind: 'success', message: 'Copied cell' }),
      (err: Error) => notify({ kind: 'error', message: `Failed to copy: ${err.message}` }),
    );
  };
  const copyRow = (row = active.row) => {
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

  const move = (row: number, col: number) => {
    const next = { row: Math.max(0, Math.min(rows.length - 1, row)), col: Math.max(0, Math.min(columns.length - 1, col)) };
    setActive(next);
    list.current?.scrollToIndex(next.row);
  };
  const onKeyDown = (e: KeyboardEvent<HTMLDivElement>) => {
    const page = 10;
    const mod = e.ctrlKey || e.metaKey;
    const keys: Record<string, () => void> = {
      ArrowDown: () => move(active.row + 1, active.col),
      ArrowUp: () => move(active.row - 1, active.col),
      ArrowRight: () => move(active.row, active.col + 1),
      ArrowLeft: () => move(active.row, active.col - 1),
      PageDown: () => move(active.row + page, active.col),
      PageUp: () => move(active.row - page, active.col),
      Home: () => move(mod ? 0 : active.row, 0),
      End: () => move(mod ? rows.length - 1 : active.row, columns.length - 1),
      Enter: () => expand(active.row, active.col),
    };
    if (mod && e.key.toLowerCase() === 'c') {
      e.preventDefault();
      if (e.shiftKey) copyRow();
      else copyCell();
      return;
    }
    const action = keys[e.key];
    if (action) {
      e.preventDefault();
      action();
    }
  };

  const startResize = (col: number) => (e: PointerEvent<HTMLDivElement>) => {
    e.preventDefault();
    e.stopPropagation();
    const startX = e.clientX;
    const startWidth = widths[col]!;
    const onMove = (ev: globalThis.PointerEvent) => resize(col, startWidth + ev.clientX - startX);
    const onUp = () => {
      window.removeEventListener('pointermove', onMove);
      window.removeEventListener('pointerup', onUp);
    };
    window.addEventListener('pointermove', onMove);
    window.addEventListener('pointerup', onUp);
  };
  const resize = (col: number, width: number) => setWidths((all) => all.map((w, i) => (i === col ? Math.max(48, Math.min(1200, Math.round(width))) : w)));

  const header = (
    <div role="row" aria-rowindex={1} css={{ display: 'grid', gridTemplateColumns: template, width: totalWidth, height: HEADER_HEIGHT, background: c.surfaceRaised, borderBottom: `1px solid ${c.border}`, fontWeight: tokens.fontWeight.medium }}>
      <div role="columnheader" css={[cellCss, { lineHeight: `${HEADER_HEIGHT}px`, color: c.textMuted }]}>#</div>
      {columns.map((name, col) => (
        <div key={`${name}-${col}`} role="columnheader" aria-colindex={col + 2} css={[cellCss, { position: 'relative', lineHeight: `${HEADER_HEIGHT}px` }]} title={name}>
          {name}
          <div
            role="separator"
            aria-orientation="vertical"
            aria-label={`Resize column ${name}`}
            aria-valuenow={widths[col]}
            aria-valuemin={48}
            aria-valuemax={1200}
            tabIndex={0}
            onPointerDown={startResize(col)}
            onKeyDown={(e) => {
              if (e.key === 'ArrowRight' || e.key === 'ArrowLeft') {
                e.preventDefault();
                e.stopPropagation();
                resize(col, widths[col]! + (e.key === 'ArrowRight' ? 16 : -16));
              }
            }}
            css={{ position: 'absolute', top: 0, right: -4, width: 8, height: '100%', cursor: 'col-resize', zIndex: 1, '&:hover, &:focus-visible': { background: c.focus, outline: 'none' } }}
          />
        </div>
      ))}
    </div>
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
      <VirtualList
        handleRef={list}
        role="grid"
        rowRole="row"
        aria-label="Results"
        items={rows}
        rowHeight={ROW_HEIGHT}
        height={height}
        header={header}
        headerHeight={HEADER_HEIGHT}
        overscan={10}
        containerProps={{
          'aria-rowcount': rows.length + 1,
          'aria-colcount': columns.length + 1,
          'aria-activedescendant': rows.length ? cellId(active.row, active.col) : undefined,
          onKeyDown,
        } as React.HTMLAttributes<HTMLDivElement>}
        css={{ border: `1px solid ${c.border}`, borderRadius: tokens.radius.md, fontFamily: tokens.font.mono, fontSize: tokens.fontSize.xs, overflowX: 'auto' }}
        rowProps={(_row, index) => ({ 'aria-rowindex': index + 2 } as React.HTMLAttributes<HTMLDivElement>)}
        renderRow={(row, index) => (
          <div css={{ display: 'grid', gridTemplateColumns: template, width: totalWidth, height: ROW_HEIGHT, borderBottom: `1px solid ${c.border}`, '&:hover': { background: c.surfaceHover } }}>
            <div css={[cellCss, { color: c.textMuted, textAlign: 'right' }]}>{index + 1}</div>
            {columns.map((name, col) => {
              const value = row[col];
              const json = isJsonValue(value);
              return (
                <div
                  key={`${name}-${col}`}
                  id={cellId(index, col)}
                  role="gridcell"
                  aria-colindex={col + 2}
                  aria-selected={active.row === index && active.col === col}
                  onClick={() => setActive({ row: index, col })}
                  onDoubleClick={() => expand(index, col)}
                  css={[cellCss, value === null || value === undefined ? { color: c.textMuted } : null, json ? { cursor: 'zoom-in' } : null]}
                >
                  {cellText(value)}
                </div>
              );
            })}
          </div>
        )}
      />
      <Dialog open={open !== null} onOpenChange={(next) => !next && setOpen(null)} title={open ? `Value of ${open.column}` : ''} size="large">
        {open ? <CodeBlock code={JSON.stringify(open.value, null, 2)} label={`Value of ${open.column}`} wrap /> : null}
      </Dialog>
    </div>
  );
}
