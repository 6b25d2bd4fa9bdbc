import type { ProjectLogEntry } from '@plinth/shared-contracts';
import { SidePanel } from '@plinth/shared-ui/side-panel';
import { KeyValueList } from '@plinth/shared-ui/page';
import { StatusBadge } from '@plinth/shared-ui/layout';
import { formatLatency, queryString, statusTone } from './log-columns';

const or = (value: string | null | undefined) => (value ? value : '—');

/** Every field of one log entry, in a side panel. */
export function LogEntryPanel({ entry, onClose }: { entry: ProjectLogEntry | null; onClose: () => void }) {
  const items = entry
    ? [
        { key: 'time', label: 'Time', value: entry.timestamp },
        { key: 'service', label: 'Service', value: entry.service },
        { key: 'status', label: 'Status', value: <StatusBadge tone={statusTone(entry.status)}>{entry.status}</StatusBadge> },
        { key: 'method', label: 'Method', value: entry.method },
        { key: 'path', label: 'Path', value: entry.path },
        { key: 'query', label: 'Query', value: or(queryString(entry)) },
        { key: 'latency', label: 'Latency', value: formatLatency(entry.latency_ms) },
        { key: 'role', label: 'Role', value: or(entry.role) },
        { key: 'user', label: 'User id', value: or(entry.user_id) },
        { key: 'bytes', label: 'Bytes out', value: String(entry.bytes_out) },
        { key: 'event', label: 'Auth event', value: or(entry.event) },
        { key: 'storage', label: 'Storage operation', value: entry.storage ? [entry.storage.operation, entry.storage.bucket_id, entry.storage.object_name].filter(Boolean).join(' ') : '—' },
        { key: 'error', label: 'Database error', value: entry.error ? `${entry.error.code}${entry.error.message ? `: ${entry.error.message}` : ''}` : '—' },
        { key: 'id', label: 'Entry id', value: entry.id },
      ]
    : [];
  return (
    <SidePanel open={entry !== null} onOpenChange={(open) => (open ? undefined : onClose())} title={entry ? `${entry.method} ${entry.path}` : 'Log entry'} description="Every field of this log entry.">
      <KeyValueList items={items} labelWidth="140px" />
    </SidePanel>
  );
}
