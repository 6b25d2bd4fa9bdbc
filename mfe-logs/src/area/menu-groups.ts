// The shape of the logs area's side menus (logs and reports) and which entry is open.

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

/** The entry of the open page: the longest menu path the current path starts with. */
export function activeMenuKey(groups: readonly { items: readonly LogsMenuLink[] }[], path: string): string | undefined {
  const clean = path.replace(/^\/+|\/+$/g, '');
  return groups
    .flatMap((g) => g.items)
    .filter((item) => clean === item.path || clean.startsWith(`${item.path}/`))
    .sort((a, b) => b.path.length - a.path.length)[0]?.key;
}
