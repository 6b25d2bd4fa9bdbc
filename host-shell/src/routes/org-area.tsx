import { useLocation } from 'react-router-dom';
import { usePageTitle } from '../app/page-title';
import { useAreas } from '../app/shell-settings';
import { areaPageOf, placeArea } from '../areas/area-table';
import { AreaRegion } from '../features/areas/area-region';
import { useOrganizations, usePermissions } from '../features/projects/queries';
import { useSessionUser } from '../session/require-session';
import { FullPageMessage } from '../app/full-page-message';
import { NotFoundPanel } from '../app/not-found-panel';

/**
 * A root address an area's manifest claims (/org/{slug}/…, /account/…): mounts that area outside a
 * project, with the permissions the user holds in the organization the address names. An
 * organization the user does not belong to (or that does not exist) shows the not-found screen.
 */
export default function OrgAreaPage() {
  const { pathname } = useLocation();
  const parts = pathname.split('/').filter(Boolean);
  const slug = parts[0] === 'org' ? parts[1] : undefined;
  const user = useSessionUser();
  const areas = useAreas();
  const organizations = useOrganizations();
  const { permissions, isLoading } = usePermissions(slug);
  const placement = placeArea(pathname, areas);
  const unknownOrganization = !!slug && !!organizations.data && !organizations.data.some((org) => org.slug === slug);
  usePageTitle(unknownOrganization ? 'Organization not found' : (areaPageOf(pathname, areas)?.title ?? (placement ? areas[placement.area]?.title : undefined) ?? 'Plinth'));
  if (slug && organizations.isError)
    return (
      <FullPageMessage
        title="Could not load your organizations"
        detail={(organizations.error as Error).message}
        action={{ label: 'Try again', onClick: () => void organizations.refetch() }}
      />
    );
  if (unknownOrganization)
    return <NotFoundPanel title="Organization not found" description={`There is no organization “${slug}” among yours. It may have been renamed, or you may not be a member.`} />;
  if (isLoading || (slug && organizations.isLoading)) return <FullPageMessage title="Loading organization" busy />;
  if (!placement) return null;
  return <AreaRegion placement={placement} user={user} permissions={permissions} />;
}
