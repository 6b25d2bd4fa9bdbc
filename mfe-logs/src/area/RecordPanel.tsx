import type { ReactNode } from 'react';
import { useArea } from '@plinth/area-kit';
import { Button } from '@plinth/shared-ui/button';
import { CopyIcon } from '@plinth/shared-ui/icons';
import { KeyValueList } from '@plinth/shared-ui/page';
import { SidePanel } from '@plinth/shared-ui/side-panel';
import { Tooltip } from '@plinth/shared-ui/tooltip';
import { tokens } from '@plinth/shared-ui/theme';

const COPY_NOTICE_MS = 3000;

export interface RecordField {
  key: string;
  label: ReactNode;
  /** How the field is named in its copy button and notice ("path", "status"). */
  name: string;
  /** What is copied; null when the record has no such value (shown as a dash, nothing to copy). */
  text: string | null;
  /** What is shown instead of the text (a badge; JSON in a monospaced font). */
  shown?: ReactNode;
}

/**
 * One record in full, in a side panel that shows and copies: the whole record as JSON, or one
 * field's value. It confirms nothing, so it has no footer: × or Escape closes it and focus goes back
 * to where it was opened from.
 */
export function RecordPanel(props: {
  title: string;
  description: string;
  /** The whole record, copied as indented JSON. */
  record: unknown;
  /** What "Copy as JSON" copies, as its notice says it ("row as JSON"). */
  recordName: string;
  fields: readonly RecordField[];
  labelWidth: string;
  onClose: () => void;
}) {
  const { notify } = useArea();
  const copy = async (text: string, what: string) => {
    try {
      await navigator.clipboard.writeText(text);
      notify({ kind: 'success', message: `Copied ${what} to clipboard`, durationMs: COPY_NOTICE_MS });
    } catch {
      notify({ kind: 'error', message: `Could not copy ${what}: the browser refused access to the clipboard` });
    }
  };
  const items = props.fields.map((field) => ({
    key: field.key,
    label: field.label,
    value: (
      <span css={{ display: 'flex', alignItems: 'flex-start', gap: tokens.space.xs, minHeight: 24 }}>
        <span css={{ flex: 1, minWidth: 0, whiteSpace: 'pre-wrap', color: field.text === null ? tokens.color.textMuted : undefined }}>{field.shown ?? field.text ?? '—'}</span>
        {field.text !== null ? (
          <Tooltip content={`Copy ${field.name}`}>
            <Button size="small" variant="ghost" aria-label={`Copy ${field.name}`} icon={<CopyIcon size={14} />} onClick={() => void copy(field.text!, field.name)} />
          </Tooltip>
        ) : null}
      </span>
    ),
  }));
  return (
    <SidePanel open onOpenChange={(open) => (open ? undefined : props.onClose())} title={props.title} description={props.description}>
      <div css={{ display: 'flex', flexDirection: 'column', gap: tokens.space.md }}>
        <div>
          <Button size="small" icon={<CopyIcon size={14} />} onClick={() => void copy(JSON.stringify(props.record, null, 2), props.recordName)}>
            Copy as JSON
          </Button>
        </div>
        <KeyValueList items={items} labelWidth={props.labelWidth} />
      </div>
    </SidePanel>
  );
}
