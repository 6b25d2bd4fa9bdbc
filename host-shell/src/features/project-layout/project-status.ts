import type { ProjectStatus } from '@plinth/shared-contracts';
import type { StatusTone } from '@plinth/shared-ui/layout';

/** How a project's status reads in the switcher: a word, a tone, and whether it is changing. */
export const PROJECT_STATUS_BADGES: Record<ProjectStatus, { word: string; tone: StatusTone; busy?: boolean }> = {
  ACTIVE_HEALTHY: { word: 'Healthy', tone: 'success' },
  COMING_UP: { word: 'Setting up', tone: 'info', busy: true },
  UNKNOWN: { word: 'Setting up', tone: 'info', busy: true },
  INACTIVE: { word: 'Paused', tone: 'warning' },
  PAUSING: { word: 'Pausing', tone: 'warning', busy: true },
  GOING_DOWN: { word: 'Pausing', tone: 'warning', busy: true },
  RESTORING: { word: 'Restoring', tone: 'info', busy: true },
  RESTORATION_FAILED: { word: 'Restoration failed', tone: 'danger' },
  UPGRADING: { word: 'Upgrading', tone: 'info', busy: true },
};
