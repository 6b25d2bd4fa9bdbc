import type { ReactNode } from 'react';
import { tokens } from '@plinth/shared-ui/theme';

export interface KeyValueItem {
  key: string;
  label: ReactNode;
  value: ReactNode;
}

export interface KeyValueListProps {
  items: readonly KeyValueItem[];
  /** Label column width (CSS length). Default 180px. */
  labelWidth?: string;
}

/** Facts about one thing (a project's region, a bucket's limits) as a description list. */
export function KeyValueList({ items, labelWidth = '180px' }: KeyValueListProps) {
  return (
    <dl css={{ display: 'grid', gridTemplateColumns: `minmax(120px, ${labelWidth}) minmax(0, 1fr)`, margin: 0, fontSize: tokens.fontSize.sm }}>
      {items.map((item) => (
        <div key={item.key} css={{ display: 'contents', '& > *': { padding: `${tokens.space.sm} 0`, borderBottom: `1px solid ${tokens.color.border}` }, '&:last-of-type > *': { borderBottom: 'none' } }}>
          <dt css={{ color: tokens.color.textMuted, paddingRight: tokens.space.lg }}>{item.label}</dt>
          <dd css={{ margin: 0, minWidth: 0, overflowWrap: 'anywhere' }}>{item.value}</dd>
        </div>
      ))}
    </dl>
  );
}
