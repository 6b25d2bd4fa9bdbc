import { useQuery } from '@tanstack/react-query';
import { formatBytes } from '@plinth/shared-contracts';
import { USAGE_METRIC_LABELS, USAGE_METRICS } from '@plinth/contracts-billing';
import { PageHeader, StatusBadge } from '@plinth/shared-ui/layout';
import { Card, InlineError, LoadingSkeleton } from '@plinth/shared-ui/page';
import { tokens } from '@plinth/shared-ui/theme';
import { useApi } from '../app/use-api';
import { usePageTitle } from '../app/page-title';
import { useProjectContext } from '../features/project-layout/project-context';
import { PROJECT_STATUS_BADGES } from '../features/project-layout/project-status';
import { pauseReason, RestoreProjectButton } from '../features/status-gate/paused-screen';
import { ConnectingCard } from '../features/project-connect/connecting-card';
import { shellKeys } from '../query-keys';

/** Project home: status, how to connect (URL, keys, connection string, quick starts), and a usage summary. */
export default function ProjectHomePage() {
  const { project, permissions } = useProjectContext();
  usePageTitle(project.name);
  const api = useApi();
  const usage = useQuery({ queryKey: shellKeys.projectUsage(project.ref), queryFn: () => api.usage.getProjectUsage(project.ref) });
  const paused = project.status === 'INACTIVE';
  // Why it was paused, when the platform recorded it (the free plan's inactivity job does).
  const reason = paused ? pauseReason(project) : null;
  const badge = PROJECT_STATUS_BADGES[project.status] ?? { word: project.status, tone: 'neutral' as const };
  return (
    <div css={{ maxWidth: 1000 }}>
      <PageHeader
        title={project.name}
        description="How to connect to your project, and what it uses this month."
        actions={
          <span data-testid="project-status">
            <StatusBadge tone={badge.tone} busy={badge.busy}>
              {badge.word}
            </StatusBadge>
          </span>
        }
      />
      <div css={{ padding: tokens.space.xl, display: 'grid', gap: tokens.space.xl }}>
        {paused ? (
          <Card title="This project is paused" description="Its data is kept. Restore it to use its database, API and storage again.">
            {reason ? <p css={{ margin: `0 0 ${tokens.space.md}`, color: tokens.color.textMuted, fontSize: tokens.fontSize.sm }}>{reason}.</p> : null}
            <RestoreProjectButton project={project} permissions={permissions} />
          </Card>
        ) : null}
        <ConnectingCard project={project} />
        <Card title="Usage" description="This billing cycle, against the limits of the organization's plan.">
          {usage.isLoading ? <LoadingSkeleton label="Loading usage" rows={3} shape="text" /> : null}
          {usage.isError ? <InlineError message="Could not load usage" detail={(usage.error as Error).message} onRetry={() => void usage.refetch()} /> : null}
          {usage.data ? (
            <ul css={{ listStyle: 'none', padding: 0, margin: 0, display: 'grid', gap: tokens.space.md }}>
              {USAGE_METRICS.map((metric) => {
                const m = usage.data[metric];
                const share = m.limit ? Math.min(1, m.usage / m.limit) : 0;
                return (
                  <li key={metric} css={{ display: 'grid', gap: tokens.space.xs, fontSize: tokens.fontSize.sm }}>
                    <span css={{ display: 'flex', justifyContent: 'space-between', gap: tokens.space.md, flexWrap: 'wrap' }}>
                      <span>{USAGE_METRIC_LABELS[metric]}</span>
                      <span css={{ color: m.exceeded ? tokens.color.dangerText : tokens.color.textMuted }}>
                        {formatBytes(m.usage)}
                        {m.limit !== null ? ` of ${formatBytes(m.limit)}` : ''}
                        {m.exceeded ? ' (over the limit)' : ''}
                      </span>
                    </span>
                    {m.limit !== null ? (
                      <span aria-hidden="true" css={{ display: 'block', height: 6, borderRadius: tokens.radius.full, background: tokens.color.surfaceHover, overflow: 'hidden' }}>
                        <span css={{ display: 'block', height: '100%', width: `${Math.round(share * 100)}%`, background: m.exceeded ? tokens.color.danger : tokens.color.brand }} />
                      </span>
                    ) : null}
                  </li>
                );
              })}
            </ul>
          ) : null}
        </Card>
      </div>
    </div>
  );
}
