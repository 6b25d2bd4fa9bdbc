import type { ReactNode } from 'react';
import type { ProjectLogEntry } from '@plinth/contracts-logs';
import { useArea } from '@plinth/area-kit';
import { Button } from '@plinth/shared-ui/button';
import { CopyIcon } from '@plinth/shared-ui/icons';
import { SidePanel } from '@plinth/shared-ui/side-panel';
import { KeyValueList } from '@plinth/shared-ui/page';
import { StatusBadge } from '@plinth/shared-ui/layout';
import { Tooltip } from '@plinth/shared-ui/tooltip';
import { tokens } from '@plinth/shared-ui/theme';
import { formatLatency, queryString, statusTone } from './log-columns';

const COPY_NOTICE_MS = 3000;

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

/**
 * Every field of one log entry, in a side panel that shows and copies: the whole entry as JSON, or
 * one field's value. It confirms nothing, so it has no footer; × or Escape closes it.
 */
export function LogEntryPanel({ entry, onClose }: { entry: ProjectLogEntry; onClose: () => void }) {
  const { notify } = useArea();
  const copy = async (text: string, what: string) => {
    try {
      await navigator.clipboard.writeText(text);
      notify({ kind: 'success', message: `Copied ${what} to clipboard`, durationMs: COPY_NOTICE_MS });
    } catch {
      notify({ kind: 'error', message: `Could not copy ${what}: the browser refused access to the clipboard` });
    }
  };
  const items = fieldsOf(entry).map((field) => ({
    key: field.key,
    label: field.label,
    value: (
      <span css={{ display: 'flex', alignItems: 'center', gap: tokens.space.xs, minHeight: 24 }}>
        <span css={{ flex: 1, minWidth: 0 }}>{field.shown ?? field.text ?? '—'}</span>
        {field.text !== null ? (
          <Tooltip content={`Copy ${field.label.toLowerCase()}`}>
            <Button size="small" variant="ghost" aria-label={`Copy ${field.label.toLowerCase()}`} icon={<CopyIcon size={14} />} onClick={() => void copy(field.text!, field.label.toLowerCase())} />
          </Tooltip>
        ) : null}
      </span>
    ),
  }));
  return (
    <SidePanel open onOpenChange={(open) => (open ? undefined : onClose())} title={`${entry.method} ${entry.path}`} description="Every field of this log entry.">
      <div css={{ display: 'flex', flexDirection: 'column', gap: tokens.space.md }}>
        <div>
          <Button size="small" icon={<CopyIcon size={14} />} onClick={() => void copy(JSON.stringify(entry, null, 2), 'log entry as JSON')}>
            Copy as JSON
          </Button>
        </div>
        <KeyValueList items={items} labelWidth="140px" />
      </div>
    </SidePanel>
  );
}
