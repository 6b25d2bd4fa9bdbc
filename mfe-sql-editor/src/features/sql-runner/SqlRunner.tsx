import { useState, type ReactNode } from 'react';
import { useMutation } from '@tanstack/react-query';
import { Button } from '@plinth/shared-ui/button';
import { PermissionTooltip } from '@plinth/shared-ui/tooltip';
import { TextArea } from '@plinth/shared-ui/form';
import { tokens } from '@plinth/shared-ui/theme';
import { ApiError, PERMISSIONS, type SqlErrorBody } from '@plinth/shared-contracts';
import { useArea } from '@plinth/area-kit';
import { ResultsTable } from './ResultsTable';

export const RUN_SQL_PERMISSION_MESSAGE = 'You need additional permissions to run SQL queries';

export interface SqlRunnerProps {
  /** Text the editor starts with; the component is re-keyed by the caller to load another query. */
  initialSql: string;
  /** Buttons shown beside Run (Save, favourite). They receive the current text. */
  actions?: (sql: string) => ReactNode;
  onChange?: (sql: string) => void;
}

function describeSqlError(err: unknown): string {
  if (err instanceof ApiError) {
    const body = err.details as Partial<SqlErrorBody> | undefined;
    const hint = body?.hint ? ` Hint: ${body.hint}` : '';
    return `${err.message}${hint}`;
  }
  return err instanceof Error ? err.message : String(err);
}

/** A plain SQL editor: the text, Run (Ctrl/Cmd+Enter) against the project database, and the results. */
export function SqlRunner({ initialSql, actions, onChange }: SqlRunnerProps) {
  const { api, projectRef, can } = useArea();
  const [sql, setSql] = useState(initialSql);
  const run = useMutation({ mutationFn: (query: string) => api.database.runQuery(projectRef, { query }) });
  const mayRun = can(PERMISSIONS.SQL_QUERY_RUN);
  const start = () => {
    if (mayRun && sql.trim() !== '' && !run.isPending) run.mutate(sql);
  };

  return (
    <div css={{ display: 'flex', flexDirection: 'column', gap: tokens.space.md }}>
      <TextArea
        aria-label="SQL"
        rows={12}
        spellCheck={false}
        css={{ fontFamily: tokens.font.mono, fontSize: tokens.fontSize.sm }}
        value={sql}
        placeholder="select * from …"
        onChange={(e) => {
          setSql(e.target.value);
          onChange?.(e.target.value);
        }}
        onKeyDown={(e) => {
          if (e.key === 'Enter' && (e.ctrlKey || e.metaKey)) {
            e.preventDefault();
            start();
          }
        }}
      />
      <div css={{ display: 'flex', gap: tokens.space.sm, alignItems: 'center' }}>
        <PermissionTooltip allowed={mayRun} message={RUN_SQL_PERMISSION_MESSAGE}>
          <Button variant="primary" onClick={start} loading={run.isPending} disabled={mayRun && sql.trim() === ''}>
            Run
          </Button>
        </PermissionTooltip>
        {actions?.(sql)}
      </div>
      {run.isError ? (
        <p role="alert" css={{ color: tokens.color.dangerText, margin: 0, whiteSpace: 'pre-wrap' }}>
          Error: {describeSqlError(run.error)}
        </p>
      ) : null}
      {run.isSuccess ? <ResultsTable result={run.data} /> : null}
    </div>
  );
}
