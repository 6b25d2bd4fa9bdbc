import { useArea } from '@plinth/area-kit';
import { Button } from '@plinth/shared-ui/button';
import { CopyIcon } from '@plinth/shared-ui/icons';
import { KeyValueList } from '@plinth/shared-ui/page';
import { SidePanel } from '@plinth/shared-ui/side-panel';
import { Tooltip } from '@plinth/shared-ui/tooltip';
import { tokens } from '@plinth/shared-ui/theme';
import { cellText, type ResultRow } from './result-export';

const COPY_NOTICE_MS = 3000;

/**
 * One result row in full: every column's value (objects as indented JSON), each copyable, and the
 * whole row as JSON. It confirms nothing: × or Escape closes it and focus goes back to the table.
 */
export function RowPanel({ row, index, columns, onClose }: { row: ResultRow; index: number; columns: readonly string[]; onClose: () => void }) {
  const { notify } = useArea();
  const copy = async (text: string, what: string) => {
    try {
      await navigator.clipboard.writeText(text);
      notify({ kind: 'success', message: `Copied ${what} to clipboard`, durationMs: COPY_NOTICE_MS });
    } catch {
      notify({ kind: 'error', message: `Could not copy ${what}: the browser refused access to the clipboard` });
    }
  };
  const when = typeof row.timestamp === 'string' ? row.timestamp : null;
  const items = columns.map((name) => {
    const value = row[name];
    const text = value !== null && typeof value === 'object' ? JSON.stringify(value, null, 2) : cellText(value);
    return {
      key: name,
      label: <span css={{ fontFamily: tokens.font.mono }}>{name}</span>,
      value: (
        <span css={{ display: 'flex', alignItems: 'flex-start', gap: tokens.space.xs, minHeight: 24 }}>
          <span css={{ flex: 1, minWidth: 0, whiteSpace: 'pre-wrap', fontFamily: typeof value === 'object' && value !== null ? tokens.font.mono : undefined, color: value === null || value === undefined ? tokens.color.textMuted : undefined }}>{text}</span>
          {value !== null && value !== undefined ? (
            <Tooltip content={`Copy ${name}`}>
              <Button size="small" variant="ghost" aria-label={`Copy ${name}`} icon={<CopyIcon size={14} />} onClick={() => void copy(text, name)} />
            </Tooltip>
          ) : null}
        </span>
      ),
    };
  });
  return (
    <SidePanel open onOpenChange={(open) => (open ? undefined : onClose())} title={when ? `Event at ${when}` : `Row ${index + 1}`} description="Every column of this result row.">
      <div css={{ display: 'flex', flexDirection: 'column', gap: tokens.space.md }}>
        <div>
          <Button size="small" icon={<CopyIcon size={14} />} onClick={() => void copy(JSON.stringify(row, null, 2), 'row as JSON')}>
            Copy as JSON
          </Button>
        </div>
        <KeyValueList items={items} labelWidth="160px" />
      </div>
    </SidePanel>
  );
}
