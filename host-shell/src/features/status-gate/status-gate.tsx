import { Suspense, useEffect, type ReactNode } from 'react';
import type { GateBypass, PermissionKey, Project } from '@plinth/shared-contracts';
import { usePageTitle } from '../../app/page-title';
import { chooseStatusScreen, type StatusScreen } from './choose-screen';
import { useConnectionStore } from './connection-store';
import { BuildingScreen } from './building-screen';
import { ConnectingScreen } from './connecting-screen';
import { PausingScreen } from './pausing-screen';
import { LazyPausedScreen, preloadPausedScreen } from './paused-screen-loader';
import { FullPageMessage } from '../../app/full-page-message';
import { RestoringScreen } from './restoring-screen';
import { UpgradingScreen } from './upgrading-screen';
import { ServiceOfflineScreen } from './service-offline-screen';

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
    // A pausing project is paused next: its screen is here by then.
    if (screen === 'pausing') preloadPausedScreen();
  }, [screen]);
  switch (screen) {
    case 'paused':
      return (
        <Suspense fallback={<FullPageMessage title={SCREEN_TITLES.paused} busy />}>
          <LazyPausedScreen project={project} permissions={permissions} />
        </Suspense>
      );
    case 'upgrading':
      return <UpgradingScreen project={project} />;
    case 'pausing':
      return <PausingScreen project={project} />;
    case 'service-offline':
      return <ServiceOfflineScreen project={project} />;
    case 'restoring':
      return <RestoringScreen project={project} />;
    case 'building':
      return <BuildingScreen project={project} />;
    case 'connecting':
      return <ConnectingScreen project={project} />;
    default:
      return <>{children}</>;
  }
}
