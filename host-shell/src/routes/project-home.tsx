import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router-dom';
import { formatBytes, queryKeys, USAGE_METRIC_LABELS, USAGE_METRICS } from '@plinth/shared-contracts';
import { tokens } from '@plinth/shared-ui/theme';
import { useApi } from '../app/use-api';
import { usePageTitle } from '../app/page-title';
import { useProjectContext } from '../features/project-layout/project-context';
import { RestoreProjectButton } from '../features/status-gate/paused-screen';

const STATUS_WORDS: Record<string, string> = {
  ACTIVE_HEALTHY: 'Healthy',
  COMING_UP: 'Setting up',
  UNKNOWN: 'Setting up',
  INACTIVE: 'Paused',
  RESTORING: 'Restoring',
  RESTORATION_FAILED: 'Restoration failed',
  UPGRADING: 'Upgrading',
  GOING_DOWN: 'Pausing',
  PAUSING: 'Pausing',
};

const cardCss = { padding: tokens.space.lg, border: `1px solid ${tokens.color.border}`, borderRadius: tokens.radius.lg, background: tokens.color.surface } as const;

/** Project home: status, API URL, where the keys are, and a usage summary. */
export default function ProjectHomePage() {
  const { project, permissions } = useProjectContext();
  usePageTitle(project.name);
  const api = useApi();
  const usage = useQuery({ queryKey: queryKeys.projectUsage(project.ref), queryFn: () => api.usage.getProjectUsage(project.ref) });
  const paused = project.status === 'INACTIVE';
  return (
    <div css={{ padding: tokens.space.xl, display: 'grid', gap: tokens.space.lg, maxWidth: 960 }}>
      <h1 css={{ margin: 0, fontSize: tokens.fontSize.xxl }}>{project.name}</h1>
      <dl css={{ ...cardCss, display: 'grid', gridTemplateColumns: 'max-content 1fr', gap: `${tokens.space.sm} ${tokens.space.lg}`, margin: 0 }}>
        <dt>Status</dt>
        <dd css={{ margin: 0 }} data-testid="project-status">
          {STATUS_WORDS[project.status] ?? project.status}
        </dd>
        <dt>Project ref</dt>
        <dd css={{ margin: 0, fontFamily: tokens.font.mono }}>{project.ref}</dd>
        <dt>API URL</dt>
        <dd css={{ margin: 0, fontFamily: tokens.font.mono, wordBreak: 'break-all' }}>{project.restUrl || 'Not available yet'}</dd>
        <dt>API keys</dt>
        <dd css={{ margin: 0 }}>
          <Link to={`/project/${project.ref}/settings/api`}>View API keys</Link>
        </dd>
      </dl>
      {paused ? (
        <section css={cardCss} aria-label="Paused project">
          <h2 css={{ marginTop: 0, fontSize: tokens.fontSize.lg }}>This project is paused</h2>
          <RestoreProjectButton project={project} permissions={permissions} />
        </section>
      ) : null}
      <section css={cardCss} aria-labelledby="usage-heading">
        <h2 id="usage-heading" css={{ marginTop: 0, fontSize: tokens.fontSize.lg }}>
          Usage
        </h2>
        {usage.isLoading ? <p role="status">Loading usage…</p> : null}
        {usage.isError ? <p role="alert">Could not load usage: {(usage.error as Error).message}</p> : null}
        {usage.data ? (
          <ul css={{ listStyle: 'none', padding: 0, margin: 0, display: 'grid', gap: tokens.space.sm }}>
            {USAGE_METRICS.map((metric) => {
              const m = usage.data[metric];
              return (
                <li key={metric} css={{ display: 'flex', justifyContent: 'space-between', color: m.exceeded ? tokens.color.dangerText : undefined }}>
                  <span>{USAGE_METRIC_LABELS[metric]}</span>
                  <span>
                    {formatBytes(m.usage)}
                    {m.limit !== null ? ` of ${formatBytes(m.limit)}` : ''}
                    {m.exceeded ? ' (over the limit)' : ''}
                  </span>
                </li>
              );
            })}
          </ul>
        ) : null}
      </section>
    </div>
  );
}
