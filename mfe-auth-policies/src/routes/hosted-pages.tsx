import { HostedOnlyPage, PlaceholderPage, useArea } from '@plinth/area-kit';

/** A hosted-only authentication page (000 §2.8): its placeholder, or a notice outside the hosted build. */
function HostedPage({ title, description }: { title: string; description: string }) {
  const { hosted } = useArea();
  return hosted ? <PlaceholderPage title={title} description={description} /> : <HostedOnlyPage title={title} />;
}

export function ProvidersPage() {
  return <HostedPage title="Providers" description="Ways your users sign in." />;
}

export function TemplatesPage() {
  return <HostedPage title="Templates" description="Emails sent to your users." />;
}

export function UrlConfigurationPage() {
  return <HostedPage title="URL Configuration" description="Site URL and redirect URLs." />;
}
