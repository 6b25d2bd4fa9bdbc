import { useQuery } from '@tanstack/react-query';
import { useParams } from 'react-router-dom';
import { queryKeys } from '@plinth/shared-contracts';
import { useArea, useFeatureFlag, AreaSideMenu, type SectionMenuProps } from '@plinth/area-kit';

export function useOrganization(slug: string) {
  const { api } = useArea();
  return useQuery({ queryKey: queryKeys.organization(slug), queryFn: () => api.organizations.get(slug) });
}

/**
 * The organization menu (000 §2.1) under the organization's name: the pages of the area's
 * definition, OAuth Apps and Audit Logs left out while their feature flag is off for the
 * organization (kept while the flags are unknown, 000 §6).
 */
export function OrganizationMenu({ groups }: SectionMenuProps) {
  const { slug = '' } = useParams();
  const org = useOrganization(slug);
  const flagOn: Record<string, boolean> = {
    apps: useFeatureFlag('oauth_apps', { organization: slug, whileUnknown: true }),
    audit: useFeatureFlag('audit_logs', { organization: slug, whileUnknown: true }),
  };
  const shown = groups.map((g) => ({ ...g, items: g.items.filter((item) => flagOn[item.to.split('/').pop() ?? ''] !== false) }));
  return <AreaSideMenu title={org.data?.name ?? slug} aria-label="Organization settings" groups={shown} />;
}
