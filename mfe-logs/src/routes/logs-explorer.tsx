import { HostedOnlyPage, useArea } from '@plinth/area-kit';
import { QueryExplorer } from '../features/log-query';
import { SavedQueries } from '../features/saved-queries/SavedQueries';
import { RecentQueries } from '../features/recent-queries/RecentQueries';
import { Templates } from '../features/log-templates/Templates';

// The Logs Explorer's pages (000 §2.7, issue 23). The request log of each source stays on the
// per-source pages (logs/{source}).

/** /logs/explorer: SQL over the project's logs. */
export function QueryPage() {
  return <QueryExplorer />;
}

/** /logs/explorer/saved: hosted only (000 §2.7). */
export function SavedQueriesPage() {
  if (!useArea().hosted) return <HostedOnlyPage title="Saved Queries" />;
  return <SavedQueries />;
}

export function RecentQueriesPage() {
  return <RecentQueries />;
}

export function TemplatesPage() {
  return <Templates />;
}
