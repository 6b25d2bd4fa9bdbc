import type { ReactNode } from 'react';
import type { ProjectLogEntry } from '@plinth/contracts-logs';
import { StatusBadge } from '@plinth/shared-ui/layout';
import { RecordPanel } from '../../area/RecordPanel';
import { formatLatency, queryString, statusTone } from './log-columns';

interface Field {
  key: string;
  label: string;
  /** What is copied; null when the entry has no such value (shown as a dash, nothing to copy). */
  text: string | null;
  shown?: ReactNode;
}

function fieldsOf(entry: ProjectLogEntry): Field[] {
  const or = (value: string | null | undefined) => (value ? value : null);
  return [
    { key: 'time', label: 'Time', text: entry.timestamp },
    { key: 'service', label: 'Service', text: entry.service },
    { key: 'status', label: 'Status', text: String(entry.status), shown: <StatusBadge tone={statusTone(entry.status)}>{entry.status}</StatusBadge> },
    { key: 'method', label: 'Method', text: entry.method },
    { key: 'path', label: 'Path', text: entry.path },
    { key: 'query', label: 'Query', text: or(queryString(entry)) },
    { key: 'latency', label: 'Latency', text: formatLatency(entry.latency_ms) },
    { key: 'role', label: 'Role', text: or(entry.role) },
    { key: 'user', label: 'User id', text: or(entry.user_id) },
    { key: 'bytes', label: 'Bytes out', text: String(entry.bytes_out) },
    { key: 'event', label: 'Auth event', text: or(entry.event) },
    { key: 'storage', label: 'Storage operation', text: entry.storage ? [entry.storage.operation, entry.storage.bucket_id, entry.storage.object_name].filter(Boolean).join(' ') : null },
    { key: 'error', label: 'Database error', text: entry.error ? `${entry.error.code}${entry.error.message ? `: ${entry.error.message}` : ''}` : null },
    { key: 'id', label: 'Entry id', text: entry.id },
  ];
}

/** Every field of one log entry, in the side panel that shows and copies a record. */
export function LogEntryPanel({ entry, onClose }: { entry: ProjectLogEntry; onClose: () => void }) {
  const fields = fieldsOf(entry).map((field) => ({ ...field, name: field.label.toLowerCase() }));
  return (
    <RecordPanel
      title={`${entry.method} ${entry.path}`}
      description="Every field of this log entry."
      record={entry}
      recordName="log entry as JSON"
      fields={fields}
      labelWidth="140px"
      onClose={onClose}
    />
  );
}
