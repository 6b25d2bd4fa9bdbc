import { Suspense, useState } from 'react';
import { lazyWithPreload } from '@plinth/area-kit';
import { InlineNotice, Spinner } from '@plinth/shared-ui/layout';
import { InlineError, LoadingSkeleton, Tabs } from '@plinth/shared-ui/page';
import { tokens } from '@plinth/shared-ui/theme';
import type { SqlStatementResult } from '@plinth/contracts-database';
import { parsePlan } from './explain/plan-tree';
import { resultSummary, statementResults, tabLabel } from './run-results';
import type { ErrorPlace } from '@plinth/domain-ui/code-editor';
import type { RunState } from './use-query-run';

const numberFormat = new Intl.NumberFormat('en-US');

// The parts of an outcome, each in its own chunk: the results grid, fetched when a query first
// runs; the EXPLAIN plan tree, when a plan first shows (or the pointer reaches Explain).
const ResultsGrid = lazyWithPreload(() => import(/* webpackChunkName: "sql-results-grid" */ './results/ResultsGrid').then((m) => m.default));
const PlanTree = lazyWithPreload(() => import(/* webpackChunkName: "sql-plan-tree" */ './explain/PlanTree').then((m) => m.PlanTree));

/** Starts loading the part a run (or an EXPLAIN) will draw. */
export function preloadOutcomeParts(explain = false) {
  void (explain ? PlanTree : ResultsGrid).preload();
}

interface RunOutcomeProps {
  run: RunState;
  mark: ErrorPlace | null;
  fileName?: string;
  rowLimit: number;
}

/** What a run gave: running, cancelled, the error, or each statement's result (a tab per statement when there are several). */
export function RunOutcome({ run, mark, fileName, rowLimit }: RunOutcomeProps) {
  if (run.kind === 'idle') return null;
  if (run.kind === 'running') {
    return (
      <p role="status" css={{ display: 'flex', gap: tokens.space.sm, alignItems: 'center', margin: 0 }}>
        <Spinner /> Running…
      </p>
    );
  }
  if (run.kind === 'cancelled') return <InlineNotice kind="info" title="Query cancelled">{run.message}</InlineNotice>;
  if (run.kind === 'failed') {
    const { error } = run;
    const where = mark ? `Line ${mark.line}, column ${mark.column} (marked in the editor).` : null;
    return (
      <InlineError
        message={`Error: ${error.message}`}
        detail={
          where || error.hint || error.detail ? (
            <>
              {where ? <span css={{ display: 'block' }}>{where}</span> : null}
              {error.detail ? <span css={{ display: 'block' }}>Detail: {error.detail}</span> : null}
              {error.hint ? <span css={{ display: 'block' }}>Hint: {error.hint}</span> : null}
            </>
          ) : undefined
        }
      />
    );
  }
  return <StatementResults key={run.runId} results={statementResults(run.result)} ms={run.ms} fileName={fileName} rowLimit={rowLimit} loading={run.loading ?? null} />;
}

/** The last statement's rows still arriving: how many there will be, and why loading stopped. */
type RowsLoading = { expected: number; error: string | null } | null;

function StatementResults({ results, ms, fileName, rowLimit, loading }: { results: SqlStatementResult[]; ms: number; fileName?: string; rowLimit: number; loading: RowsLoading }) {
  // The last statement's result shows first, as it did when only the last one came back.
  const [shown, setShown] = useState(String(results.length - 1));
  const index = Math.min(Number(shown), results.length - 1);
  const result = results[index];
  if (!result) return <p role="status">Success. No rows returned.</p>;
  return (
    <section aria-label="Result" css={{ display: 'flex', flexDirection: 'column', gap: tokens.space.sm }}>
      {results.length > 1 ? (
        <Tabs
          aria-label="Statement results"
          idPrefix="statement"
          value={String(index)}
          onValueChange={setShown}
          items={results.map((r, i) => ({ key: String(i), label: tabLabel(r, i), badge: <span css={{ color: tokens.color.textMuted, fontSize: tokens.fontSize.xs }}>{resultSummary(r)}</span> }))}
        />
      ) : null}
      <div role={results.length > 1 ? 'tabpanel' : undefined} id={results.length > 1 ? `statement-panel-${index}` : undefined} aria-label={results.length > 1 ? tabLabel(result, index) : undefined}>
        <OneResult result={result} ms={ms} fileName={fileName} rowLimit={rowLimit} loading={index === results.length - 1 ? loading : null} />
      </div>
    </section>
  );
}

function OneResult({ result, ms, fileName, rowLimit, loading }: { result: SqlStatementResult; ms: number; fileName?: string; rowLimit: number; loading: RowsLoading }) {
  if (result.columns.length === 0) {
    const counted = result.affectedRows != null && (result.command === '' || /^(INSERT|UPDATE|DELETE|MERGE|COPY)$/.test(result.command));
    return <p role="status">{counted ? `Success. ${result.affectedRows} rows affected.` : result.command ? `Success. ${result.command}` : 'Success. No rows returned.'}</p>;
  }
  const plan = result.command === 'EXPLAIN' || result.columns[0]?.name === 'QUERY PLAN' ? parsePlan(result.rows[0]?.[0]) : null;
  if (plan) {
    return (
      <Suspense fallback={<LoadingSkeleton label="Loading plan" rows={6} />}>
        <PlanTree plan={plan} />
      </Suspense>
    );
  }
  const loaded = result.rows.length;
  // While a large result's rows arrive, the counts speak of the whole result.
  const count = loading ? loading.expected : loaded;
  const arriving = loading !== null && loading.error === null;
  return (
    <div css={{ display: 'flex', flexDirection: 'column', gap: tokens.space.sm }}>
      <p role="status" css={{ margin: 0, color: tokens.color.textMuted, fontSize: tokens.fontSize.xs, display: 'flex', gap: tokens.space.xs, alignItems: 'center' }}>
        {arriving ? <Spinner /> : null}
        {arriving ? `Loading rows: ${numberFormat.format(loaded)} of ${numberFormat.format(count)}` : `${numberFormat.format(count)} ${count === 1 ? 'row' : 'rows'}`} · {numberFormat.format(ms)} ms
      </p>
      {loading?.error ? (
        <InlineNotice kind="warning" title={`Only the first ${numberFormat.format(loaded)} rows of ${numberFormat.format(count)} could be loaded`}>
          {loading.error}
        </InlineNotice>
      ) : null}
      {result.truncated ? (
        <InlineNotice kind="warning" title={`Showing the first ${numberFormat.format(count)} rows of ${numberFormat.format(result.totalRows)}`}>
          The result was cut at the row limit ({numberFormat.format(rowLimit)}). Raise the limit or narrow the query to see the rest.
        </InlineNotice>
      ) : null}
      <Suspense fallback={<LoadingSkeleton label="Loading results" rows={6} />}>
        <ResultsGrid columns={result.columns.map((col) => col.name)} rows={result.rows} rowsToCome={arriving ? count - loaded : 0} height="min(60vh, 560px)" fileName={fileName} />
      </Suspense>
    </div>
  );
}
