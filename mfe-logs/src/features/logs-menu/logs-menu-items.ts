import { LOG_SOURCE_IDS, LOGS_MENU_ITEMS, logSources, type BuildMode, type LogSourceId } from '@plinth/shared-contracts';

export interface LogsMenuLink {
  key: string;
  label: string;
  /** Path below /project/{ref}. */
  path: string;
}

export interface LogsMenuGroup {
  key: string;
  title: string;
  items: LogsMenuLink[];
}

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

/** The entry of the open page: the longest menu path the current path starts with. */
export function activeMenuKey(groups: readonly { items: readonly LogsMenuLink[] }[], path: string): string | undefined {
  const clean = path.replace(/^\/+|\/+$/g, '');
  return groups
    .flatMap((g) => g.items)
    .filter((item) => clean === item.path || clean.startsWith(`${item.path}/`))
    .sort((a, b) => b.path.length - a.path.length)[0]?.key;
}

export function isLogSourceId(value: string): value is LogSourceId {
  return (LOG_SOURCE_IDS as readonly string[]).includes(value);
}
