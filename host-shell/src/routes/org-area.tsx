import { useLocation, useParams } from 'react-router-dom';
import { usePageTitle } from '../app/page-title';
import { placeArea } from '../features/areas/area-for-path';
import { AreaRegion } from '../features/areas/area-region';
import { usePermissions } from '../features/projects/queries';
import { useSessionUser } from '../features/session/require-session';
import { FullPageMessage } from '../app/full-page-message';

/** /org/{slug}/… and /account/…: the settings-billing area outside a project. */
export default function OrgAreaPage() {
  const { pathname } = useLocation();
  const { slug } = useParams();
  const user = useSessionUser();
  const { permissions, isLoading } = usePermissions(slug);
  usePageTitle(slug ? 'Organization' : 'Account');
  const placement = placeArea(pathname);
  if (isLoading) return <FullPageMessage title="Loading…" busy />;
  if (!placement) return null;
  return <AreaRegion placement={placement} user={user} permissions={permissions} />;
}
