/**
 * Which screen a project page shows (spec 000 §4.1). Pure: the gate component and its tests
 * both go through this one function.
 */
export type ProjectPageKind = 'home' | 'settings' | 'branches' | 'reports' | 'building' | 'other';

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

/** The kind of page a path under /project/{ref} is, for the exception lists of §4.1. */
export function pageKindOf(pathname: string, ref: string): ProjectPageKind {
  const prefix = `/project/${ref}`;
  const rest = pathname.startsWith(prefix) ? pathname.slice(prefix.length) : pathname;
  const first = rest.split('/').filter(Boolean)[0] ?? '';
  if (first === '') return 'home';
  if (first === 'settings') return 'settings';
  if (first === 'branches') return 'branches';
  if (first === 'reports') return 'reports';
  if (first === 'building') return 'building';
  return 'other';
}

export function chooseStatusScreen(project: GateProject, page: ProjectPageKind): StatusScreen {
  const { status } = project;
  if (status === 'INACTIVE') return page === 'home' || page === 'settings' ? 'content' : 'paused';
  if (status === 'UPGRADING') return 'upgrading';
  if (status === 'GOING_DOWN' || status === 'PAUSING') return 'pausing';
  const settingsOrBranches = page === 'settings' || page === 'branches';
  if (status === 'RESTORING' || status === 'RESTORATION_FAILED') return settingsOrBranches ? 'content' : 'restoring';
  if (status === 'COMING_UP' || status === 'UNKNOWN') return settingsOrBranches ? 'content' : 'building';
  if (project.postgrestStatus === 'OFFLINE') return page === 'reports' || page === 'settings' ? 'content' : 'service-offline';
  // An active project whose API has not yet answered: we are still connecting to it.
  if (status === 'ACTIVE_HEALTHY' && project.connected === false && page !== 'settings') return 'connecting';
  return 'content';
}
