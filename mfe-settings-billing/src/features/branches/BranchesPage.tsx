import { useState, type ComponentType } from 'react';
import { useQuery } from '@tanstack/react-query';
import { errorMessage, useArea } from '@plinth/area-kit';
import { INTEGRATION_MESSAGES, type OrganizationIntegration, type PreviewBranch } from '@plinth/contracts-settings';
import { PERMISSIONS, queryKeys } from '@plinth/shared-contracts';
import { Button } from '@plinth/shared-ui/button';
import { BranchIcon } from '@plinth/shared-ui/icons';
import { EmptyState, InlineNotice, PageHeader, StatusBadge, type StatusTone } from '@plinth/shared-ui/layout';
import { Card, InlineError, LoadingSkeleton } from '@plinth/shared-ui/page';
import { tokens } from '@plinth/shared-ui/theme';
import { BranchActionDialog, CreateBranchDialog, EnableBranchingDialog, type RepositoryConnection } from './BranchDialogs';
import { MergeDialog, MigrationRunsDialog } from './MigrationDialogs';
import { useBranches, useBranching, useOrganizationIntegrations } from './use-branches';

const TONES: Record<string, StatusTone> = { ACTIVE_HEALTHY: 'success', COMING_UP: 'info', INACTIVE: 'neutral', RESTORING: 'info', PAUSING: 'warning', GOING_DOWN: 'warning' };
const WORDS: Record<string, string> = { ACTIVE_HEALTHY: 'Healthy', COMING_UP: 'Coming up', INACTIVE: 'Paused', RESTORING: 'Restoring', PAUSING: 'Pausing', GOING_DOWN: 'Pausing', RESTORATION_FAILED: 'Failed', UNKNOWN: 'Failed' };
const when = (iso: string) => new Date(iso).toLocaleString(undefined, { year: 'numeric', month: 'short', day: 'numeric', hour: '2-digit', minute: '2-digit' });

const body = { padding: tokens.space.xl, maxWidth: 1100, minWidth: 0, display: 'grid', gap: tokens.space.lg } as const;

/**
 * The project's preview branches (000 §2.1 /project/{ref}/branches, §2.6): branching enabled with
 * the git branch production follows, then the branches with their git branch, status, created time
 * and a link to open each (a branch is a project of its own); create, reset and delete.
 */
/** The repository connection dialog (the integrations feature's), handed in by the route that composes both. */
export type ConnectDialog = ComponentType<{ integration: OrganizationIntegration; projectRef: string; onClose: () => void }>;

export function BranchesPage({ ConnectDialog }: { ConnectDialog?: ConnectDialog }) {
  const { api, projectRef, can, navigate } = useArea();
  const project = useQuery({ queryKey: queryKeys.project(projectRef), queryFn: () => api.projects.get(projectRef), enabled: projectRef !== '' });
  const branching = useBranching(projectRef);
  const branches = useBranches(projectRef);
  const integrations = useOrganizationIntegrations(project.data?.organization_slug ?? '');
  const [dialog, setDialog] = useState<null | 'enable' | 'create' | 'connect'>(null);
  const [acting, setActing] = useState<{ branch: PreviewBranch; action: 'reset' | 'delete' | 'migrations' | 'merge' } | null>(null);
  const mayWrite = can(PERMISSIONS.INTEGRATIONS_WRITE) && can(PERMISSIONS.PROJECTS_WRITE);

  const github = integrations.data?.find((i) => i.integration.name === 'GitHub') ?? null;
  const conn = integrations.data?.flatMap((i) => i.connections.map((c) => ({ integration: i, c }))).find((x) => x.c.supabase_project_ref === projectRef) ?? null;
  const connection: RepositoryConnection | null = conn ? { integrationId: conn.integration.id, repository: conn.c.foreign_project_id } : null;
  const open = (ref: string) => navigate(`/project/${ref}`);

  const header = (
    <PageHeader
      title="Branches"
      description="Preview branches: copies of this project's database, each a project of its own."
      actions={
        branching.data?.is_branch_enabled && mayWrite && !project.data?.parent_project_ref ? (
          <Button variant="primary" onClick={() => setDialog('create')}>
            Create branch
          </Button>
        ) : undefined
      }
    />
  );

  let content;
  const failed = [project, branching, branches, integrations].find((q) => q.isError);
  if (failed) {
    const retry = () => [project, branching, branches, integrations].forEach((q) => q.isError && void q.refetch());
    content = <InlineError message={integrations.isError ? INTEGRATION_MESSAGES.integrationsFailed : 'Failed to retrieve branches'} detail={errorMessage(failed.error)} onRetry={retry} />;
  } else if (!project.data || !branching.data || !branches.data || !integrations.data) {
    content = <LoadingSkeleton label="Loading branches" rows={3} />;
  } else if (project.data.parent_project_ref) {
    const parent = project.data.parent_project_ref;
    content = (
      <InlineNotice
        kind="info"
        title="This project is a preview branch"
        action={
          <Button size="small" onClick={() => open(parent)}>
            Open the main project
          </Button>
        }
      >
        Its branches are made and listed on its main project ({parent}).
      </InlineNotice>
    );
  } else if (!branching.data.is_branch_enabled) {
    content = (
      <EmptyState
        framed
        icon={<BranchIcon size={24} />}
        title="Branching is not enabled"
        description="Enable branching to make preview branches of this project: copies of its database, one per git branch or feature."
        action={
          mayWrite ? (
            <Button variant="primary" onClick={() => setDialog('enable')}>
              Enable branching
            </Button>
          ) : undefined
        }
      />
    );
  } else {
    const list = branches.data;
    const production = branching.data.git_branch;
    content = (
      <>
        <p css={{ margin: 0, color: tokens.color.textMuted, fontSize: tokens.fontSize.sm }}>
          {connection ? `Repository ${connection.repository}` : 'No repository connected'}
          {production ? ` · production branch ${production}` : ''}
        </p>
        {list.length === 0 ? (
          <EmptyState framed icon={<BranchIcon size={24} />} title="No preview branches yet" description="Create a branch to try a change on a copy of this project's database." />
        ) : (
          <Card flush>
            <ul aria-label="Preview branches" css={{ listStyle: 'none', margin: 0, padding: 0 }}>
              {list.map((b) => (
                <li
                  key={b.id}
                  aria-label={b.name}
                  css={{ display: 'flex', alignItems: 'center', flexWrap: 'wrap', gap: tokens.space.md, padding: `${tokens.space.md} ${tokens.space.xl}`, borderTop: `1px solid ${tokens.color.border}`, '&:first-of-type': { borderTop: 'none' } }}
                >
                  <div css={{ flex: '1 1 220px', minWidth: 0 }}>
                    <a
                      href={`/project/${b.project_ref}`}
                      onClick={(e) => {
                        e.preventDefault();
                        open(b.project_ref);
                      }}
                      css={{ fontWeight: tokens.fontWeight.medium, color: tokens.color.text, overflowWrap: 'anywhere' }}
                      aria-label={`Open branch ${b.name}`}
                    >
                      {b.name}
                    </a>
                    <div css={{ color: tokens.color.textMuted, fontSize: tokens.fontSize.sm }}>
                      {b.git_branch ? `Git branch ${b.git_branch}` : 'No git branch'} · {b.with_data ? 'schema and data' : 'schema only'} · created {when(b.created_at)}
                    </div>
                  </div>
                  <StatusBadge tone={TONES[b.status] ?? 'danger'} busy={b.status === 'COMING_UP' || b.status === 'RESTORING'}>
                    {WORDS[b.status] ?? b.status}
                  </StatusBadge>
                  <div css={{ display: 'flex', gap: tokens.space.sm, flexWrap: 'wrap' }}>
                    <Button size="small" onClick={() => setActing({ branch: b, action: 'migrations' })} aria-label={`Migrations of ${b.name}`}>
                      Migrations
                    </Button>
                    {mayWrite ? (
                      <Button size="small" onClick={() => setActing({ branch: b, action: 'merge' })} aria-label={`Merge ${b.name}`}>
                        Merge
                      </Button>
                    ) : null}
                  </div>
                  {mayWrite ? (
                    <div css={{ display: 'flex', gap: tokens.space.sm }}>
                      <Button size="small" onClick={() => setActing({ branch: b, action: 'reset' })} aria-label={`Reset ${b.name}`}>
                        Reset
                      </Button>
                      <Button size="small" variant="danger" onClick={() => setActing({ branch: b, action: 'delete' })} aria-label={`Delete ${b.name}`}>
                        Delete
                      </Button>
                    </div>
                  ) : null}
                </li>
              ))}
            </ul>
          </Card>
        )}
      </>
    );
  }

  return (
    <>
      {header}
      <div css={body}>{content}</div>
      {dialog === 'enable' ? <EnableBranchingDialog projectRef={projectRef} connection={connection} onClose={() => setDialog(null)} onConnect={() => setDialog(github && ConnectDialog ? 'connect' : null)} /> : null}
      {dialog === 'connect' && github && ConnectDialog ? <ConnectDialog integration={github} projectRef={projectRef} onClose={() => setDialog(null)} /> : null}
      {dialog === 'create' ? <CreateBranchDialog projectRef={projectRef} connection={connection} onClose={() => setDialog(null)} /> : null}
      {acting?.action === 'reset' || acting?.action === 'delete' ? <BranchActionDialog projectRef={projectRef} branch={acting.branch} action={acting.action} onClose={() => setActing(null)} /> : null}
      {acting?.action === 'migrations' ? <MigrationRunsDialog branch={acting.branch} mayWrite={mayWrite} onClose={() => setActing(null)} /> : null}
      {acting?.action === 'merge' ? <MergeDialog projectRef={projectRef} branch={acting.branch} onClose={() => setActing(null)} /> : null}
    </>
  );
}
