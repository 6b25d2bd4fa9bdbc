import { useRef, type KeyboardEvent, type ReactNode } from 'react';
import { css } from '@emotion/react';
import { tokens } from '@plinth/shared-ui/theme';

export interface TabItem {
  key: string;
  label: ReactNode;
  /** Small count or badge after the label. */
  badge?: ReactNode;
}

export interface TabsProps {
  items: readonly TabItem[];
  value: string;
  onValueChange: (key: string) => void;
  'aria-label': string;
  /** Id prefix of the panels the tabs control (`${idPrefix}-panel-${key}`), when the page renders them. */
  idPrefix?: string;
}

const c = tokens.color;

const tabStyle = css({
  display: 'inline-flex',
  alignItems: 'center',
  gap: tokens.space.xs,
  padding: `${tokens.space.sm} ${tokens.space.xxs}`,
  marginBottom: -1,
  border: 'none',
  borderBottom: '2px solid transparent',
  background: 'none',
  color: c.textMuted,
  font: 'inherit',
  fontSize: tokens.fontSize.sm,
  fontWeight: tokens.fontWeight.medium,
  cursor: 'pointer',
  transition: `color ${tokens.motion.fast}, border-color ${tokens.motion.fast}`,
  '&:hover': { color: c.text },
  '&[aria-selected="true"]': { color: c.text, borderBottomColor: c.brand },
  '&:focus-visible': tokens.focusRing,
});

/**
 * Tabs under a page header: one tab stop, arrows (and Home, End) move between tabs and select them.
 */
export function Tabs({ items, value, onValueChange, 'aria-label': ariaLabel, idPrefix }: TabsProps) {
  const refs = useRef<(HTMLButtonElement | null)[]>([]);
  const move = (event: KeyboardEvent, index: number) => {
    const last = items.length - 1;
    const next = { ArrowRight: index === last ? 0 : index + 1, ArrowLeft: index === 0 ? last : index - 1, Home: 0, End: last }[event.key];
    if (next === undefined) return;
    event.preventDefault();
    refs.current[next]?.focus();
    onValueChange(items[next].key);
  };
  return (
    <div role="tablist" aria-label={ariaLabel} css={{ display: 'flex', gap: tokens.space.lg, borderBottom: `1px solid ${c.border}`, overflowX: 'auto' }}>
      {items.map((item, index) => {
        const selected = item.key === value;
        return (
          <button
            key={item.key}
            ref={(el) => {
              refs.current[index] = el;
            }}
            type="button"
            role="tab"
            id={idPrefix ? `${idPrefix}-tab-${item.key}` : undefined}
            aria-controls={idPrefix ? `${idPrefix}-panel-${item.key}` : undefined}
            aria-selected={selected}
            tabIndex={selected ? 0 : -1}
            css={tabStyle}
            onClick={() => onValueChange(item.key)}
            onKeyDown={(event) => move(event, index)}
          >
            {item.label}
            {item.badge !== undefined ? <span css={{ color: c.textMuted, fontSize: tokens.fontSize.xs }}>{item.badge}</span> : null}
          </button>
        );
      })}
    </div>
  );
}
