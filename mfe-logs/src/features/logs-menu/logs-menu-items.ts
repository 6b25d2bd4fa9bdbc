import { LOG_SOURCE_IDS, LOGS_MENU_ITEMS, logSources, type BuildMode, type LogSourceId } from '@plinth/shared-contracts';
import type { LogsMenuGroup } from '../../area/menu-groups';

/** Path of a log source's page. */
export function logSourcePath(id: LogSourceId): string {
  return `logs/${id}`;
}

/** The logs menu of 000 §2.7 for a build mode: the explorer views, then the log sources. */
export function logsMenuGroups(mode: BuildMode): LogsMenuGroup[] {
  return [
    {
      key: 'explorer',
      title: 'Logs Explorer',
      items: LOGS_MENU_ITEMS.filter((item) => mode === 'hosted' || !item.hostedOnly).map(({ key, label, path }) => ({ key, label, path })),
    },
    {
      key: 'sources',
      title: 'Sources',
      items: logSources(mode).map((source) => ({ key: source.id, label: source.label, path: logSourcePath(source.id) })),
    },
  ];
}

export function isLogSourceId(value: string): value is LogSourceId {
  return (LOG_SOURCE_IDS as readonly string[]).includes(value);
}
