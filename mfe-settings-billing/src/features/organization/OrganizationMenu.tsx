import { useQuery } from '@tanstack/react-query';
import { queryKeys, type FeatureFlag } from '@plinth/shared-contracts';
import { useArea, useFeatureFlag, AreaSideMenu } from '@plinth/area-kit';

interface OrganizationPage {
  label: string;
  to: string;
  hostedOnly?: boolean;
  /** Shown only while this feature flag is on for the organization (000 §6). */
  flag?: FeatureFlag;
}

/** Organization pages (000 §2.1) under /org/{slug}. */
export function organizationPages(slug: string): { title: string; items: OrganizationPage[] }[] {
  const at = (page: string) => `/org/${encodeURIComponent(slug)}/${page}`;
  return [
    {
      title: 'Organization',
      items: [
        { label: 'General', to: at('general') },
        { label: 'Team', to: at('team') },
        { label: 'Integrations', to: at('integrations') },
        { label: 'OAuth Apps', to: at('apps'), flag: 'oauth_apps' },
        { label: 'Audit Logs', to: at('audit'), flag: 'audit_logs' },
      ],
    },
    {
      title: 'Billing',
      items: [
        { label: 'Billing', to: at('billing'), hostedOnly: true },
        { label: 'Usage', to: at('usage'), hostedOnly: true },
        { label: 'Invoices', to: at('invoices'), hostedOnly: true },
      ],
    },
  ];
}

export function useOrganization(slug: string) {
  const { api } = useArea();
  return useQuery({ queryKey: queryKeys.organization(slug), queryFn: () => api.organizations.get(slug) });
}

/** The organization's pages with those whose feature flag is off for it left out (kept while the flags are unknown). */
export function useOrganizationPages(slug: string) {
  const flags: Record<'oauth_apps' | 'audit_logs', boolean> = {
    oauth_apps: useFeatureFlag('oauth_apps', { organization: slug, whileUnknown: true }),
    audit_logs: useFeatureFlag('audit_logs', { organization: slug, whileUnknown: true }),
  };
  return organizationPages(slug).map((g) => ({ ...g, items: g.items.filter((i) => !i.flag || flags[i.flag as keyof typeof flags] !== false) }));
}

export function OrganizationMenu({ slug }: { slug: string }) {
  const org = useOrganization(slug);
  return <AreaSideMenu title={org.data?.name ?? slug} aria-label="Organization settings" groups={useOrganizationPages(slug)} />;
}
