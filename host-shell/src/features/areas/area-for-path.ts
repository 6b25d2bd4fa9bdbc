import type { AreaName } from '@plinth/shared-contracts';

/** Which area renders a path inside a project (the segment after /project/{ref}/). */
const PROJECT_SEGMENT_AREAS: Record<string, AreaName> = {
  storage: 'storage',
  auth: 'auth-policies',
  editor: 'sql-editor',
  sql: 'sql-editor',
  database: 'sql-editor',
  api: 'sql-editor',
  logs: 'logs',
  reports: 'logs',
  settings: 'settings-billing',
  branches: 'settings-billing',
  integrations: 'settings-billing',
};

export const PROJECT_AREA_SEGMENTS = Object.keys(PROJECT_SEGMENT_AREAS);

export function areaForProjectSegment(segment: string): AreaName | undefined {
  return PROJECT_SEGMENT_AREAS[segment];
}

export interface AreaPlacement {
  area: AreaName;
  /** Path the area's router is mounted under; the area owns everything below it. */
  basePath: string;
  projectRef?: string;
}

/**
 * Areas inside a project get basePath "/project/{ref}" and own their own first segment
 * (storage/…, auth/…), so one area can serve several top-level segments (sql-editor: editor,
 * sql, database, api). Organization and account pages get basePath "/" and own /org/… and /account/….
 */
export function placeArea(pathname: string): AreaPlacement | undefined {
  const parts = pathname.split('/').filter(Boolean);
  if (parts[0] === 'project' && parts[1]) {
    const area = parts[2] ? areaForProjectSegment(parts[2]) : undefined;
    return area ? { area, basePath: `/project/${parts[1]}`, projectRef: parts[1] } : undefined;
  }
  if (parts[0] === 'org' || parts[0] === 'account') return { area: 'settings-billing', basePath: '/' };
  return undefined;
}
