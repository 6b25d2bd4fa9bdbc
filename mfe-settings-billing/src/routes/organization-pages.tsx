import type { ReactNode } from 'react';
import { useParams } from 'react-router-dom';
import { PlainPlaceholderPage as PlaceholderPage, useFeatureFlag } from '@plinth/area-kit';
import type { FeatureFlag } from '@plinth/shared-contracts';
import { Team } from '../features/team/Team';
import { AuditLogs } from '../features/audit-logs/AuditLogs';
import { OAuthApps } from '../features/oauth-apps/OAuthApps';

// The organization pages (000 §2.1) under /org/{slug} but General, the pages' index, which loads
// alone (organization-general-page.tsx), billing, usage and invoices (organization-billing-pages.tsx)
// and integrations (integration-pages.tsx).

export function TeamPage() {
  const { slug = '' } = useParams();
  return <Team slug={slug} />;
}

/** A page that exists while its feature flag is on for the organization (000 §6); kept while the flag is unknown. */
function Flagged({ flag, children }: { flag: FeatureFlag; children: (slug: string) => ReactNode }) {
  const { slug = '' } = useParams();
  const on = useFeatureFlag(flag, { organization: slug, whileUnknown: true });
  if (!on) {
    return (
      <PlaceholderPage title="Page not found">
        <p>This organization page does not exist.</p>
      </PlaceholderPage>
    );
  }
  return <>{children(slug)}</>;
}

/** /org/{slug}/apps: the organization's OAuth apps (oauth_apps flag). */
export const OAuthAppsPage = () => <Flagged flag="oauth_apps">{(slug) => <OAuthApps slug={slug} />}</Flagged>;
/** /org/{slug}/audit: the organization's audit log (audit_logs flag; read on team and enterprise). */
export const AuditLogsPage = () => <Flagged flag="audit_logs">{(slug) => <AuditLogs slug={slug} />}</Flagged>;
