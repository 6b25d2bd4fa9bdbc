import { Suspense, useEffect, useMemo, useRef, useState } from 'react';
import { useLocation } from 'react-router-dom';
import { lazyWithPreload, useArea } from '@plinth/area-kit';
import { errorPlace, type SqlCodeEditorHandle, type SqlEditorSchema } from '@plinth/domain-ui/code-editor';
import { Button } from '@plinth/shared-ui/button';
import { DataTable, type DataTableColumn } from '@plinth/shared-ui/data-table';
import { Select, TextInput } from '@plinth/shared-ui/form';
import { CopyIcon } from '@plinth/shared-ui/icons';
import { EmptyState, InlineNotice, PageHeader } from '@plinth/shared-ui/layout';
import { LoadingSkeleton, ShortcutHint } from '@plinth/shared-ui/page';
import { tokens } from '@plinth/shared-ui/theme';
import { readExplorerOpen } from '../../area/explorer-address';
import { useLogSources } from '../../area/log-query-lists';
import { EventHistogram } from './EventHistogram';
import { QueryField } from './QueryField';
import { UpdateSavedButton } from './UpdateSavedButton';
import { histogramOf, withRangeCounts } from './histogram';
import { describeQueryError } from './query-error';
import { cellText, toCsv, toJson, type ResultRow } from './result-export';
import { beyondRetention, DEFAULT_RANGE, RANGE_PRESETS, resolveRange, toLocalInput, type RangeChoice, type RangePreset } from '../../area/time-range';
import { useLogRangeHistogram, useLogRun } from './use-log-run';

const RowPanel = lazyWithPreload(() => import('./RowPanel').then((m) => m.RowPanel));
const SaveQueryDialog = lazyWithPreload(() => import('./SaveQueryDialog').then((m) => m.SaveQueryDialog));

export const DEFAULT_LOG_SQL = 'select timestamp, service, method, path, status, latency_ms\nfrom edge_logs\norder by timestamp desc';

/** The text of the query page while the area is mounted: leaving the page and coming back keeps it. */
let keptText = DEFAULT_LOG_SQL;
let keptRange: RangeChoice = DEFAULT_RANGE;

const numberFormat = new Intl.NumberFormat('en-US');
const LOG_SCHEMA = 'logs';

/** The sources' tables and columns, for the editor's completion (they are read without a schema). */
function useEditorSchema(): { schema: SqlEditorSchema | undefined; retentionDays: number | undefined } {
  const sources = useLogSources();
  const schema = useMemo<SqlEditorSchema | undefined>(
    () =>
      sources.data
        ? { schemas: [], defaultSchema: LOG_SCHEMA, tables: sources.data.sources.map((s) => ({ schema: LOG_SCHEMA, name: s.reference, columns: s.fields.map((f) => f.path) })) }
        : undefined,
    [sources.data],
  );
  return { schema, retentionDays: sources.data?.retention_days };
}

const bar = { display: 'flex', flexWrap: 'wrap', gap: tokens.space.sm, alignItems: 'center' } as const;

/**
 * The logs explorer's query page: SQL over the project's log sources (completion of their tables
 * and columns), a time range bounded by the plan's retention, Run (Mod+Enter), the rows in the
 * virtualized table with each row in a side panel, copy as CSV or JSON, and save for the team.
 */
export function QueryExplorer() {
  const { hosted, notify } = useArea();
  const location = useLocation();
  const opened = useMemo(() => readExplorerOpen(location.search), [location.search]);
  const editor = useRef<SqlCodeEditorHandle>(null);
  const [range, setRange] = useState<RangeChoice>(() => (opened?.from && opened.to ? { kind: 'custom', start: toLocalInput(opened.from), end: toLocalInput(opened.to) } : keptRange));
  const [rangeProblem, setRangeProblem] = useState<string | null>(null);
  const { schema, retentionDays } = useEditorSchema();
  const { request, run, result, error, running } = useLogRun();
  const [openRow, setOpenRow] = useState<number | null>(null);
  const [saving, setSaving] = useState<string | null>(null);
  const startText = opened?.sql ?? keptText;

  const currentText = () => editor.current?.getValue() ?? keptText;
  const runNow = (sql = currentText(), choice = range) => {
    if (sql.trim() === '') {
      notify({ kind: 'error', message: 'Write a query first: the editor is empty.' });
      return;
    }
    const resolved = resolveRange(choice, new Date());
    if (!resolved) {
      setRangeProblem('Choose a start before the end of the range.');
      return;
    }
    setRangeProblem(null);
    setOpenRow(null);
    run({ sql, ...resolved });
  };

  // Opened with a query (a template's Run, a saved or recent query): show it, and run it when asked.
  const openedKey = useRef<string | null>(null);
  useEffect(() => {
    if (!opened || openedKey.current === location.search) return;
    openedKey.current = location.search;
    keptText = opened.sql;
    const choice: RangeChoice = opened.from && opened.to ? { kind: 'custom', start: toLocalInput(opened.from), end: toLocalInput(opened.to) } : range;
    setRange(choice);
    if (opened.run) runNow(opened.sql, choice);
  }, [location.search]);

  // A preset is kept for the next visit; a custom range (often a recent query's) is not.
  useEffect(() => {
    if (range.kind === 'preset') keptRange = range;
  }, [range]);

  const problem = error ? describeQueryError(error) : null;
  const mark = problem && request && problem.offset !== null && currentText() === request.sql ? errorPlace(request.sql, problem.offset) : null;
  const columnNames = useMemo(() => (result ? (result.columns.length > 0 ? result.columns.map((c) => c.name) : Object.keys(result.result[0] ?? {})) : []), [result]);
  const rowsHistogram = useMemo(() => (result ? histogramOf(result) : null), [result]);
  // A truncated result's histogram counts every row of the range: the API counts them by bucket.
  const rangeCounts = useLogRangeHistogram(result?.truncated && rowsHistogram && request ? { request, histogram: rowsHistogram } : null);
  const histogram = useMemo(() => (rowsHistogram && rangeCounts.data ? withRangeCounts(rowsHistogram, rangeCounts.data) : rowsHistogram), [rowsHistogram, rangeCounts.data]);
  const histogramCounts = !result?.truncated ? 'all' : rangeCounts.data ? 'range' : rangeCounts.isError ? 'partial' : 'counting';
  const rows = useMemo(() => (result ? result.result.map((row, i) => ({ i, row })) : []), [result]);
  const columns = useMemo<DataTableColumn<{ i: number; row: ResultRow }>[]>(
    () =>
      columnNames.map((name) => ({
        key: name,
        header: name,
        size: name === 'timestamp' ? 220 : 160,
        resizable: true,
        cell: ({ row }) => <span css={row[name] === null || row[name] === undefined ? { color: tokens.color.textMuted } : undefined}>{cellText(row[name])}</span>,
        sortValue: ({ row }) => {
          const v = row[name];
          return typeof v === 'number' || typeof v === 'string' ? v : v === null || v === undefined ? null : JSON.stringify(v);
        },
      })),
    [columnNames],
  );

  const copy = async (text: string, what: string) => {
    try {
      await navigator.clipboard.writeText(text);
      notify({ kind: 'success', message: `Copied ${what} to clipboard`, durationMs: 3000 });
    } catch {
      notify({ kind: 'error', message: `Could not copy ${what}: the browser refused access to the clipboard` });
    }
  };

  const presetOptions = [
    ...RANGE_PRESETS.map((p) => ({ value: p.value, label: beyondRetention(p.value, retentionDays) ? `${p.label} (beyond your plan)` : p.label, disabled: beyondRetention(p.value, retentionDays) })),
    { value: 'custom', label: 'Custom range' },
  ];
  const earliest = retentionDays !== undefined ? toLocalInput(Date.now() - retentionDays * 86_400_000) : undefined;

  return (
    <section aria-label="Logs Explorer" css={{ display: 'flex', flexDirection: 'column', height: '100%', minHeight: 0 }}>
      <PageHeader
        title="Logs Explorer"
        description="Query the project's logs with SQL: every source is a table (edge_logs, auth_logs, storage_logs, postgres_logs…)."
        actions={
          hosted ? (
            <>
              {opened?.savedId !== undefined ? <UpdateSavedButton savedId={opened.savedId} readText={currentText} /> : null}
              <Button type="button" onPointerEnter={() => void SaveQueryDialog.preload()} onFocus={() => void SaveQueryDialog.preload()} onClick={() => setSaving(currentText())}>
                {opened?.savedId !== undefined ? 'Save as new query' : 'Save query'}
              </Button>
            </>
          ) : undefined
        }
      />
      <div css={{ display: 'flex', flexDirection: 'column', gap: tokens.space.md, padding: `${tokens.space.md} ${tokens.space.xl}`, minHeight: 0, flex: 1 }}>
        <QueryField
          key={location.search}
          text={startText}
          onTextChange={(text) => {
            keptText = text;
          }}
          onRun={() => runNow()}
          schema={schema}
          editorRef={editor}
          errorMark={mark ? { from: mark.from, to: mark.to, message: problem?.message } : null}
        />
        <div css={bar}>
          <div css={{ width: 200 }}>
            <Select
              aria-label="Time range"
              value={range.kind === 'preset' ? range.preset : 'custom'}
              options={presetOptions}
              onChange={(e) => {
                const value = e.target.value;
                if (value === 'custom') {
                  const resolved = resolveRange(range, new Date());
                  setRange({ kind: 'custom', start: toLocalInput(resolved?.start ?? Date.now() - 3_600_000), end: toLocalInput(resolved?.end ?? Date.now()) });
                } else setRange({ kind: 'preset', preset: value as RangePreset });
              }}
            />
          </div>
          {range.kind === 'custom' ? (
            <>
              <div css={{ width: 210 }}>
                <TextInput type="datetime-local" aria-label="Range start" min={earliest} value={range.start} onChange={(e) => setRange({ ...range, start: e.target.value })} />
              </div>
              <div css={{ width: 210 }}>
                <TextInput type="datetime-local" aria-label="Range end" value={range.end} onChange={(e) => setRange({ ...range, end: e.target.value })} />
              </div>
            </>
          ) : null}
          <Button type="button" variant="primary" loading={running} onClick={() => runNow()}>
            Run
          </Button>
          <span css={{ color: tokens.color.textMuted, fontSize: tokens.fontSize.sm }}>
            <ShortcutHint keys={['Mod', 'Enter']} /> runs the query
          </span>
        </div>
        {retentionDays !== undefined ? (
          <p css={{ margin: 0, color: tokens.color.textMuted, fontSize: tokens.fontSize.sm }}>{`Your plan keeps ${retentionDays} day${retentionDays === 1 ? '' : 's'} of logs.`}</p>
        ) : null}
        {rangeProblem ? <InlineNotice kind="warning">{rangeProblem}</InlineNotice> : null}
        <div css={{ flex: 1, minHeight: 0, display: 'flex', flexDirection: 'column', gap: tokens.space.sm }}>
          {request === null ? (
            <EmptyState framed title="Run a query to see its rows" description="Write a SELECT over a source (edge_logs, auth_logs…), or start from a template, then press Run." />
          ) : running && !result && !problem ? (
            <LoadingSkeleton label="Running query" rows={6} />
          ) : problem ? (
            <InlineNotice kind="danger" title={problem.title}>
              {problem.message}
              {mark ? ` — line ${mark.line}, column ${mark.column}` : ''}
            </InlineNotice>
          ) : result ? (
            <>
              <div css={{ ...bar, justifyContent: 'space-between' }}>
                <span role="status" css={{ fontSize: tokens.fontSize.sm, color: tokens.color.textMuted }}>
                  {`${numberFormat.format(result.result.length)} row${result.result.length === 1 ? '' : 's'} from ${new Date(result.from).toLocaleString()} to ${new Date(result.to).toLocaleString()}`}
                </span>
                <div css={bar}>
                  <Button size="small" icon={<CopyIcon size={14} />} disabled={rows.length === 0} onClick={() => void copy(toCsv(columnNames, result.result), 'results as CSV')}>
                    Copy as CSV
                  </Button>
                  <Button size="small" icon={<CopyIcon size={14} />} disabled={rows.length === 0} onClick={() => void copy(toJson(result.result), 'results as JSON')}>
                    Copy as JSON
                  </Button>
                </div>
              </div>
              {request && Date.parse(result.from) > Date.parse(request.start) + 1000 ? (
                <InlineNotice kind="info">{`Your plan keeps ${result.retention_days} day${result.retention_days === 1 ? '' : 's'} of logs: the query ran from ${new Date(result.from).toLocaleString()}.`}</InlineNotice>
              ) : null}
              {result.truncated ? (
                <InlineNotice kind="warning" title="Results truncated">{`Only the first ${numberFormat.format(result.limit)} rows are shown. Add a where clause, a limit or narrow the time range to see the rest.`}</InlineNotice>
              ) : null}
              {histogram && rows.length > 0 ? <EventHistogram histogram={histogram} counts={histogramCounts} /> : null}
              {rows.length === 0 ? (
                <EmptyState framed title="No rows" description="Nothing in this range matches the query. Try a longer time range." />
              ) : (
                <DataTable
                  aria-label="Query results"
                  columns={columns}
                  rows={rows}
                  getRowId={(r) => String(r.i)}
                  height="max(240px, calc(100vh - 520px))"
                  density="dense"
                  wrap
                  onRowActivate={(r) => setOpenRow(r.i)}
                />
              )}
            </>
          ) : null}
        </div>
      </div>
      {openRow !== null && result?.result[openRow] ? (
        <Suspense fallback={null}>
          <RowPanel row={result.result[openRow]} index={openRow} columns={columnNames} onClose={() => setOpenRow(null)} />
        </Suspense>
      ) : null}
      {saving !== null ? (
        <Suspense fallback={null}>
          <SaveQueryDialog sql={saving} onClose={() => setSaving(null)} />
        </Suspense>
      ) : null}
    </section>
  );
}
