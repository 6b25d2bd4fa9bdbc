import { useEffect, useState } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { Button } from '@plinth/shared-ui/button';
import { PlusIcon } from '@plinth/shared-ui/icons';
import { tokens } from '@plinth/shared-ui/theme';
import { usePageTitle } from '../app/page-title';
import { FullPageMessage } from '../app/full-page-message';
import { useOrganizations, useProjects } from '../features/projects/queries';
import { CreateProjectDialog } from '../features/projects/create-project-dialog';
import { CreateOrganizationDialog } from '../features/projects/create-organization-dialog';

const STATUS_WORDS: Record<string, string> = { ACTIVE_HEALTHY: 'Active', INACTIVE: 'Paused', COMING_UP: 'Setting up', RESTORING: 'Restoring', UPGRADING: 'Upgrading', PAUSING: 'Pausing', GOING_DOWN: 'Pausing', UNKNOWN: 'Setting up', RESTORATION_FAILED: 'Restoration failed' };

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

  if (organizations.isLoading || projects.isLoading) return <FullPageMessage title="Loading projects…" busy />;
  if (organizations.isError || projects.isError) {
    const err = (organizations.error ?? projects.error) as Error;
    return <FullPageMessage title="Could not load your projects" detail={err.message} action={{ label: 'Try again', onClick: () => void Promise.all([organizations.refetch(), projects.refetch()]) }} />;
  }
  const orgs = organizations.data ?? [];
  const all = projects.data ?? [];
  return (
    <div css={{ padding: tokens.space.xl, display: 'grid', gap: tokens.space.xl, maxWidth: 1100 }}>
      <div css={{ display: 'flex', alignItems: 'center', gap: tokens.space.sm }}>
        <h1 css={{ margin: 0, fontSize: tokens.fontSize.xxl, marginRight: 'auto' }}>Projects</h1>
        <Button onClick={() => setCreatingOrg(true)}>New organization</Button>
        <Button variant="primary" icon={<PlusIcon />} disabled={orgs.length === 0} onClick={() => setCreateProjectFor(orgs[0]?.slug ?? '')}>
          New project
        </Button>
      </div>
      {orgs.length === 0 ? <p>You are not a member of any organization yet. Create one to start your first project.</p> : null}
      {orgs.map((org) => {
        const orgProjects = all.filter((p) => p.organization_slug === org.slug);
        return (
          <section key={org.slug} aria-labelledby={`org-${org.slug}`}>
            <div css={{ display: 'flex', alignItems: 'center', gap: tokens.space.sm, marginBottom: tokens.space.md }}>
              <h2 id={`org-${org.slug}`} css={{ margin: 0, fontSize: tokens.fontSize.lg }}>
                {org.name}
              </h2>
              <span css={{ color: tokens.color.textMuted, fontSize: tokens.fontSize.xs }}>{org.plan.name} plan</span>
              <Link to={`/org/${org.slug}/general`} css={{ marginLeft: 'auto', color: tokens.color.textMuted }}>
                Organization settings
              </Link>
              <Button size="small" onClick={() => setCreateProjectFor(org.slug)}>
                New project in {org.name}
              </Button>
            </div>
            {orgProjects.length === 0 ? <p css={{ color: tokens.color.textMuted }}>No projects yet.</p> : null}
            <ul css={{ listStyle: 'none', padding: 0, margin: 0, display: 'grid', gap: tokens.space.md, gridTemplateColumns: 'repeat(auto-fill, minmax(260px, 1fr))' }}>
              {orgProjects.map((p) => (
                <li key={p.ref}>
                  <Link
                    to={`/project/${p.ref}`}
                    css={{ display: 'block', padding: tokens.space.lg, border: `1px solid ${tokens.color.border}`, borderRadius: tokens.radius.lg, background: tokens.color.surface, color: tokens.color.text, textDecoration: 'none', '&:hover, &:focus-visible': { borderColor: tokens.color.borderStrong } }}
                  >
                    <strong>{p.name}</strong>
                    <span css={{ display: 'block', color: tokens.color.textMuted, fontSize: tokens.fontSize.sm }}>{STATUS_WORDS[p.status] ?? p.status}</span>
                  </Link>
                </li>
              ))}
            </ul>
          </section>
        );
      })}
      <CreateProjectDialog
        open={createProjectFor !== null}
        onOpenChange={(open) => (open ? undefined : setCreateProjectFor(null))}
        organizations={orgs}
        defaultOrgSlug={createProjectFor || undefined}
      />
      <CreateOrganizationDialog open={creatingOrg} onOpenChange={setCreatingOrg} onCreated={(org) => setCreateProjectFor(org.slug)} />
    </div>
  );
}
