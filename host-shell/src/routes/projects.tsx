import { useEffect, useState } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { Button, buttonCss } from '@plinth/shared-ui/button';
import { DatabaseIcon, OrganizationIcon, PlusIcon } from '@plinth/shared-ui/icons';
import { EmptyState, PageHeader, StatusBadge } from '@plinth/shared-ui/layout';
import { InlineError, LoadingSkeleton, Section } from '@plinth/shared-ui/page';
import { tokens } from '@plinth/shared-ui/theme';
import { usePageTitle } from '../app/page-title';
import { useShellLink } from '../areas/shell-links';
import { PROJECT_STATUS_BADGES } from '../features/project-layout/project-status';
import { useOrganizations, useProjects } from '../features/projects/queries';
import { CreateProjectDialog } from '../features/projects/create-project-dialog';
import { CreateOrganizationDialog } from '../features/projects/create-organization-dialog';

/** Organizations and their projects; create a project or an organization. */
export default function ProjectsPage() {
  usePageTitle('All projects');
  const organizations = useOrganizations();
  const projects = useProjects();
  const [createProjectFor, setCreateProjectFor] = useState<string | null>(null);
  const [creatingOrg, setCreatingOrg] = useState(false);
  // The header's switchers open the dialogs with ?new=project(&org=slug) or ?new=organization.
  const [params, setParams] = useSearchParams();
  const asked = params.get('new');
  useEffect(() => {
    if (asked === 'project') setCreateProjectFor(params.get('org') ?? '');
    else if (asked === 'organization') setCreatingOrg(true);
    if (asked) setParams({}, { replace: true });
  }, [asked]);

  const link = useShellLink();
  const orgs = organizations.data ?? [];
  const all = projects.data ?? [];
  const failed = organizations.isError || projects.isError;
  const loading = organizations.isLoading || projects.isLoading;
  return (
    <div css={{ maxWidth: 1160 }}>
      <PageHeader
        title="Projects"
        description="Every project of the organizations you belong to."
        actions={
          <>
            <Button icon={<OrganizationIcon size={14} />} onClick={() => setCreatingOrg(true)}>
              New organization
            </Button>
            <Button variant="primary" icon={<PlusIcon />} disabled={orgs.length === 0} onClick={() => setCreateProjectFor(orgs[0]?.slug ?? '')}>
              New project
            </Button>
          </>
        }
      />
      <div css={{ padding: tokens.space.xl, display: 'grid', gap: tokens.space.xxl }}>
        {loading ? <LoadingSkeleton label="Loading projects" rows={4} /> : null}
        {failed ? (
          <InlineError
            message="Could not load your projects"
            detail={((organizations.error ?? projects.error) as Error).message}
            retryLabel="Try again"
            onRetry={() => void Promise.all([organizations.refetch(), projects.refetch()])}
          />
        ) : null}
        {!loading && !failed && orgs.length === 0 ? (
          <EmptyState
            framed
            icon={<OrganizationIcon size={22} />}
            title="No organizations yet"
            description="You are not a member of any organization yet. Create one with New organization to start your first project."
          />
        ) : null}
        {orgs.map((org) => {
          const orgProjects = all.filter((p) => p.organization_slug === org.slug);
          const settings = link('organizationSettings', { slug: org.slug });
          return (
            <Section
              key={org.slug}
              title={org.name}
              description={`${org.plan.name} plan · ${orgProjects.length === 1 ? '1 project' : `${orgProjects.length} projects`}`}
              actions={
                <>
                  {settings ? (
                    <Link to={settings} css={buttonCss('ghost', 'small')}>
                      Organization settings
                    </Link>
                  ) : null}
                  <Button size="small" icon={<PlusIcon size={14} />} onClick={() => setCreateProjectFor(org.slug)} aria-label={`New project in ${org.name}`}>
                    New project
                  </Button>
                </>
              }
            >
              {orgProjects.length === 0 ? (
                <EmptyState framed title="No projects yet" description={`Projects of ${org.name} will show here. Start one to get a database, authentication and storage.`} />
              ) : (
                <ul css={{ listStyle: 'none', padding: 0, margin: 0, display: 'grid', gap: tokens.space.md, gridTemplateColumns: 'repeat(auto-fill, minmax(min(260px, 100%), 1fr))' }}>
                  {orgProjects.map((p) => {
                    const badge = PROJECT_STATUS_BADGES[p.status] ?? { word: p.status, tone: 'neutral' as const };
                    return (
                      <li key={p.ref}>
                        <Link to={`/project/${p.ref}`} css={projectCardCss}>
                          <span css={{ display: 'flex', alignItems: 'center', gap: tokens.space.sm, minWidth: 0 }}>
                            <DatabaseIcon size={16} />
                            <strong css={{ fontWeight: tokens.fontWeight.semibold, overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' }}>{p.name}</strong>
                          </span>
                          <span css={{ display: 'block', color: tokens.color.textMuted, fontFamily: tokens.font.mono, fontSize: tokens.fontSize.xs }}>{p.ref}</span>
                          <StatusBadge tone={badge.tone} busy={badge.busy}>
                            {badge.word}
                          </StatusBadge>
                        </Link>
                      </li>
                    );
                  })}
                </ul>
              )}
            </Section>
          );
        })}
      </div>
      {loading ? null : (
      <CreateProjectDialog
        open={createProjectFor !== null}
        onOpenChange={(open) => (open ? undefined : setCreateProjectFor(null))}
        organizations={orgs}
        defaultOrgSlug={createProjectFor || undefined}
      />
      )}
      <CreateOrganizationDialog open={creatingOrg} onOpenChange={setCreatingOrg} onCreated={(org) => setCreateProjectFor(org.slug)} />
    </div>
  );
}

const projectCardCss = {
  display: 'grid',
  gap: tokens.space.sm,
  justifyItems: 'start',
  padding: tokens.space.lg,
  border: `1px solid ${tokens.color.border}`,
  borderRadius: tokens.radius.lg,
  background: tokens.color.surface,
  boxShadow: tokens.elevation.card,
  color: tokens.color.text,
  textDecoration: 'none',
  transition: `border-color ${tokens.motion.fast}, background-color ${tokens.motion.fast}`,
  '&:hover': { borderColor: tokens.color.borderStrong, background: tokens.color.surfaceHover },
  '&:focus-visible': tokens.focusRing,
} as const;
