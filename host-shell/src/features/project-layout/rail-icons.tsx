import type { ComponentType } from 'react';
import { createIcon, DatabaseIcon, type IconProps } from '@plinth/shared-ui/icons';

/** Glyphs for the nav rail entries, drawn with the shared icon builder. */
const HomeIcon = createIcon('HomeIcon', <path d="M4 11l8-6.5 8 6.5M6.5 9.5V19.5h11V9.5" />);
const TableIcon = createIcon('TableIcon', <><rect x="4" y="5" width="16" height="14" rx="1.5" /><path d="M4 10h16M4 14.5h16M10 10v9" /></>);
const SqlIcon = createIcon('SqlIcon', <><path d="M8 8l-4 4 4 4M16 8l4 4-4 4" /><path d="M13.5 6l-3 12" /></>);
const AuthIcon = createIcon('AuthIcon', <><circle cx="12" cy="8.5" r="3.5" /><path d="M5 19.5c1-3.5 3.8-5 7-5s6 1.5 7 5" /></>);
const StorageIcon = createIcon('StorageIcon', <><rect x="4" y="4.5" width="16" height="6" rx="1.5" /><rect x="4" y="13.5" width="16" height="6" rx="1.5" /><path d="M7.5 7.5h.01M7.5 16.5h.01" /></>);
const FunctionsIcon = createIcon('FunctionsIcon', <path d="M13 3.5L6 13.5h5.5L10.5 20.5 18 10.5h-5.5z" />);
const ReportsIcon = createIcon('ReportsIcon', <path d="M5 19.5V11M10 19.5V5M15 19.5v-6M20 19.5V8.5" />);
const LogsIcon = createIcon('LogsIcon', <><path d="M6 4.5h9l3 3v12H6z" /><path d="M9 11h6M9 14.5h6M9 18h3" /></>);
const ApiIcon = createIcon('ApiIcon', <><path d="M7 8.5L3.5 12 7 15.5M17 8.5l3.5 3.5-3.5 3.5" /><circle cx="12" cy="12" r="1.5" /></>);
const SettingsIcon = createIcon(
  'SettingsIcon',
  <><circle cx="12" cy="12" r="3" /><path d="M12 3.5v2.5M12 18v2.5M3.5 12H6M18 12h2.5M6 6l1.8 1.8M16.2 16.2L18 18M6 18l1.8-1.8M16.2 7.8L18 6" /></>,
);

/** For an icon name the shell does not draw (an area newer than the shell's build). */
export const PlainAreaIcon = createIcon('PlainAreaIcon', <><rect x="4.5" y="4.5" width="6" height="6" rx="1" /><rect x="13.5" y="4.5" width="6" height="6" rx="1" /><rect x="4.5" y="13.5" width="6" height="6" rx="1" /><rect x="13.5" y="13.5" width="6" height="6" rx="1" /></>);

/** Glyphs by the icon names the area manifests' rail entries use. */
export const RAIL_ICONS: Record<string, ComponentType<IconProps>> = {
  home: HomeIcon,
  table: TableIcon,
  sql: SqlIcon,
  database: DatabaseIcon,
  auth: AuthIcon,
  storage: StorageIcon,
  functions: FunctionsIcon,
  reports: ReportsIcon,
  logs: LogsIcon,
  api: ApiIcon,
  settings: SettingsIcon,
};
