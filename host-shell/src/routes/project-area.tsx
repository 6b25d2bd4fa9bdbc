import { useLocation } from 'react-router-dom';
import { usePageTitle } from '../app/page-title';
import { useBuildMode } from '../app/shell-settings';
import { placeArea } from '../features/areas/area-for-path';
import { AreaRegion } from '../features/areas/area-region';
import { activeNavKey, navLinks } from '../features/project-layout/nav-items';
import { useProjectContext } from '../features/project-layout/project-context';
import { useSessionUser } from '../features/session/require-session';
import NotFoundPage from './not-found';

/** Any /project/{ref}/<segment>/… owned by an area: mounts that area in the content region. */
export default function ProjectAreaPage() {
  const { pathname } = useLocation();
  const { project, permissions } = useProjectContext();
  const user = useSessionUser();
  const buildMode = useBuildMode();
  const key = activeNavKey(pathname, project.ref);
  const label = navLinks(project.ref, buildMode, false).find((l) => l.key === key)?.label;
  usePageTitle(label ? `${label} | ${project.name}` : project.name);
  const placement = placeArea(pathname);
  if (!placement) return <NotFoundPage />;
  return <AreaRegion placement={placement} user={user} permissions={permissions} />;
}
