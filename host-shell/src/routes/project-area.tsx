import { useLocation } from 'react-router-dom';
import { usePageTitle } from '../app/page-title';
import { useAreas } from '../app/shell-settings';
import { areaPageOf, placeArea } from '../areas/area-table';
import { AreaRegion } from '../features/areas/area-region';
import { useProjectContext } from '../features/project-layout/project-context';
import { useSessionUser } from '../session/require-session';
import { NotFoundPanel } from '../app/not-found-panel';

/** Any /project/{ref}/<segment>/… an area's manifest claims: mounts that area in the content region. */
export default function ProjectAreaPage() {
  const { pathname } = useLocation();
  const { project, permissions } = useProjectContext();
  const user = useSessionUser();
  const areas = useAreas();
  const title = areaPageOf(pathname, areas)?.title;
  usePageTitle(title ? `${title} | ${project.name}` : project.name);
  const placement = placeArea(pathname, areas);
  if (!placement) return <NotFoundPanel />;
  return <AreaRegion placement={placement} user={user} permissions={permissions} />;
}
