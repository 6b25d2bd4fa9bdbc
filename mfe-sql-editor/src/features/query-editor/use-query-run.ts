import { useEffect, useRef, useState } from 'react';
import { ApiError } from '@plinth/shared-contracts';
import { SQL_ROW_LIMIT_DEFAULT, type SqlErrorBody, type SqlRunResult } from '@plinth/contracts-database';
import { useQueryClient } from '@tanstack/react-query';
import { useArea } from '@plinth/area-kit';
import { expectedRows, loadRestOfRows } from './result-pages';
import { keys } from '../../area/query-keys';

export type RunState =
  | { kind: 'idle' }
  | { kind: 'running'; runId: string; query: string }
  | {
      kind: 'done';
      runId: string;
      result: SqlRunResult;
      query: string;
      ms: number;
      /** The last statement's rows still arriving (a large result): how many there will be, and why loading stopped. */
      loading?: { expected: number; error: string | null } | null;
    }
  | { kind: 'failed'; error: SqlProblem; query: string }
  | { kind: 'cancelled'; message: string };

/** What Postgres said about a refused statement, with the place in the text it ran (0-based, when given). */
export interface SqlProblem {
  message: string;
  hint: string | null;
  detail: string | null;
  /** 0-based offset in the text that ran. */
  offset: number | null;
}

export function toSqlProblem(err: unknown): SqlProblem {
  if (err instanceof ApiError) {
    const body = (err.details ?? {}) as Partial<SqlErrorBody>;
    return { message: err.message, hint: body.hint ?? null, detail: body.detail ?? null, offset: typeof body.position === 'number' ? body.position - 1 : null };
  }
  return { message: err instanceof Error ? err.message : String(err), hint: null, detail: null, offset: null };
}

const newRunId = () => (globalThis.crypto?.randomUUID?.() ?? `run-${Date.now()}-${Math.random().toString(36).slice(2, 10)}`);

/**
 * Runs SQL against the project database, one run at a time, answering each statement's result; a
 * run can be cancelled, and is kept in the project's history.
 */
export function useQueryRun(rowLimit: number = SQL_ROW_LIMIT_DEFAULT) {
  const { api, projectRef } = useArea();
  const queryClient = useQueryClient();
  const [state, setState] = useState<RunState>({ kind: 'idle' });
  const current = useRef<{ runId: string; controller: AbortController } | null>(null);
  // The run whose rows are still arriving; another run, or leaving the page, stops them.
  const loadingRun = useRef<string | null>(null);
  useEffect(() => () => {
    loadingRun.current = null;
  }, []);

  /** A large result's last statement came with its first rows: the rest follow, page by page. */
  const loadRest = async (runId: string, result: SqlRunResult, query: string, ms: number) => {
    const results = result.results ?? [];
    const last = results[results.length - 1];
    if (!last?.cursor) return;
    const expected = expectedRows(last, rowLimit);
    const show = (rows: unknown[][], loading: { expected: number; error: string | null } | null) =>
      setState({ kind: 'done', runId, query, ms, loading, result: { ...result, results: [...results.slice(0, -1), { ...last, rows, cursor: loading ? last.cursor : undefined }] } });
    loadingRun.current = runId;
    let rows = last.rows;
    try {
      await loadRestOfRows(last, expected, {
        fetchPage: (cursor, offset, limit) => api.database.runQueryRows(projectRef, { cursor, offset, limit }),
        onRows: (next) => {
          rows = next;
          show(rows, next.length < expected ? { expected, error: null } : null);
        },
        stopped: () => loadingRun.current !== runId,
      });
      if (loadingRun.current === runId && rows.length < expected) show(rows, null);
    } catch (err) {
      if (loadingRun.current === runId) show(rows, { expected, error: err instanceof Error ? err.message : String(err) });
    } finally {
      if (loadingRun.current === runId) loadingRun.current = null;
    }
  };

  const run = async (query: string) => {
    if (current.current) return;
    const runId = newRunId();
    const controller = new AbortController();
    current.current = { runId, controller };
    loadingRun.current = null;
    setState({ kind: 'running', runId, query });
    const started = performance.now();
    try {
      const result = await api.database.runQuery(projectRef, { query, runId, rowLimit, resultShape: 'statements', history: true }, controller.signal);
      if (current.current?.runId === runId) {
        const ms = Math.round(performance.now() - started);
        const last = result.results?.[result.results.length - 1];
        setState({ kind: 'done', runId, result, query, ms, loading: last?.cursor ? { expected: expectedRows(last, rowLimit), error: null } : null });
        void loadRest(runId, result, query, ms);
      }
    } catch (err) {
      if (current.current?.runId === runId) setState({ kind: 'failed', error: toSqlProblem(err), query });
    } finally {
      if (current.current?.runId === runId) current.current = null;
      void queryClient.invalidateQueries({ queryKey: keys.runHistory(projectRef) });
    }
  };

  /** Stops waiting for the run and asks the database to stop it; says what the database could do. */
  const cancel = async () => {
    const running = current.current;
    if (!running) return;
    current.current = null;
    running.controller.abort();
    let message = 'Query cancelled.';
    try {
      const answer = await api.database.cancelQuery(projectRef, running.runId);
      if (!answer.cancelled && answer.message) message = `Stopped waiting for the query. ${answer.message}`;
    } catch (err) {
      message = `Stopped waiting for the query; the database could not be asked to stop it: ${err instanceof Error ? err.message : String(err)}`;
    }
    setState({ kind: 'cancelled', message });
  };

  return { state, run, cancel, running: state.kind === 'running' };
}
