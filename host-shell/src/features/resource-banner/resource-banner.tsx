import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router-dom';
import { queryKeys, RESOURCE_WARNINGS_STALE_MS, type Project } from '@plinth/shared-contracts';
import { tokens } from '@plinth/shared-ui/theme';
import { useApi } from '../../app/use-api';
import { bannerState, metricLabel } from './banner-state';

/** Usage and resource warning banner above a project's pages (spec 000 §2.12). */
export function ResourceBanner({ project }: { project: Project }) {
  const api = useApi();
  const warnings = useQuery({
    queryKey: queryKeys.resourceWarnings(),
    queryFn: () => api.projects.getResourceWarnings(),
    staleTime: RESOURCE_WARNINGS_STALE_MS,
  });
  const usage = useQuery({
    queryKey: queryKeys.orgUsage(project.organization_slug),
    queryFn: () => api.usage.getOrganizationUsage(project.organization_slug),
  });
  const state = bannerState(project.ref, warnings.data, usage.data);
  if (!state) return null;
  const destructive = state.tone === 'destructive';
  const color = destructive ? tokens.color.danger : tokens.color.warning;
  return (
    <div
      role={destructive ? 'alert' : 'status'}
      data-tone={state.tone}
      css={{ display: 'flex', alignItems: 'center', gap: tokens.space.md, flexWrap: 'wrap', padding: `${tokens.space.sm} ${tokens.space.lg}`, borderBottom: `1px solid ${color}`, color: destructive ? tokens.color.dangerText : tokens.color.warningText }}
    >
      <strong>{state.readOnly ? 'Your project is in read-only mode' : destructive ? 'Your project is over a critical resource limit' : 'Your project is approaching its resource limits'}</strong>
      {state.metrics.length > 0 ? (
        <span>{state.metrics.map((m) => `${metricLabel(m.metric)}: ${m.level}`).join(', ')}</span>
      ) : null}
      {state.exceedingUsage ? (
        <span css={{ padding: `0 ${tokens.space.sm}`, border: `1px solid ${color}`, borderRadius: tokens.radius.full, fontSize: tokens.fontSize.xs }}>exceeding usage</span>
      ) : null}
      <Link to={`/org/${project.organization_slug}/usage?projectRef=${project.ref}`} css={{ color: 'inherit', marginLeft: 'auto' }}>
        View usage
      </Link>
    </div>
  );
}
