import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router-dom';
import { queryKeys, RESOURCE_WARNINGS_STALE_MS, type Project } from '@plinth/shared-contracts';
import { tokens } from '@plinth/shared-ui/theme';
import { Badge } from '@plinth/shared-ui/layout';
import { ErrorIcon, WarningIcon } from '@plinth/shared-ui/icons';
import { useApi } from '../../app/use-api';
import { useShellLink } from '../../areas/shell-links';
import { bannerState, metricLabel } from './banner-state';
import { shellKeys } from '../../query-keys';

/** Usage and resource warning banner above a project's pages (spec 000 §2.12). */
export function ResourceBanner({ project }: { project: Project }) {
  const api = useApi();
  const usageHref = useShellLink()('organizationUsage', { slug: project.organization_slug, projectRef: project.ref });
  const warnings = useQuery({
    queryKey: queryKeys.resourceWarnings(),
    queryFn: () => api.projects.getResourceWarnings(),
    staleTime: RESOURCE_WARNINGS_STALE_MS,
  });
  const usage = useQuery({
    queryKey: shellKeys.orgUsage(project.organization_slug),
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
      css={{
        display: 'flex',
        alignItems: 'center',
        gap: `${tokens.space.xs} ${tokens.space.md}`,
        flexWrap: 'wrap',
        flex: 'none',
        padding: `${tokens.space.sm} ${tokens.space.lg}`,
        borderBottom: `1px solid ${tokens.color.border}`,
        borderLeft: `3px solid ${color}`,
        background: tokens.color.surface,
        fontSize: tokens.fontSize.sm,
      }}
    >
      <span aria-hidden="true" css={{ display: 'inline-flex', color: destructive ? tokens.color.dangerText : tokens.color.warningText }}>
        {destructive ? <ErrorIcon size={16} /> : <WarningIcon size={16} />}
      </span>
      <strong css={{ fontWeight: tokens.fontWeight.semibold }}>{state.readOnly ? 'Your project is in read-only mode' : destructive ? 'Your project is over a critical resource limit' : 'Your project is approaching its resource limits'}</strong>
      {state.metrics.length > 0 ? (
        <span css={{ color: tokens.color.textMuted }}>{state.metrics.map((m) => `${metricLabel(m.metric)}: ${m.level}`).join(', ')}</span>
      ) : null}
      {state.exceedingUsage ? <Badge kind={destructive ? 'danger' : 'warning'}>exceeding usage</Badge> : null}
      {usageHref ? (
        <Link to={usageHref} css={{ marginLeft: 'auto', color: tokens.color.brandText, fontWeight: tokens.fontWeight.medium }}>
          View usage
        </Link>
      ) : null}
    </div>
  );
}
