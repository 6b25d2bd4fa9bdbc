import { HostedOnlyPage, PlaceholderPage, useArea } from '@plinth/area-kit';

/** /logs/explorer: write and run a log query (page to come). */
export function QueryPage() {
  return <PlaceholderPage title="Logs Explorer" description="Query the logs of every source with SQL." />;
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
