import { useQuery } from '@tanstack/react-query';
import { queryKeys } from '@plinth/shared-contracts';
import { useArea, AreaSideMenu } from '@plinth/area-kit';

/** Organization pages (000 §2.1) under /org/{slug}. */
export function organizationPages(slug: string): { title: string; items: { label: string; to: string; hostedOnly?: boolean }[] }[] {
  const at = (page: string) => `/org/${encodeURIComponent(slug)}/${page}`;
  return [
    {
      title: 'Organization',
      items: [
        { label: 'General', to: at('general') },
        { label: 'Team', to: at('team') },
        { label: 'Integrations', to: at('integrations') },
        { label: 'OAuth Apps', to: at('apps') },
        { label: 'Audit Logs', to: at('audit') },
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

export function OrganizationMenu({ slug }: { slug: string }) {
  const org = useOrganization(slug);
  return <AreaSideMenu title={org.data?.name ?? slug} aria-label="Organization settings" groups={organizationPages(slug)} />;
}
