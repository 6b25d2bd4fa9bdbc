import { Suspense } from 'react';
import { Outlet, useLocation, useParams } from 'react-router-dom';
import { ApiError } from '@plinth/shared-contracts';
import { tokens } from '@plinth/shared-ui/theme';
import { useBuildMode } from '../../app/shell-settings';
import { FullPageMessage } from '../../app/full-page-message';
import { useOrganizations, usePermissions, useProject, useProjects } from '../projects/queries';
import { useSessionUser } from '../session/require-session';
import { StatusGate } from '../status-gate/status-gate';
import { ErrorScreen } from '../status-gate/error-screen';
import { ResourceBanner } from '../resource-banner/resource-banner';
import { CommandMenu } from '../command-menu/command-menu';
import { CommandButton } from '../command-menu/command-button';
import { useCommandShortcut } from '../command-menu/use-command-shortcut';
import { AccountMenu } from '../account-menu/account-menu';
import { NavRail } from './nav-rail';
import { ShellHeader } from './header';
import { activeNavKey, navLinks } from './nav-items';
import type { ProjectContext } from './project-context';

/** Frame of every /project/{ref}/* page: rail, header, warning banner, and the status gate around the page. */
export default function ProjectLayout() {
  const { ref = '' } = useParams();
  const { pathname } = useLocation();
  const user = useSessionUser();
  const buildMode = useBuildMode();
  const project = useProject(ref);
  const projects = useProjects();
  const organizations = useOrganizations();
  const orgSlug = project.data?.organization_slug;
  const { permissions, isLoading: permissionsLoading } = usePermissions(orgSlug);
  useCommandShortcut();

  const comingUp = project.data?.status === 'COMING_UP';
  const activeKey = activeNavKey(pathname, ref);
  const section = activeKey && activeKey !== 'home' ? navLinks(ref, buildMode, false).find((l) => l.key === activeKey)?.label : undefined;

  let content;
  if (project.isLoading || permissionsLoading) content = <FullPageMessage title="Loading project…" busy />;
  else if (project.isError || !project.data) {
    const err = project.error;
    content = (
      <ErrorScreen
        code={err instanceof ApiError ? (err.code ?? err.status) : undefined}
        message={err?.message ?? 'The project could not be loaded.'}
        projectRef={ref}
      />
    );
  } else {
    const context: ProjectContext = { project: project.data, permissions };
    content = (
      <StatusGate project={project.data} permissions={permissions}>
        <Suspense fallback={<FullPageMessage title="Loading page…" busy />}>
          <Outlet context={context} />
        </Suspense>
      </StatusGate>
    );
  }

  return (
    <div css={{ display: 'flex', height: '100vh', background: tokens.color.background, color: tokens.color.text }}>
      <NavRail
        projectRef={ref}
        comingUp={comingUp}
        footer={
          <>
            <CommandButton />
            <AccountMenu email={user.email} />
          </>
        }
      />
      <div css={{ flex: 1, minWidth: 0, display: 'flex', flexDirection: 'column' }}>
        <ShellHeader
          organizations={organizations.data ?? []}
          projects={projects.data ?? []}
          currentOrgSlug={orgSlug}
          currentProject={project.data}
          section={section}
        />
        {project.data ? <ResourceBanner project={project.data} /> : null}
        <main id="content" css={{ flex: 1, overflow: 'auto', position: 'relative' }}>
          {content}
        </main>
      </div>
      <CommandMenu projectRef={ref} comingUp={comingUp} projects={projects.data ?? []} />
    </div>
  );
}
