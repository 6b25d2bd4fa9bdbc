import { Suspense, useEffect, useLayoutEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { Button } from '@plinth/shared-ui/button';
import { PermissionTooltip } from '@plinth/shared-ui/tooltip';
import { Select } from '@plinth/shared-ui/form';
import { PageHeader } from '@plinth/shared-ui/layout';
import { LoadingSkeleton, ShortcutHint } from '@plinth/shared-ui/page';
import { tokens } from '@plinth/shared-ui/theme';
import { PERMISSIONS } from '@plinth/shared-contracts';
import { errorPlace, SqlCodeEditor, type ErrorPlace, type SqlCodeEditorHandle } from '@plinth/domain-ui/code-editor';
import { lazyWithPreload, useArea } from '@plinth/area-kit';
import { asJsonExplain, explainPrefix, explainQuery } from './explain/explain-sql';
import { useCompletionSchema } from './completion-schema';
import { formatSql, preloadFormatter } from './format-sql';
import { readRowLimit, ROW_LIMITS, storeRowLimit } from './row-limit';
import { textToRun } from './sql-error';
import { useQueryRun } from './use-query-run';
import { useTypingStaysInEditor } from './typing-events';

export const RUN_SQL_PERMISSION_MESSAGE = 'You need additional permissions to run SQL queries';

// What a run shows, in a chunk of its own (and its grid and plan tree in theirs): a query page
// shows none of it until something runs. Run and Mod+Enter fetch the outcome and the grid as the
// query starts (the pointer on Run before); Explain fetches the plan tree.
const loadRunOutcome = () => import(/* webpackChunkName: "sql-run-outcome" */ './RunOutcome');
const RunOutcome = lazyWithPreload(() => loadRunOutcome().then((m) => m.RunOutcome));

/** Starts loading what a run (or an EXPLAIN) will show. */
function preloadRunParts(explain = false) {
  void RunOutcome.preload();
  void loadRunOutcome().then((m) => m.preloadOutcomeParts(explain), () => undefined);
}


export interface QueryEditorProps {
  title: string;
  /** The text shown when the editor opens, and again whenever textKey changes. */
  text: string;
  /** Names the text: another query opened, or a text taken from elsewhere, changes it. */
  textKey: string;
  /**
   * The user changed the text. The editor owns it: `read` builds it when called (after a pause),
   * so a key in a long query costs no page render and no copy of the text.
   */
  onTextChange: (read: () => string) => void;
  /** Beside the title: the save state, favourites, Save query. */
  headerActions?: ReactNode;
  /** Above the editor: unsaved work, conflicts. */
  notices?: ReactNode;
  /** Base of exported file names. */
  fileName?: string;
}

const numberFormat = new Intl.NumberFormat('en-US');

/**
 * One query: the SQL editor (completion of the project's schema), Run on the whole text or the
 * selection (Mod+Enter), Cancel while it runs, Format, the row limit, and the result or the error
 * marked in the text.
 */
export function QueryEditor({ title, text, textKey, onTextChange, headerActions, notices, fileName }: QueryEditorProps) {
  const { can, notify } = useArea();
  const editor = useRef<SqlCodeEditorHandle>(null);
  const editorBox = useRef<HTMLDivElement>(null);
  useTypingStaysInEditor(editorBox);
  const [rowLimit, setRowLimit] = useState(readRowLimit);
  const { state: run, run: start, cancel, running } = useQueryRun(rowLimit);
  const runOffset = useRef(0);
  const [mark, setMark] = useState<ErrorPlace | null>(null);
  const schema = useCompletionSchema();
  const mayRun = can(PERMISSIONS.SQL_QUERY_RUN);
  // Only whether there is text at all is React state: it changes on a few keys, not on every one.
  const [empty, setEmpty] = useState(text.length === 0);
  const shownKey = useRef(textKey);
  const replacing = useRef(false);
  const currentText = () => editor.current?.getValue() ?? text;

  useEffect(() => {
    if (shownKey.current === textKey) return;
    shownKey.current = textKey;
    replacing.current = true;
    editor.current?.setValue(text);
    replacing.current = false;
    setEmpty(text.length === 0);
  }, [textKey, text]);

  // Per key: no React update unless something shown changes (even a same-value update costs a render pass).
  const changed = (read: () => string, length: number) => {
    if ((length === 0) !== empty) setEmpty(length === 0);
    if (mark) setMark(null);
    if (!replacing.current) onTextChange(read);
  };

  /** Runs the selection or the whole text; Explain runs it under EXPLAIN (ANALYZE) in JSON, drawn as a tree. */
  const runNow = (explain?: 'plan' | 'analyze') => {
    if (!mayRun || running) return;
    const { query, offset } = textToRun(currentText(), editor.current?.getSelection() ?? null);
    if (query.trim() === '') return;
    const sent = explain ? explainQuery(query, explain === 'analyze') : asJsonExplain(query);
    // Error positions count in the text sent; the user's text starts after what was put before it.
    runOffset.current = offset - (explain ? explainPrefix(explain === 'analyze').length : sent.length - query.length);
    setMark(null);
    preloadRunParts(Boolean(explain));
    void start(sent);
  };

  // Before the page paints: the error never shows without the place it points at.
  useLayoutEffect(() => {
    if (run.kind === 'failed' && run.error.offset !== null) setMark(errorPlace(currentText(), runOffset.current + run.error.offset));
  }, [run]);

  // One object per mark: the editor moves the cursor to a mark each time it is given a new one.
  const errorText = run.kind === 'failed' ? run.error.message : undefined;
  const editorMark = useMemo(() => (mark ? { from: mark.from, to: mark.to, message: errorText } : null), [mark, errorText]);

  const format = async () => {
    try {
      const formatted = await formatSql(currentText());
      editor.current?.setValue(formatted);
    } catch (err) {
      notify({ kind: 'error', message: `Could not format this query: ${err instanceof Error ? err.message.split('\n')[0] : String(err)}` });
    }
  };

  return (
    <div css={{ display: 'flex', flexDirection: 'column', minHeight: '100%' }}>
      <PageHeader title={title} actions={headerActions} />
      <div css={{ display: 'flex', flexDirection: 'column', gap: tokens.space.md, padding: tokens.space.lg, minWidth: 0 }}>
        {notices}
        <div ref={editorBox} css={{ display: 'contents' }}>
          <SqlCodeEditor
            label="SQL"
            defaultValue={text}
            onTextChange={changed}
            onRun={() => runNow()}
            schema={schema}
            lineNumbers
            placeholder="select * from …"
            height="clamp(160px, 36vh, 480px)"
            editorRef={editor}
            errorMark={editorMark}
          />
        </div>
        <div css={{ display: 'flex', gap: tokens.space.sm, alignItems: 'center', flexWrap: 'wrap' }}>
          <PermissionTooltip allowed={mayRun} message={RUN_SQL_PERMISSION_MESSAGE}>
            <Button variant="primary" onClick={() => runNow()} loading={running} disabled={mayRun && empty} onPointerEnter={() => preloadRunParts()}>
              Run
            </Button>
          </PermissionTooltip>
          {running ? (
            <Button variant="danger" onClick={() => void cancel()}>
              Cancel
            </Button>
          ) : null}
          <span css={{ color: tokens.color.textMuted, fontSize: tokens.fontSize.xs }}>
            <ShortcutHint keys={['Mod', 'Enter']} /> runs the selection, or everything when nothing is selected
          </span>
          <span css={{ flex: 1 }} />
          <PermissionTooltip allowed={mayRun} message={RUN_SQL_PERMISSION_MESSAGE}>
            <Button variant="ghost" onClick={() => runNow('plan')} disabled={running || (mayRun && empty)} onPointerEnter={() => preloadRunParts(true)}>
              Explain
            </Button>
          </PermissionTooltip>
          <PermissionTooltip allowed={mayRun} message={RUN_SQL_PERMISSION_MESSAGE}>
            <Button variant="ghost" onClick={() => runNow('analyze')} disabled={running || (mayRun && empty)} onPointerEnter={() => preloadRunParts(true)}>
              Explain analyze
            </Button>
          </PermissionTooltip>
          <Button variant="ghost" onClick={() => void format()} disabled={empty} onPointerEnter={preloadFormatter}>
            Format
          </Button>
          <label css={{ display: 'inline-flex', alignItems: 'center', gap: tokens.space.xs, fontSize: tokens.fontSize.sm, whiteSpace: 'nowrap' }}>
            Row limit
            <span css={{ width: 110 }}>
              <Select
                aria-label="Row limit"
                value={String(rowLimit)}
                onChange={(e) => {
                  setRowLimit(Number(e.target.value));
                  storeRowLimit(Number(e.target.value));
                }}
                options={ROW_LIMITS.map((n) => ({ value: String(n), label: numberFormat.format(n) }))}
              />
            </span>
          </label>
        </div>
        {run.kind === 'idle' ? null : (
          <Suspense fallback={<LoadingSkeleton label="Loading results" rows={2} />}>
            <RunOutcome run={run} mark={mark} fileName={fileName} rowLimit={rowLimit} />
          </Suspense>
        )}
      </div>
    </div>
  );
}
