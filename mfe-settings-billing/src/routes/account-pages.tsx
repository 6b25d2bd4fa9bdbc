import { PlainPlaceholderPage as PlaceholderPage } from '@plinth/area-kit';

// The account pages (000 §2.1) under /account besides Security (its own chunk, see area.manifest.ts).

export const PreferencesPage = () => <PlaceholderPage title="Preferences" />;
export const AccessTokensPage = () => <PlaceholderPage title="Access Tokens" />;
export const AuditLogsPage = () => <PlaceholderPage title="Audit Logs" />;
