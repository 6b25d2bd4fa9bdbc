import { PlainPlaceholderPage as PlaceholderPage } from '@plinth/area-kit';
import { tokens } from '@plinth/shared-ui/theme';
import { ApiSettingsPanel } from '../features/api-keys/ApiSettingsPanel';
import { CustomDomainPanel } from '../features/custom-domain/CustomDomainPanel';
import { ProjectGeneral } from '../features/project-settings/ProjectGeneral';
import { DatabaseSettings } from '../features/database-settings/DatabaseSettings';
import { DataApiSettings } from '../features/data-api-settings/DataApiSettings';
import { Vault } from '../features/vault/Vault';
import { AuthSettingsLinks, FunctionsSettingsLinks, StorageSettingsLinks } from '../features/area-settings/AreaSettingsPages';

// The project settings pages (000 §2.1) but integrations (integration-pages.tsx) and billing
// (billing-pages.tsx).

/** General: the project's name and reference, pausing it, and its custom domain (001 §2). */
export function GeneralPage() {
  return (
    <PlaceholderPage title="General">
      <div css={{ display: 'grid', gap: tokens.space.xxl, maxWidth: 960 }}>
        <ProjectGeneral />
        <CustomDomainPanel />
      </div>
    </PlaceholderPage>
  );
}
export { InfrastructurePage } from '../features/infrastructure/InfrastructurePage';
export { AddOnsPage } from '../features/addons/AddOnsPage';
/** Vault: the project's secrets, encrypted in its database and read by its functions (issue 24). */
export function VaultPage() {
  return (
    <PlaceholderPage title="Vault">
      <div css={{ display: 'grid', gridTemplateColumns: 'minmax(0, 1fr)', gap: tokens.space.xxl, maxWidth: 1000 }}>
        <Vault />
      </div>
    </PlaceholderPage>
  );
}
/** Database: connecting to the project's database from outside, its password and connection limits. */
export function DatabaseSettingsPage() {
  return (
    <PlaceholderPage title="Database">
      <div css={{ display: 'grid', gap: tokens.space.xxl, maxWidth: 960 }}>
        <DatabaseSettings />
      </div>
    </PlaceholderPage>
  );
}
export const AuthSettingsPage = () => (
  <PlaceholderPage title="Authentication">
    <AuthSettingsLinks />
  </PlaceholderPage>
);
export const StorageSettingsPage = () => (
  <PlaceholderPage title="Storage">
    <StorageSettingsLinks />
  </PlaceholderPage>
);
export const FunctionsSettingsPage = () => (
  <PlaceholderPage title="Edge Functions">
    <FunctionsSettingsLinks />
  </PlaceholderPage>
);

export function ApiSettingsPage() {
  return (
    <PlaceholderPage title="API Settings">
      {/* minmax(0, 1fr): the keys' long values wrap or scroll inside their fields, never the page. */}
      <div css={{ display: 'grid', gridTemplateColumns: 'minmax(0, 1fr)', gap: tokens.space.xxl }}>
        <ApiSettingsPanel />
        <DataApiSettings />
      </div>
    </PlaceholderPage>
  );
}
