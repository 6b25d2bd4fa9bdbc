import { Suspense } from 'react';
import { Outlet, useLocation, useParams } from 'react-router-dom';
import { ApiError } from '@plinth/shared-contracts';
import { tokens } from '@plinth/shared-ui/theme';
import { useAreas, useBuildMode } from '../app/shell-settings';
import { FullPageMessage } from '../app/full-page-message';
import { useOrganizations, usePermissions, useProject, useProjects } from '../features/projects/queries';
import { useSessionUser } from '../session/require-session';
import { StatusGate } from '../features/status-gate/status-gate';
import { ErrorScreen } from '../features/status-gate/error-screen';
import { ResourceBanner } from '../features/resource-banner/resource-banner';
import { FeatureFlagsProvider, FlagSwitch, WhenFlag } from '../features/feature-flags/feature-flags';
import { GroupedNav } from '../features/project-layout/grouped-nav';
import { IncidentBanner } from '../features/feature-flags/incident-banner';
import { CommandMenu } from '../features/command-menu/command-menu';
import { CommandButton } from '../features/command-menu/command-button';
import { useCommandShortcut } from '../features/command-menu/use-command-shortcut';
import { AccountMenu } from '../features/account-menu/account-menu';
import { NavRail } from '../features/project-layout/nav-rail';
import { RAIL_ID, RailBackdrop, RailToggle, useRailDrawer } from '../features/project-layout/rail-drawer';
import { useStatusWatch } from '../features/status-gate/status-watch';
import { ShellHeader } from '../features/project-layout/header';
import { activeNavKey, navLinks } from '../features/project-layout/nav-items';
import type { ProjectContext } from '../features/project-layout/project-context';
import { placeArea, shownWhileOf } from '../areas/area-table';
import { useAfterPageContent } from '../features/project-layout/after-content';

/** Frame of every /project/{ref}/* page: rail, header, warning banner, and the status gate around the page. */
export default function ProjectLayout() {
  const { ref = '' } = useParams();
  const { pathname } = useLocation();
  const user = useSessionUser();
  const buildMode = useBuildMode();
  const areas = useAreas();
  const project = useProject(ref);
  const projects = useProjects();
  const organizations = useOrganizations();
  const orgSlug = project.data?.organization_slug;
  const { permissions, isLoading: permissionsLoading } = usePermissions(orgSlug);
  useCommandShortcut();
  // The frame's decorations (status check, usage and resource warnings) wait for the page's content.
  const afterContent = useAfterPageContent(!!placeArea(pathname, areas));
  useStatusWatch(project.data, afterContent);
  const drawer = useRailDrawer();

  const comingUp = project.data?.status === 'COMING_UP';
  const activeKey = activeNavKey(pathname, ref, areas);
  const section = activeKey && activeKey !== 'home' ? navLinks(ref, buildMode, false, areas).find((l) => l.key === activeKey)?.label : undefined;

  let content;
  if (project.isLoading || permissionsLoading) content = <FullPageMessage title="Loading project" busy />;
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
      <StatusGate project={project.data} permissions={permissions} shownWhile={shownWhileOf(pathname, ref, areas)}>
        <Suspense fallback={<FullPageMessage title="Loading page" busy />}>
          <Outlet context={context} />
        </Suspense>
      </StatusGate>
    );
  }

  const navFooter = (
    <>
      <CommandButton />
      <AccountMenu email={user.email} />
    </>
  );
  return (
    <FeatureFlagsProvider projectRef={project.data ? ref : ''}>
      <div css={{ display: 'flex', height: '100vh', overflow: 'hidden', background: tokens.color.background, color: tokens.color.text }}>
        {/* 000 §6 navigation_layout_v2: the entries under section headings instead of the icon rail. */}
        <FlagSwitch
          flag="navigation_layout_v2"
          on={<GroupedNav id={RAIL_ID} links={navLinks(ref, buildMode, comingUp, areas)} active={activeKey} open={drawer.open} footer={navFooter} permissions={permissionsLoading ? undefined : permissions} />}
          off={<NavRail projectRef={ref} comingUp={comingUp} open={drawer.open} footer={navFooter} permissions={permissionsLoading ? undefined : permissions} />}
        />
        <RailBackdrop open={drawer.open} onClose={() => drawer.setOpen(false)} />
        <div css={{ flex: 1, minWidth: 0, display: 'flex', flexDirection: 'column' }}>
          <ShellHeader
            navToggle={<RailToggle open={drawer.open} onToggle={drawer.toggle} />}
            organizations={organizations.data ?? []}
            projects={projects.data ?? []}
            currentOrgSlug={orgSlug}
            currentProject={project.data}
            section={section}
          />
          <IncidentBanner />
          <WhenFlag flag="resource_warnings">{project.data && afterContent ? <ResourceBanner project={project.data} /> : null}</WhenFlag>
          <main id="content" css={{ flex: 1, minHeight: 0, overflow: 'auto', position: 'relative' }}>
            {content}
          </main>
        </div>
        <CommandMenu project={project.data} railEntries={navLinks(ref, buildMode, comingUp, areas)} projects={projects.data ?? []} organizations={organizations.data} currentOrgSlug={orgSlug} />
      </div>
    </FeatureFlagsProvider>
  );
}
