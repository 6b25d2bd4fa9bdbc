import { createAreaApp } from '@plinth/area-kit';
import definition from '../area.manifest';
import { LogsMenu } from './features/logs-menu/LogsMenu';
import { ReportsMenu } from './features/reports-menu/ReportsMenu';

/**
 * Root of the logs area: its pages and side menus as its definition (area.manifest.ts) states them.
 * The host mounts it under basePath "/project/{ref}"; the area owns the project's logs/… and reports/… segments.
 */
export default createAreaApp(definition, { menus: { LogsMenu, ReportsMenu } });
