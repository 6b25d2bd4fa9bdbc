import type { ProjectLogEntry } from '@plinth/contracts-logs';
import type { DataTableColumn } from '@plinth/shared-ui/data-table';
import { StatusBadge, type StatusTone } from '@plinth/shared-ui/layout';
import { tokens } from '@plinth/shared-ui/theme';

export const statusTone = (status: number): StatusTone => (status >= 500 ? 'danger' : status >= 400 ? 'warning' : status >= 200 && status < 300 ? 'success' : 'neutral');

export const formatTime = (iso: string) => {
  const d = new Date(iso);
  return Number.isNaN(d.getTime()) ? iso : d.toLocaleString(undefined, { month: 'short', day: '2-digit', hour: '2-digit', minute: '2-digit', second: '2-digit' });
};

/** The query string with its '?', or nothing. */
export const queryString = (e: ProjectLogEntry) => (!e.search ? '' : e.search.startsWith('?') ? e.search : `?${e.search}`);

export const formatLatency = (ms: number) => `${ms < 10 ? ms.toFixed(1) : Math.round(ms)} ms`;

/** What happened beyond the call itself: the auth event, storage operation or database error. */
export const entryDetail = (e: ProjectLogEntry) =>
  e.error ? `${e.error.code}${e.error.message ? `: ${e.error.message}` : ''}` : e.event ?? (e.storage ? [e.storage.operation, e.storage.bucket_id, e.storage.object_name].filter(Boolean).join(' ') : '');

const mono = { fontFamily: tokens.font.mono };

/** The table's columns; the service column only where several services are shown. */
export function logColumns(withService: boolean): DataTableColumn<ProjectLogEntry>[] {
  return [
    { key: 'time', header: 'Time', width: '150px', cell: (e) => <time dateTime={e.timestamp}>{formatTime(e.timestamp)}</time> },
    { key: 'status', header: 'Status', width: '80px', cell: (e) => <StatusBadge tone={statusTone(e.status)}>{e.status}</StatusBadge> },
    ...(withService ? [{ key: 'service', header: 'Service', width: '80px', cell: (e: ProjectLogEntry) => e.service }] : []),
    { key: 'method', header: 'Method', width: '72px', cell: (e) => <span css={mono}>{e.method}</span> },
    { key: 'path', header: 'Path', width: 'minmax(160px, 2fr)', cell: (e) => <span css={mono} title={e.path + queryString(e)}>{e.path}{queryString(e)}</span> },
    { key: 'latency', header: 'Latency', width: '80px', align: 'end', cell: (e) => formatLatency(e.latency_ms) },
    { key: 'who', header: 'Role / user', width: 'minmax(100px, 1fr)', cell: (e) => [e.role, e.user_id].filter(Boolean).join(' · ') || '—' },
    { key: 'detail', header: 'Event', width: 'minmax(120px, 1.5fr)', cell: (e) => entryDetail(e) || '—' },
  ];
}
