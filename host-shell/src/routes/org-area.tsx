import { useLocation } from 'react-router-dom';
import { usePageTitle } from '../app/page-title';
import { useAreas } from '../app/shell-settings';
import { areaPageOf, placeArea } from '../areas/area-table';
import { AreaRegion } from '../features/areas/area-region';
import { usePermissions } from '../features/projects/queries';
import { useSessionUser } from '../session/require-session';
import { FullPageMessage } from '../app/full-page-message';

/**
 * A root address an area's manifest claims (/org/{slug}/…, /account/…): mounts that area outside a
 * project, with the permissions the user holds in the organization the address names.
 */
export default function OrgAreaPage() {
  const { pathname } = useLocation();
  const parts = pathname.split('/').filter(Boolean);
  const slug = parts[0] === 'org' ? parts[1] : undefined;
  const user = useSessionUser();
  const areas = useAreas();
  const { permissions, isLoading } = usePermissions(slug);
  const placement = placeArea(pathname, areas);
  usePageTitle(areaPageOf(pathname, areas)?.title ?? (placement ? areas[placement.area]?.title : undefined) ?? 'Plinth');
  if (isLoading) return <FullPageMessage title="Loading…" busy />;
  if (!placement) return null;
  return <AreaRegion placement={placement} user={user} permissions={permissions} />;
}
