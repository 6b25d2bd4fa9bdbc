import type { QueryClient } from '@tanstack/react-query';
import type { ShellApi } from './api';
import { apiClientFor } from './use-api';
import { sessionQuery, sessionState } from '../session/use-session';
import { membersQuery, organizationsQuery, projectQuery, projectsQuery } from '../features/projects/queries';
import { chooseStatusScreen } from '../features/status-gate/choose-screen';
import { shownWhileOf, type AreaManifests } from '../areas/area-table';
import { featureFlagsQueryKey, projectApiCheckQuery, queryKeys, type BootstrapProject } from '@plinth/shared-contracts';
import { markProjectReachable } from '../features/status-gate/project-api-check';
import { useConnectionStore } from '../features/status-gate/connection-store';
import { isLoadedOnDemand, preloadStatusScreens } from '../features/status-gate/status-screen-loader';

/**
 * Seeds what the console's bootstrap answered of the opened project (session/early-bootstrap.ts)
 * under the keys the frame, the status gate and the areas ask with: the project, its status, the
 * organization's members (the user's permissions), the feature flags and, when its API answered,
 * the project marked reachable (no connecting screen, no second check).
 */
export function seedProjectPage(queryClient: QueryClient, opened: BootstrapProject): void {
  const { project } = opened;
  queryClient.setQueryData(queryKeys.project(project.ref), project);
  queryClient.setQueryData(queryKeys.projectStatus(project.ref), opened.status);
  queryClient.setQueryData(queryKeys.members(project.organization_slug), opened.members);
  queryClient.setQueryData(featureFlagsQueryKey({ project: project.ref }), opened.featureFlags);
  if (opened.reachable) {
    queryClient.setQueryData(queryKeys.projectLive(project.ref), { reachable: true });
    markProjectReachable(queryClient, project.ref);
  }
}

/**
 * Asks for everything a /project/{ref}/… page needs as soon as the session is known, side by side,
 * instead of one call after another as the layout, the status gate and the page render: the project,
 * the project and organization lists of the header, the user's membership (their permissions) and,
 * when the page would otherwise wait on the connecting screen, the project API check.
 * The pages read the same queries; a failure here is left for the page to report when it asks.
 * What the bootstrap seeded (seedProjectPage) is read from the cache, not asked again.
 */
export async function prefetchProjectPage(
  queryClient: QueryClient,
  shell: ShellApi,
  ref: string,
  pathname: string,
  areas: AreaManifests | Promise<AreaManifests>,
): Promise<void> {
  const session = await queryClient.ensureQueryData(sessionQuery(shell.auth));
  if (sessionState(session, false, false) !== 'signed-in') return;
  const api = apiClientFor(shell.http);
  void queryClient.prefetchQuery(projectsQuery(api));
  void queryClient.prefetchQuery(organizationsQuery(api));
  const project = await queryClient.fetchQuery(projectQuery(api, ref));
  const members = queryClient.prefetchQuery(membersQuery(api, project.organization_slug));
  const connected = !!useConnectionStore.getState().connected[ref];
  const screen = chooseStatusScreen({ ...project, connected }, shownWhileOf(pathname, ref, await areas));
  if (isLoadedOnDemand(screen)) preloadStatusScreens();
  if (screen === 'connecting' && project.restUrl) {
    await queryClient.fetchQuery(projectApiCheckQuery(api.projects, project));
    markProjectReachable(queryClient, ref);
  }
  await members;
}
