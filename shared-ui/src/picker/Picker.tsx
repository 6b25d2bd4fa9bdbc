import { useEffect, useId, useRef, useState, type KeyboardEvent, type ReactNode } from 'react';
import { css } from '@emotion/react';
import { tokens } from '@plinth/shared-ui/theme';
import { CheckIcon, ChevronsUpDownIcon, SearchIcon } from '@plinth/shared-ui/icons';
import { filterPickerItems, type PickerItem } from './filter-items';

export interface PickerOption extends PickerItem {
  icon?: ReactNode;
  /** At the right of the row, e.g. a status badge. */
  detail?: ReactNode;
  /** Drawn indented under the row before it (a branch under its project). */
  nested?: boolean;
}

export interface PickerAction {
  key: string;
  label: string;
  icon?: ReactNode;
  onSelect: () => void;
}

export interface PickerProps {
  /** What is picked, e.g. 'Project': names the button, the search field and the list. */
  label: string;
  /** Content of the button: the current choice. */
  children: ReactNode;
  /** The current choice in words, for the button's accessible name ('Project: Orders'). */
  currentLabel?: string;
  options: readonly PickerOption[];
  /** Key of the current choice, marked with a check. */
  value?: string;
  onPick: (key: string) => void;
  /** Entries under the list that are not choices ('New project'). */
  actions?: readonly PickerAction[];
  /** Shown when nothing matches, e.g. 'No projects found'. */
  emptyText?: string;
  /** Start open (the gallery shows the list). */
  defaultOpen?: boolean;
}

const c = tokens.color;

const triggerStyle = css({
  display: 'inline-flex',
  alignItems: 'center',
  gap: tokens.space.xs,
  minWidth: 0,
  // Shrinks with a narrow header: the name ends in an ellipsis, the chevron stays.
  maxWidth: 'min(260px, 100%)',
  padding: `${tokens.space.xs} ${tokens.space.sm}`,
  border: '1px solid transparent',
  borderRadius: tokens.radius.md,
  background: 'transparent',
  color: c.text,
  font: 'inherit',
  fontSize: tokens.fontSize.sm,
  fontWeight: tokens.fontWeight.medium,
  cursor: 'pointer',
  transition: `background-color ${tokens.motion.fast}`,
  '&:hover, &[aria-expanded="true"]': { background: c.surfaceHover },
  '&:focus-visible': tokens.focusRing,
});

const rowStyle = css({
  display: 'flex',
  alignItems: 'center',
  gap: tokens.space.sm,
  padding: `6px ${tokens.space.sm}`,
  borderRadius: tokens.radius.sm,
  fontSize: tokens.fontSize.sm,
  color: c.text,
  cursor: 'pointer',
  '&[data-active]': { background: c.surfaceHover },
});

/**
 * A button that opens a searchable list, keyboard first: typing filters, arrows and Home/End move,
 * Enter picks, Escape closes and gives focus back to the button. The list is a listbox driven by
 * the search field (combobox), with action entries after the choices.
 */
export function Picker({ label, children, currentLabel, options, value, onPick, actions = [], emptyText = 'No results found', defaultOpen = false }: PickerProps) {
  const [open, setOpen] = useState(defaultOpen);
  const [query, setQuery] = useState('');
  const [active, setActive] = useState(0);
  const id = useId();
  const rootRef = useRef<HTMLDivElement>(null);
  const triggerRef = useRef<HTMLButtonElement>(null);
  const listRef = useRef<HTMLDivElement>(null);
  const searchRef = useRef<HTMLInputElement>(null);
  // Focus moves into the search field when the user opens the list, not for a list shown open from the start.
  const firstRender = useRef(true);
  useEffect(() => {
    if (open && !firstRender.current) searchRef.current?.focus();
    firstRender.current = false;
  }, [open]);

  const shown = filterPickerItems(options, query);
  const entries: { key: string; kind: 'option' | 'action' }[] = [...shown.map((o) => ({ key: o.key, kind: 'option' as const })), ...actions.map((a) => ({ key: a.key, kind: 'action' as const }))];
  const activeIndex = Math.min(active, entries.length - 1);
  const entryId = (index: number) => `${id}-entry-${index}`;

  const close = (refocus: boolean) => {
    setOpen(false);
    setQuery('');
    if (refocus) triggerRef.current?.focus();
  };
  const openList = () => {
    const current = shown.findIndex((o) => o.key === value);
    setActive(current >= 0 ? current : 0);
    setOpen(true);
  };
  const choose = (index: number) => {
    const entry = entries[index];
    if (!entry) return;
    close(true);
    if (entry.kind === 'option') onPick(entry.key);
    else actions.find((a) => a.key === entry.key)?.onSelect();
  };

  useEffect(() => {
    if (!open) return;
    const onPointerDown = (event: PointerEvent) => {
      if (!rootRef.current?.contains(event.target as Node)) close(false);
    };
    document.addEventListener('pointerdown', onPointerDown);
    return () => document.removeEventListener('pointerdown', onPointerDown);
  }, [open]);

  useEffect(() => {
    // Keeps the active row in view inside the list only (scrollIntoView would scroll the page too).
    const list = listRef.current;
    const row = list?.querySelector<HTMLElement>('[data-active]');
    if (!open || !list || !row) return;
    if (row.offsetTop < list.scrollTop) list.scrollTop = row.offsetTop;
    else if (row.offsetTop + row.offsetHeight > list.scrollTop + list.clientHeight) list.scrollTop = row.offsetTop + row.offsetHeight - list.clientHeight;
  }, [open, activeIndex]);

  const onSearchKey = (event: KeyboardEvent<HTMLInputElement>) => {
    const last = entries.length - 1;
    const moves: Record<string, number> = { ArrowDown: activeIndex >= last ? 0 : activeIndex + 1, ArrowUp: activeIndex <= 0 ? last : activeIndex - 1, PageDown: Math.min(last, activeIndex + 8), PageUp: Math.max(0, activeIndex - 8) };
    if (event.key in moves) {
      event.preventDefault();
      setActive(moves[event.key]);
    } else if (event.key === 'Enter') {
      event.preventDefault();
      choose(activeIndex);
    } else if (event.key === 'Escape') {
      event.preventDefault();
      event.stopPropagation();
      close(true);
    } else if (event.key === 'Tab') {
      close(false);
    }
  };

  return (
    <div ref={rootRef} css={{ position: 'relative', minWidth: 0 }}>
      <button
        ref={triggerRef}
        type="button"
        aria-haspopup="listbox"
        aria-expanded={open}
        aria-label={currentLabel ? `${label}: ${currentLabel}` : label}
        css={triggerStyle}
        onClick={() => (open ? close(false) : openList())}
        onKeyDown={(event) => {
          if (!open && (event.key === 'ArrowDown' || event.key === 'ArrowUp')) {
            event.preventDefault();
            openList();
          }
        }}
      >
        <span css={{ display: 'inline-flex', alignItems: 'center', gap: tokens.space.xs, minWidth: 0, overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' }}>{children}</span>
        <span css={{ display: 'inline-flex', flex: 'none', color: c.textMuted }}>
          <ChevronsUpDownIcon size={14} />
        </span>
      </button>
      {open ? (
        <div
          css={{
            position: 'absolute',
            top: 'calc(100% + 4px)',
            left: 0,
            zIndex: tokens.layer.menu,
            width: 300,
            maxWidth: 'calc(100vw - 24px)',
            border: `1px solid ${c.border}`,
            borderRadius: tokens.radius.lg,
            background: c.surfaceRaised,
            boxShadow: tokens.elevation.popover,
            overflow: 'hidden',
          }}
        >
          <div css={{ display: 'flex', alignItems: 'center', gap: tokens.space.sm, padding: `0 ${tokens.space.md}`, borderBottom: `1px solid ${c.border}`, color: c.textMuted }}>
            <SearchIcon size={14} />
            <input
              ref={searchRef}
              role="combobox"
              aria-label={`Search ${label.toLowerCase()}s`}
              aria-expanded="true"
              aria-controls={`${id}-list`}
              aria-autocomplete="list"
              aria-activedescendant={entries.length > 0 ? entryId(activeIndex) : undefined}
              placeholder={`Find ${label.toLowerCase()}…`}
              value={query}
              onChange={(event) => {
                const next = event.target.value;
                setQuery(next);
                // With no matching choice, Enter runs the action the words name ('new' → New project).
                const matching = filterPickerItems(options, next).length;
                const action = matching === 0 ? filterPickerItems(actions, next)[0] : undefined;
                setActive(action ? actions.indexOf(action) : 0);
              }}
              onKeyDown={onSearchKey}
              css={{ flex: 1, minWidth: 0, height: 38, border: 'none', outline: 'none', background: 'transparent', color: c.text, font: 'inherit', fontSize: tokens.fontSize.sm }}
            />
          </div>
          {shown.length === 0 ? <div role="status" css={{ padding: `${tokens.space.sm} ${tokens.space.md} 0`, color: c.textMuted, fontSize: tokens.fontSize.sm }}>{emptyText}</div> : null}
          <div ref={listRef} id={`${id}-list`} role="listbox" aria-label={`${label}s`} css={{ position: 'relative', maxHeight: 320, overflowY: 'auto', padding: tokens.space.xs }}>
            {shown.map((option, index) => (
              <div
                key={option.key}
                id={entryId(index)}
                role="option"
                aria-selected={option.key === value}
                data-active={index === activeIndex ? '' : undefined}
                css={[rowStyle, option.nested ? { paddingLeft: 28 } : null]}
                onPointerMove={() => setActive(index)}
                onClick={() => choose(index)}
              >
                {option.icon ? <span css={{ display: 'inline-flex', color: c.textMuted }}>{option.icon}</span> : null}
                <span css={{ flex: 1, minWidth: 0, overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' }}>{option.label}</span>
                {option.detail}
                <span css={{ display: 'inline-flex', width: 14, color: c.brandText }}>{option.key === value ? <CheckIcon size={14} /> : null}</span>
              </div>
            ))}
            {actions.length > 0 ? <div aria-hidden="true" css={{ height: 1, margin: `${tokens.space.xs} 0`, background: c.border }} /> : null}
            {actions.map((action, i) => {
              const index = shown.length + i;
              return (
                <div
                  key={action.key}
                  id={entryId(index)}
                  role="option"
                  aria-selected={false}
                  data-active={index === activeIndex ? '' : undefined}
                  css={[rowStyle, { color: c.textMuted }]}
                  onPointerMove={() => setActive(index)}
                  onClick={() => choose(index)}
                >
                  {action.icon ? <span css={{ display: 'inline-flex' }}>{action.icon}</span> : null}
                  {action.label}
                </div>
              );
            })}
          </div>
        </div>
      ) : null}
    </div>
  );
}
