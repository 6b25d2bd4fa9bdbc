import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router-dom';
import { formatBytes, queryKeys, USAGE_METRIC_LABELS, USAGE_METRICS } from '@plinth/shared-contracts';
import { buttonCss } from '@plinth/shared-ui/button';
import { CodeBlock } from '@plinth/shared-ui/code-block';
import { KeyIcon } from '@plinth/shared-ui/icons';
import { PageHeader, StatusBadge } from '@plinth/shared-ui/layout';
import { Card, InlineError, KeyValueList, LoadingSkeleton } from '@plinth/shared-ui/page';
import { tokens } from '@plinth/shared-ui/theme';
import { useApi } from '../app/use-api';
import { usePageTitle } from '../app/page-title';
import { useShellLink } from '../areas/shell-links';
import { useProjectContext } from '../features/project-layout/project-context';
import { PROJECT_STATUS_BADGES } from '../features/project-layout/project-status';
import { RestoreProjectButton } from '../features/status-gate/paused-screen';

/** Project home: status, API URL, where the keys are, and a usage summary. */
export default function ProjectHomePage() {
  const { project, permissions } = useProjectContext();
  usePageTitle(project.name);
  const api = useApi();
  const apiKeys = useShellLink()('apiKeys', {}, { projectRef: project.ref });
  const usage = useQuery({ queryKey: queryKeys.projectUsage(project.ref), queryFn: () => api.usage.getProjectUsage(project.ref) });
  const paused = project.status === 'INACTIVE';
  const badge = PROJECT_STATUS_BADGES[project.status] ?? { word: project.status, tone: 'neutral' as const };
  return (
    <div css={{ maxWidth: 1000 }}>
      <PageHeader
        title={project.name}
        description="Your project's address, keys and what it uses this month."
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
            <RestoreProjectButton project={project} permissions={permissions} />
          </Card>
        ) : null}
        <Card title="Connecting">
          <KeyValueList
            labelWidth="140px"
            items={[
              { key: 'ref', label: 'Project ref', value: <span css={{ fontFamily: tokens.font.mono }}>{project.ref}</span> },
              {
                key: 'url',
                label: 'API URL',
                value: project.restUrl ? <CodeBlock code={project.restUrl} label="API URL" /> : <span css={{ color: tokens.color.textMuted }}>Not available yet</span>,
              },
              {
                key: 'keys',
                label: 'API keys',
                value: apiKeys ? (
                  <Link to={apiKeys} css={buttonCss('default', 'small')}>
                    <KeyIcon size={14} />
                    View API keys
                  </Link>
                ) : (
                  <span css={{ color: tokens.color.textMuted }}>Shown in the project settings</span>
                ),
              },
            ]}
          />
        </Card>
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
