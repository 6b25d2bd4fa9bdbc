import { OrganizationIntegrationSchema, type createIntegrationsClient, type IntegrationName, type OrganizationIntegration } from '@plinth/contracts-settings';
import { ME, ORGANIZATION } from '../fixtures';
import { answer, refuse, type Handlers } from './fake-client';

type IntegrationsClient = ReturnType<typeof createIntegrationsClient>;

export interface IntegrationsState {
  /** The organization's installed integrations, with their repository connections. */
  integrations: OrganizationIntegration[];
}

let counter = 0;

/** An installed integration of the test organization (GitHub unless said otherwise), no connections yet. */
export function organizationIntegration(name: IntegrationName = 'GitHub', over: Partial<OrganizationIntegration> = {}): OrganizationIntegration {
  counter += 1;
  return answer(OrganizationIntegrationSchema, {
    id: `10000000-0000-4000-8000-${String(counter).padStart(12, '0')}`,
    integration: { name },
    organization_id: ORGANIZATION.id,
    organization_slug: ORGANIZATION.slug,
    connections: [],
    metadata: { account: { name: 'acme', avatar_url: null, type: 'Organization' } },
    inserted_at: '2026-01-01T00:00:00Z',
    added_by: { id: ME.id, username: ME.username, primary_email: ME.email },
    ...over,
  });
}

/** The organization's integrations, as /platform/integrations/{slug} answers them; installing one adds it once. */
export function integrationHandlers(state: IntegrationsState): Handlers<IntegrationsClient> {
  return {
    listIntegrations: () => state.integrations.map((i) => answer(OrganizationIntegrationSchema, i)),
    createIntegration: (_slug, body = {}) => {
      const name = body.integration_name ?? 'GitHub';
      if (state.integrations.some((i) => i.integration.name === name)) refuse(409, `${name} is already installed`);
      const added = organizationIntegration(name);
      state.integrations = [...state.integrations, added];
      return added;
    },
  };
}
