import { tokens } from '@plinth/shared-ui/theme';
import { RecordPanel, type RecordField } from '../../area/RecordPanel';
import { cellText, type ResultRow } from './result-export';

/**
 * One result row in full: every column's value (objects as indented JSON), each copyable, and the
 * whole row as JSON. It confirms nothing: × or Escape closes it and focus goes back to the table.
 */
export function RowPanel({ row, index, columns, onClose }: { row: ResultRow; index: number; columns: readonly string[]; onClose: () => void }) {
  const when = typeof row.timestamp === 'string' ? row.timestamp : null;
  const fields: RecordField[] = columns.map((name) => {
    const value = row[name];
    const object = value !== null && typeof value === 'object';
    const text = object ? JSON.stringify(value, null, 2) : cellText(value);
    const missing = value === null || value === undefined;
    return {
      key: name,
      label: <span css={{ fontFamily: tokens.font.mono }}>{name}</span>,
      name,
      text: missing ? null : text,
      shown: missing ? text : object ? <span css={{ fontFamily: tokens.font.mono }}>{text}</span> : undefined,
    };
  });
  return (
    <RecordPanel
      title={when ? `Event at ${when}` : `Row ${index + 1}`}
      description="Every column of this result row."
      record={row}
      recordName="row as JSON"
      fields={fields}
      labelWidth="160px"
      onClose={onClose}
    />
  );
}
