import type { GateBypass } from '@plinth/shared-contracts';

/**
 * Which screen a project page shows (spec 000 §4.1). Pure: the gate component and its tests
 * both go through this one function. Which pages are exceptions is not written here: the home
 * says it of itself in the shell, every other page in its area's manifest (`shownWhile`).
 */

export type StatusScreen =
  | 'paused'
  | 'upgrading'
  | 'pausing'
  | 'service-offline'
  | 'restoring'
  | 'building'
  | 'connecting'
  | 'content';

export interface GateProject {
  status: string;
  postgrestStatus?: string | null;
  /** False until the project's API has answered in this session (the connecting screen of §4.2). */
  connected?: boolean;
}

/**
 * `shownWhile`: the status screens the page is shown through instead (the page's exceptions);
 * upgrading and pausing have none.
 */
export function chooseStatusScreen(project: GateProject, shownWhile: readonly GateBypass[]): StatusScreen {
  const { status } = project;
  const unless = (screen: GateBypass): StatusScreen => (shownWhile.includes(screen) ? 'content' : screen);
  if (status === 'INACTIVE') return unless('paused');
  if (status === 'UPGRADING') return 'upgrading';
  if (status === 'GOING_DOWN' || status === 'PAUSING') return 'pausing';
  if (status === 'RESTORING' || status === 'RESTORATION_FAILED') return unless('restoring');
  if (status === 'COMING_UP' || status === 'UNKNOWN') return unless('building');
  if (project.postgrestStatus === 'OFFLINE') return unless('service-offline');
  // An active project whose API has not yet answered: we are still connecting to it.
  if (status === 'ACTIVE_HEALTHY' && project.connected === false) return unless('connecting');
  return 'content';
}
