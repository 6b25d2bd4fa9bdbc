// Icons for the nav rail, by the icon names the area manifests' rail entries use. An entry of its
// own so the sign-in page, which has no rail, does not load them.
import type { ComponentType } from 'react';
import House from 'lucide-react/icons/house';
import Table2 from 'lucide-react/icons/table-2';
import SquareTerminal from 'lucide-react/icons/square-terminal';
import Database from 'lucide-react/icons/database';
import Users from 'lucide-react/icons/users';
import Archive from 'lucide-react/icons/archive';
import Zap from 'lucide-react/icons/zap';
import ChartColumn from 'lucide-react/icons/chart-column';
import ScrollText from 'lucide-react/icons/scroll-text';
import BookOpen from 'lucide-react/icons/book-open';
import Settings from 'lucide-react/icons/settings';
import LayoutGrid from 'lucide-react/icons/layout-grid';
import { fromLucide, type IconProps } from '@plinth/shared-ui/icons';

export const NAV_ICONS: Record<string, ComponentType<IconProps>> = {
  home: fromLucide('HomeIcon', House),
  table: fromLucide('TableIcon', Table2),
  sql: fromLucide('SqlIcon', SquareTerminal),
  database: fromLucide('DatabaseIcon', Database),
  auth: fromLucide('AuthIcon', Users),
  storage: fromLucide('StorageIcon', Archive),
  functions: fromLucide('FunctionsIcon', Zap),
  reports: fromLucide('ReportsIcon', ChartColumn),
  logs: fromLucide('LogsIcon', ScrollText),
  api: fromLucide('ApiIcon', BookOpen),
  settings: fromLucide('SettingsIcon', Settings),
};

/** For an icon name no entry draws (an area newer than this package). */
export const PlainAreaIcon = fromLucide('PlainAreaIcon', LayoutGrid);
