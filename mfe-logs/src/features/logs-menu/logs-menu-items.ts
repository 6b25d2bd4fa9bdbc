import type { BuildMode } from '@plinth/shared-contracts';
import { LOG_SOURCE_IDS, LOGS_MENU_ITEMS, logSources, type LogSourceId } from '@plinth/contracts-logs';
import type { MenuLinkGroup } from '@plinth/area-kit';

/** Path of a log source's page. */
export function logSourcePath(id: LogSourceId): string {
  return `logs/${id}`;
}

/** The logs menu of 000 §2.7 for a build mode: the explorer views, then the log sources. */
export function logsMenuGroups(mode: BuildMode): MenuLinkGroup[] {
  return [
    { title: 'Logs Explorer', items: LOGS_MENU_ITEMS.map(({ label, path, hostedOnly }) => ({ label, to: path, hostedOnly })) },
    { title: 'Sources', items: logSources(mode).map((source) => ({ label: source.label, to: logSourcePath(source.id) })) },
  ];
}

export function isLogSourceId(value: string): value is LogSourceId {
  return (LOG_SOURCE_IDS as readonly string[]).includes(value);
}
