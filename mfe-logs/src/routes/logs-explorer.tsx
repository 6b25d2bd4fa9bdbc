import { HostedOnlyPage, PlaceholderPage, useArea } from '@plinth/area-kit';
import { PageHeader } from '@plinth/shared-ui/layout';
import { LogViewer } from '../features/log-viewer';

const ALL_SERVICES = {};

/** /logs/explorer: the request log of every service, with a service filter. */
export function QueryPage() {
  return (
    <section aria-label="Logs Explorer" css={{ display: 'flex', flexDirection: 'column', height: '100%' }}>
      <PageHeader title="Logs Explorer" description="Every call to the project's API, across auth, the data API and storage." />
      <LogViewer scope={ALL_SERVICES} serviceFilter />
    </section>
  );
}

/** /logs/explorer/saved: hosted only (000 §2.7). */
export function SavedQueriesPage() {
  if (!useArea().hosted) return <HostedOnlyPage title="Saved Queries" />;
  return <PlaceholderPage title="Saved Queries" description="Log queries you saved." />;
}

export function RecentQueriesPage() {
  return <PlaceholderPage title="Recent" description="Log queries you ran lately." />;
}

export function TemplatesPage() {
  return <PlaceholderPage title="Templates" description="Ready-made log queries to start from." />;
}
