import { memo } from 'react';
import { Link } from 'react-router-dom';
import { createIcon, KeyIcon } from '@plinth/shared-ui/icons';
import { tokens } from '@plinth/shared-ui/theme';
import { BOX, referenceText, type BoxPlace, type DiagramColumn, type DiagramTable } from './diagram-model';

const c = tokens.color;

/** A foreign key: an arrow into a bar (the key it points to). */
const ForeignKeyIcon = createIcon('ForeignKeyIcon', (
  <>
    <path d="M3 12h13" />
    <path d="M11 7l5 5-5 5" />
    <path d="M20 5v14" />
  </>
));
/** Nullable: a hollow diamond; not null: a filled one. */
const NullableIcon = createIcon('NullableIcon', <path d="M12 4l8 8-8 8-8-8z" />);
const NotNullIcon = createIcon('NotNullIcon', <path d="M12 4l8 8-8 8-8-8z" fill="currentColor" />);

const boxCss = {
  position: 'absolute',
  display: 'flex',
  flexDirection: 'column',
  background: c.surface,
  border: `1px solid ${c.borderStrong}`,
  borderRadius: tokens.radius.md,
  boxShadow: tokens.elevation.card,
  color: c.text,
  cursor: 'pointer',
  overflow: 'hidden',
  '&:hover': { borderColor: c.brand },
  '&:focus-within': { outline: `2px solid ${c.focus}`, outlineOffset: 2 },
} as const;

const headerCss = {
  display: 'flex',
  alignItems: 'center',
  gap: tokens.space.sm,
  height: BOX.header,
  flex: 'none',
  padding: `0 ${tokens.space.md}`,
  background: c.surfaceHover,
  borderBottom: `1px solid ${c.border}`,
  color: c.text,
  fontWeight: tokens.fontWeight.semibold,
  fontSize: tokens.fontSize.sm,
  textDecoration: 'none',
  whiteSpace: 'nowrap',
  overflow: 'hidden',
  textOverflow: 'ellipsis',
  WebkitUserDrag: 'none',
  '&:focus-visible': { outline: 'none', textDecoration: 'underline' },
} as const;

const rowCss = {
  display: 'flex',
  alignItems: 'center',
  height: BOX.row,
  padding: `0 ${tokens.space.md} 0 ${tokens.space.sm}`,
  fontSize: tokens.fontSize.xs,
  fontFamily: tokens.font.mono,
  whiteSpace: 'nowrap',
} as const;

function columnTitle(column: DiagramColumn): string {
  return [
    `${column.name} ${column.type}`,
    column.primaryKey ? 'primary key' : null,
    column.nullable ? 'nullable' : 'not null',
    column.unique ? 'unique' : null,
    column.references ? `references ${referenceText(column.references)}` : null,
  ]
    .filter(Boolean)
    .join(', ');
}

function ColumnRow({ column }: { column: DiagramColumn }) {
  return (
    <li css={rowCss} title={columnTitle(column)}>
      <span css={{ display: 'inline-flex', gap: 2, width: BOX.marks - 8, flex: 'none' }}>
        {column.primaryKey ? <KeyIcon size={12} title="Primary key" css={{ color: c.warningText }} /> : null}
        {column.references ? <ForeignKeyIcon size={12} title={`Foreign key to ${referenceText(column.references)}`} css={{ color: c.brandText }} /> : null}
        {column.nullable ? <NullableIcon size={12} title="Nullable" css={{ color: c.textMuted }} /> : <NotNullIcon size={12} title="Not null" css={{ color: c.textMuted }} />}
      </span>
      <span css={{ flex: 1, minWidth: 0, overflow: 'hidden', textOverflow: 'ellipsis', fontWeight: column.primaryKey ? tokens.fontWeight.semibold : undefined }}>{column.name}</span>
      <span css={{ marginLeft: tokens.space.md, color: c.textMuted, overflow: 'hidden', textOverflow: 'ellipsis', maxWidth: '55%' }}>{column.type}</span>
    </li>
  );
}

/**
 * One table of the diagram: its name (a link to the table in the Table Editor, so Enter on a focused
 * table opens it) over its columns with their keys and types. A click anywhere on the box opens it too
 * (the diagram listens once for all boxes, by `data-table-box`).
 */
export const TableBox = memo(function TableBox({ table, place }: { table: DiagramTable; place: BoxPlace }) {
  return (
    <div role="group" aria-label={`Table ${table.name}`} data-table-box={table.id} css={boxCss} style={{ left: place.x, top: place.y, width: table.width, height: table.height }}>
      <Link to={`/editor/${table.id}`} draggable={false} title={`Open ${table.schema}.${table.name} in the Table Editor`} css={headerCss}>
        {table.name}
        {table.type === 'partitioned table' ? <span css={{ color: c.textMuted, fontWeight: tokens.fontWeight.regular }}>partitioned</span> : null}
      </Link>
      <ul aria-label={`Columns of ${table.name}`} css={{ listStyle: 'none', margin: 0, padding: `${BOX.padding / 2}px 0` }}>
        {table.columns.map((column) => (
          <ColumnRow key={column.name} column={column} />
        ))}
        {table.columns.length === 0 ? <li css={[rowCss, { color: c.textMuted, fontFamily: tokens.font.body }]}>No columns</li> : null}
      </ul>
    </div>
  );
});
