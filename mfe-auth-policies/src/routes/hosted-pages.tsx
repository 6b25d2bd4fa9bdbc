import { Suspense, type ReactNode } from 'react';
import { HostedOnlyPage, lazyWithPreload, useArea } from '@plinth/area-kit';
import { LoadingSkeleton } from '@plinth/shared-ui/page';

// Each settings page is a chunk of its own: the users page, where the area opens, does not carry them.
const ProvidersSettings = lazyWithPreload(() => import('../features/providers/ProvidersSettings').then((m) => m.ProvidersSettings));
const TemplatesEditor = lazyWithPreload(() => import('../features/templates/TemplatesEditor').then((m) => m.TemplatesEditor));
const UrlConfiguration = lazyWithPreload(() => import('../features/url-config/UrlConfiguration').then((m) => m.UrlConfiguration));

/** A hosted-only authentication page (000 §2.8): the page, or a notice outside the hosted build. */
function HostedPage({ title, children }: { title: string; children: ReactNode }) {
  const { hosted } = useArea();
  if (!hosted) return <HostedOnlyPage title={title} />;
  return <Suspense fallback={<div css={{ padding: 24 }}><LoadingSkeleton label={`Loading ${title}`} shape="card" /></div>}>{children}</Suspense>;
}

export function ProvidersPage() {
  return (
    <HostedPage title="Providers">
      <ProvidersSettings />
    </HostedPage>
  );
}

export function TemplatesPage() {
  return (
    <HostedPage title="Templates">
      <TemplatesEditor />
    </HostedPage>
  );
}

export function UrlConfigurationPage() {
  return (
    <HostedPage title="URL Configuration">
      <UrlConfiguration />
    </HostedPage>
  );
}
