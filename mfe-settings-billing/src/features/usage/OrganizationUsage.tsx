import { useSearchParams } from 'react-router-dom';
import { useQuery } from '@tanstack/react-query';
import { queryKeys } from '@plinth/shared-contracts';
import type { ProjectUsage } from '@plinth/contracts-billing';
import { useArea } from '@plinth/area-kit';
import { tokens } from '@plinth/shared-ui/theme';
import { Badge, EmptyState, PageHeader } from '@plinth/shared-ui/layout';
import { Card, InlineError, LoadingSkeleton, Section } from '@plinth/shared-ui/page';
import { DataTable, type DataTableColumn } from '@plinth/shared-ui/data-table';
import { Picker } from '@plinth/shared-ui/picker';
import { EmptyIcon } from '@plinth/shared-ui/icons';
import { billingPeriod, describeFigure, describeUsed, formatBytes, formatFigure, formatCount, planName, shareOfLimit, usageFigures, type UsageFigure } from './usage-figures';
import { keys } from '../../area/query-keys';
import { DailyCharts } from './DailyCharts';

const ALL = 'all';

/** /org/{slug}/usage[?projectRef=] and the project's billing/usage: this billing period's figures against the plan's limits, a chart per day of each, and the figures per project (001 §3 usage pages). */
export function OrganizationUsage({ slug, projectRef }: { slug: string; /** A project's own usage page: that project, without the picker. */ projectRef?: string }) {
  const { api } = useArea();
  const [params, setParams] = useSearchParams();
  const picked = projectRef ?? params.get('projectRef') ?? ALL;
  const usage = useQuery({ queryKey: keys.orgUsage(slug), queryFn: () => api.usage.getOrganizationUsage(slug) });
  const projects = useQuery({ queryKey: queryKeys.projects(), queryFn: () => api.projects.list() });
  const nameOf = (ref: string) => projects.data?.find((p) => p.ref === ref)?.name ?? ref;

  const pick = (key: string) =>
    setParams((prev) => {
      const next = new URLSearchParams(prev);
      if (key === ALL) next.delete('projectRef');
      else next.set('projectRef', key);
      return next;
    });

  const header = (
    <PageHeader
      title="Usage"
      description={`This billing period: ${billingPeriod()} (UTC). Figures are measured by the platform: database and storage sizes now, egress, requests and active users since the month began.`}
    />
  );
  if (usage.isPending) {
    return (
      <>
        {header}
        <div css={{ padding: tokens.space.xl }}>
          <LoadingSkeleton label="Loading usage" shape="card" rows={4} />
        </div>
      </>
    );
  }
  if (usage.isError) {
    return (
      <>
        {header}
        <div css={{ padding: tokens.space.xl }}>
          <InlineError message="Failed to retrieve usage" detail={usage.error.message} onRetry={() => void usage.refetch()} retrying={usage.isFetching} />
        </div>
      </>
    );
  }
  const org = usage.data;
  if (org.projects.length === 0) {
    return (
      <>
        {header}
        <div css={{ padding: tokens.space.xl }}>
          <EmptyState icon={<EmptyIcon size={24} />} title="No projects yet" description="Usage is measured per project: create a project in this organization to see its figures here." framed />
        </div>
      </>
    );
  }
  const project = picked === ALL ? null : (org.projects.find((p) => p.project === picked) ?? null);
  const figures = usageFigures(project ?? org);
  const options = [{ key: ALL, label: 'All projects' }, ...org.projects.map((p) => ({ key: p.project, label: nameOf(p.project), keywords: [p.project] }))];
  const current = project ? nameOf(project.project) : 'All projects';

  return (
    <>
      {header}
      <div css={{ padding: tokens.space.xl, display: 'grid', gap: tokens.space.xl, maxWidth: 1100 }}>
        <div css={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: tokens.space.md }}>
          {projectRef ? null : (
            <Picker label="Project" currentLabel={current} options={options} value={project?.project ?? ALL} onPick={pick} emptyText="No projects found">
              {current}
            </Picker>
          )}
          <span css={{ color: tokens.color.textMuted, fontSize: tokens.fontSize.sm }}>
            {planName(org.plan)} plan{org.usage_billing_enabled ? ', usage above the included amounts is billed' : ''}
          </span>
        </div>
        {picked !== ALL && !project ? <InlineError message={`This organization has no project ${picked}; showing every project.`} /> : null}
        <Section title={project ? `${current}: this billing period` : 'Organization: this billing period'} description="Each figure against what the plan includes.">
          <div css={{ display: 'grid', gap: tokens.space.md, gridTemplateColumns: 'repeat(auto-fill, minmax(220px, 1fr))' }}>
            {figures.map((f) => (
              <FigureCard key={f.key} figure={f} />
            ))}
          </div>
        </Section>
        <DailyCharts slug={slug} projectRef={project?.project ?? null} limits={{ db_size: (project ?? org).db_size.limit, storage_size: (project ?? org).storage_size.limit, db_egress: (project ?? org).db_egress.limit }} />
        {project ? null : <ProjectsTable rows={org.projects} nameOf={nameOf} onOpen={(ref) => pick(ref)} />}
      </div>
    </>
  );
}

const LEVEL_BADGES: Record<UsageFigure['level'], { kind: 'danger' | 'warning'; text: string } | null> = {
  within: null,
  approaching: { kind: 'warning', text: 'Approaching limit' },
  over: { kind: 'danger', text: 'Limit reached' },
};

function FigureCard({ figure }: { figure: UsageFigure }) {
  const share = shareOfLimit(figure);
  const badge = LEVEL_BADGES[figure.level];
  const ink = figure.level === 'over' ? tokens.color.danger : figure.level === 'approaching' ? tokens.color.warning : tokens.color.brand;
  return (
    <Card title={figure.label} actions={badge ? <Badge kind={badge.kind}>{badge.text}</Badge> : undefined}>
      <div css={{ display: 'grid', gap: tokens.space.sm }}>
        {/* The amount used on a line of its own and the limit under it, whatever their length: every card in a row the same height. */}
        <span data-figure={figure.key} css={{ display: 'grid', gap: tokens.space.xxs }}>
          <span css={{ fontSize: tokens.fontSize.lg, fontWeight: tokens.fontWeight.semibold, color: figure.usage === null ? tokens.color.textMuted : tokens.color.text }}>{describeUsed(figure)}</span>
          {figure.usage !== null && figure.limit !== null ? <span css={{ fontSize: tokens.fontSize.xs, color: tokens.color.textMuted }}>{` of ${formatFigure(figure.limit, figure.format)}`}</span> : null}
        </span>
        {share === null ? (
          <span css={{ fontSize: tokens.fontSize.xs, color: tokens.color.textMuted }}>{figure.usage === null ? 'The request log did not answer; try again shortly.' : figure.key === 'api_requests' ? 'Calls to auth, REST and storage; not limited by the plan.' : 'No limit on this plan.'}</span>
        ) : (
          <div
            role="meter"
            aria-label={`${figure.label} used`}
            aria-valuemin={0}
            aria-valuemax={100}
            aria-valuenow={Math.round(share)}
            aria-valuetext={describeFigure(figure)}
            css={{ height: 6, borderRadius: tokens.radius.full, background: tokens.color.surfaceHover, overflow: 'hidden' }}
          >
            <div css={{ width: `${Math.max(share, 1)}%`, height: '100%', background: ink }} />
          </div>
        )}
      </div>
    </Card>
  );
}

function ProjectsTable({ rows, nameOf, onOpen }: { rows: ProjectUsage[]; nameOf: (ref: string) => string; onOpen: (ref: string) => void }) {
  const columns: DataTableColumn<ProjectUsage>[] = [
    { key: 'project', header: 'Project', cell: (p) => nameOf(p.project), sortValue: (p) => nameOf(p.project), width: 'minmax(140px, 1.4fr)' },
    { key: 'db', header: 'Database size', cell: (p) => formatBytes(p.db_size.usage), sortValue: (p) => p.db_size.usage, align: 'end' },
    { key: 'storage', header: 'Storage size', cell: (p) => formatBytes(p.storage_size.usage), sortValue: (p) => p.storage_size.usage, align: 'end' },
    { key: 'egress', header: 'Egress', cell: (p) => formatBytes(p.db_egress.usage), sortValue: (p) => p.db_egress.usage, align: 'end' },
    { key: 'mau', header: 'Active users', cell: (p) => (p.monthly_active_users ? formatCount(p.monthly_active_users.usage) : '–'), sortValue: (p) => p.monthly_active_users?.usage, align: 'end' },
    { key: 'requests', header: 'API requests', cell: (p) => (p.api_requests ? formatCount(p.api_requests.total) : '–'), sortValue: (p) => p.api_requests?.total, align: 'end' },
  ];
  return (
    <Section title="By project" description="Open a project to see its figures against the plan's limits.">
      {/* Six columns need more room than a narrow window leaves: the table scrolls sideways there. */}
      {/* Focusable, so a keyboard user can scroll it too. */}
      <div data-scroll-x tabIndex={0} role="region" aria-label="Usage by project table" css={{ overflowX: 'auto' }}>
        <div css={{ minWidth: 680 }}>
          <DataTable aria-label="Usage by project" columns={columns} rows={rows} getRowId={(p) => p.project} height={Math.min(420, 40 + rows.length * 40)} onRowActivate={(p) => onOpen(p.project)} />
        </div>
      </div>
    </Section>
  );
}
