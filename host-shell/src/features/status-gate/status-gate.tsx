import { Suspense, useEffect, type ReactNode } from 'react';
import type { GateBypass, PermissionKey, Project } from '@plinth/shared-contracts';
import { usePageTitle } from '../../app/page-title';
import { chooseStatusScreen, type StatusScreen } from './choose-screen';
import { useConnectionStore } from './connection-store';
import { ConnectingScreen } from './connecting-screen';
import {
  LazyBuildingScreen,
  LazyPausedScreen,
  LazyPausingScreen,
  LazyRestoringScreen,
  LazyServiceOfflineScreen,
  LazyUpgradingScreen,
  isLoadedOnDemand,
  preloadStatusScreens,
} from './status-screen-loader';
import { FullPageMessage } from '../../app/full-page-message';

interface Props {
  project: Project;
  permissions: readonly PermissionKey[];
  /** The status screens this page is shown through (its manifest's `shownWhile`; the home's from the shell). */
  shownWhile: readonly GateBypass[];
  children: ReactNode;
}

const SCREEN_TITLES: Record<Exclude<StatusScreen, 'content'>, string> = {
  paused: 'Paused',
  upgrading: 'Upgrading database',
  pausing: 'Pausing',
  'service-offline': 'API offline',
  restoring: 'Restoring',
  building: 'Setting up',
  connecting: 'Connecting',
};

/** Shows the page, or the status screen §4.1 picks for the project's state and this page. */
export function StatusGate({ project, permissions, shownWhile, children }: Props) {
  const connected = useConnectionStore((s) => !!s.connected[project.ref]);
  const screen = chooseStatusScreen({ ...project, connected }, shownWhile);
  usePageTitle(screen === 'content' ? null : `${SCREEN_TITLES[screen]} | ${project.name}`);
  useEffect(() => {
    // A project that is pausing, restoring or building shows another of these screens next.
    if (isLoadedOnDemand(screen)) preloadStatusScreens();
  }, [screen]);
  if (screen === 'content') return <>{children}</>;
  if (screen === 'connecting') return <ConnectingScreen project={project} />;
  return <Suspense fallback={<FullPageMessage title={SCREEN_TITLES[screen]} busy />}>{onDemandScreen(screen, project, permissions)}</Suspense>;
}

function onDemandScreen(screen: Exclude<StatusScreen, 'content' | 'connecting'>, project: Project, permissions: readonly PermissionKey[]) {
  switch (screen) {
    case 'paused':
      return <LazyPausedScreen project={project} permissions={permissions} />;
    case 'upgrading':
      return <LazyUpgradingScreen project={project} />;
    case 'pausing':
      return <LazyPausingScreen project={project} />;
    case 'service-offline':
      return <LazyServiceOfflineScreen project={project} />;
    case 'restoring':
      return <LazyRestoringScreen project={project} />;
    case 'building':
      return <LazyBuildingScreen project={project} />;
  }
}
