import { useNavigate } from 'react-router-dom';
import { errorMessage } from '@plinth/area-kit';
import { Button } from '@plinth/shared-ui/button';
import { EmptyState, PageHeader, StatusBadge } from '@plinth/shared-ui/layout';
import { InlineError, LoadingSkeleton } from '@plinth/shared-ui/page';
import { tokens } from '@plinth/shared-ui/theme';
import { explorerAddress } from '../../area/explorer-address';
import { useRecentLogQueries } from '../../area/log-query-lists';

const row = {
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'flex-start',
  gap: tokens.space.md,
  padding: tokens.space.md,
  borderBottom: `1px solid ${tokens.color.border}`,
} as const;

/** The caller's own recent log queries, newest first; each opens in the query page with its range. */
export function RecentQueries() {
  const recent = useRecentLogQueries();
  const navigate = useNavigate();
  return (
    <section aria-label="Recent" css={{ display: 'flex', flexDirection: 'column' }}>
      <PageHeader title="Recent" description="Log queries you ran lately in this project (only you see them)." />
      <div css={{ padding: `${tokens.space.md} ${tokens.space.xl} ${tokens.space.xl}` }}>
        {recent.isPending ? (
          <LoadingSkeleton label="Loading recent queries" rows={4} />
        ) : recent.isError ? (
          <InlineError message="The recent queries could not be loaded." detail={errorMessage(recent.error)} onRetry={() => void recent.refetch()} retrying={recent.isRefetching} />
        ) : recent.data.length === 0 ? (
          <EmptyState framed title="No recent queries" description="Queries you run in the Logs Explorer appear here." />
        ) : (
          <ul aria-label="Recent queries" css={{ listStyle: 'none', margin: 0, padding: 0, border: `1px solid ${tokens.color.border}`, borderRadius: tokens.radius.lg, background: tokens.color.surface }}>
            {recent.data.map((q) => (
              <li key={q.id} css={row}>
                <div css={{ flex: '1 1 300px', minWidth: 0, display: 'flex', flexDirection: 'column', gap: tokens.space.xs }}>
                  <pre css={{ margin: 0, fontFamily: tokens.font.mono, fontSize: tokens.fontSize.xs, whiteSpace: 'pre-wrap', overflowWrap: 'anywhere', maxHeight: 96, overflow: 'hidden' }}>{q.sql}</pre>
                  <span css={{ fontSize: tokens.fontSize.xs, color: tokens.color.textMuted }}>
                    {`Ran ${new Date(q.ran_at).toLocaleString()} over ${new Date(q.iso_timestamp_start).toLocaleString()} – ${new Date(q.iso_timestamp_end).toLocaleString()}`}
                  </span>
                  {q.error ? <span css={{ fontSize: tokens.fontSize.xs, color: tokens.color.danger }}>{q.error}</span> : null}
                </div>
                <StatusBadge tone={q.error ? 'danger' : 'success'}>{q.error ? 'Failed' : `${q.rows ?? 0} row${q.rows === 1 ? '' : 's'}`}</StatusBadge>
                <Button size="small" aria-label={`Open query run ${new Date(q.ran_at).toLocaleString()}`} onClick={() => navigate(explorerAddress({ sql: q.sql, from: q.iso_timestamp_start, to: q.iso_timestamp_end }))}>
                  Open
                </Button>
              </li>
            ))}
          </ul>
        )}
      </div>
    </section>
  );
}
