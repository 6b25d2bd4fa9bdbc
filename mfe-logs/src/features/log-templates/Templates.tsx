import { useNavigate } from 'react-router-dom';
import { errorMessage } from '@plinth/area-kit';
import { Button } from '@plinth/shared-ui/button';
import { EmptyState, PageHeader } from '@plinth/shared-ui/layout';
import { InlineError, LoadingSkeleton } from '@plinth/shared-ui/page';
import { tokens } from '@plinth/shared-ui/theme';
import { explorerAddress } from '../../area/explorer-address';
import { useLogQueryTemplates, useLogSources } from '../../area/log-query-lists';

const card = {
  display: 'flex',
  flexDirection: 'column',
  gap: tokens.space.sm,
  padding: tokens.space.lg,
  border: `1px solid ${tokens.color.border}`,
  borderRadius: tokens.radius.lg,
  background: tokens.color.surface,
  minWidth: 0,
} as const;

/** The templates we write per source, grouped by source; Run opens one in the query page and runs it. */
export function Templates() {
  const templates = useLogQueryTemplates();
  const sources = useLogSources();
  const navigate = useNavigate();
  const sourceName = (reference: string) => sources.data?.sources.find((s) => s.reference === reference)?.name ?? reference;
  const groups = new Map<string, NonNullable<typeof templates.data>>();
  for (const t of templates.data ?? []) groups.set(t.source, [...(groups.get(t.source) ?? []), t]);
  return (
    <section aria-label="Templates" css={{ display: 'flex', flexDirection: 'column' }}>
      <PageHeader title="Templates" description="Ready-made log queries, one click from running." />
      <div css={{ padding: `${tokens.space.md} ${tokens.space.xl} ${tokens.space.xl}`, display: 'flex', flexDirection: 'column', gap: tokens.space.xl }}>
        {templates.isPending ? (
          <LoadingSkeleton label="Loading templates" rows={4} />
        ) : templates.isError ? (
          <InlineError message="The templates could not be loaded." detail={errorMessage(templates.error)} onRetry={() => void templates.refetch()} retrying={templates.isRefetching} />
        ) : groups.size === 0 ? (
          <EmptyState framed title="No templates" description="There are no log query templates yet." />
        ) : (
          [...groups].map(([source, list]) => (
            <section key={source} aria-labelledby={`templates-${source}`} css={{ display: 'flex', flexDirection: 'column', gap: tokens.space.sm }}>
              <h2 id={`templates-${source}`} css={{ margin: 0, fontSize: tokens.fontSize.md, fontWeight: 600 }}>
                {sourceName(source)} <code css={{ fontFamily: tokens.font.mono, fontSize: tokens.fontSize.sm, color: tokens.color.textMuted, fontWeight: 400 }}>{source}</code>
              </h2>
              <ul css={{ listStyle: 'none', margin: 0, padding: 0, display: 'grid', gap: tokens.space.md, gridTemplateColumns: 'repeat(auto-fill, minmax(min(100%, 320px), 1fr))' }}>
                {list.map((t) => (
                  <li key={t.id} css={card} aria-labelledby={`template-${t.id}`}>
                    <h3 id={`template-${t.id}`} css={{ margin: 0, fontSize: tokens.fontSize.sm, fontWeight: 600 }}>
                      {t.name}
                    </h3>
                    <p css={{ margin: 0, color: tokens.color.textMuted, fontSize: tokens.fontSize.sm, flex: 1 }}>{t.description}</p>
                    <pre css={{ margin: 0, padding: tokens.space.sm, fontFamily: tokens.font.mono, fontSize: tokens.fontSize.xs, background: tokens.color.background, borderRadius: tokens.radius.md, whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>{t.sql}</pre>
                    <div>
                      <Button size="small" variant="primary" aria-label={`Run ${t.name}`} onClick={() => navigate(explorerAddress({ sql: t.sql, run: true }))}>
                        Run
                      </Button>
                    </div>
                  </li>
                ))}
              </ul>
            </section>
          ))
        )}
      </div>
    </section>
  );
}
