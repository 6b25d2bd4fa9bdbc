import type { BuildMode } from '@plinth/shared-contracts';
import { HostedOnlyPage, PlaceholderPage } from '../area/AreaLayout';

interface HostedPageProps {
  buildMode: BuildMode;
}

/** A hosted-only authentication page (000 §2.8): its placeholder, or a notice outside the hosted build. */
function HostedPage({ buildMode, title, description }: HostedPageProps & { title: string; description: string }) {
  return buildMode === 'hosted' ? <PlaceholderPage title={title} description={description} /> : <HostedOnlyPage title={title} />;
}

export function ProvidersPage({ buildMode }: HostedPageProps) {
  return <HostedPage buildMode={buildMode} title="Providers" description="Ways your users sign in." />;
}

export function TemplatesPage({ buildMode }: HostedPageProps) {
  return <HostedPage buildMode={buildMode} title="Templates" description="Emails sent to your users." />;
}

export function UrlConfigurationPage({ buildMode }: HostedPageProps) {
  return <HostedPage buildMode={buildMode} title="URL Configuration" description="Site URL and redirect URLs." />;
}
