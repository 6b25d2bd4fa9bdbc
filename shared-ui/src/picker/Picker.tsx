import { useEffect, useRef, useState, type ReactNode } from 'react';
import { lazyPart } from '@plinth/shared-ui/on-intent';
import { css } from '@emotion/react';
import { tokens } from '@plinth/shared-ui/theme';
import { ChevronsUpDownIcon, SearchIcon } from '@plinth/shared-ui/icons';
import type { PickerAction, PickerOption, TypedAhead } from './picker-types';
import { panelStyle, searchBarStyle, searchInputStyle } from './picker-style';

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

export type { PickerAction, PickerOption } from './picker-types';

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


/** The list (cmdk, its rows and keyboard model): asked for when the pointer is over a picker's button, it has focus, or is pressed. */
const pickerList = lazyPart(() => import('./PickerList').then((m) => m.PickerList));

/** Loads the list's code now (a page about to open a picker; component tests, so a list opens at once). */
export const preloadPickerList = (): Promise<unknown> => pickerList.preload();

/**
 * A button that opens a searchable list, keyboard first: typing filters, arrows, Home/End and Page
 * Up/Down move, Enter picks, Escape closes and gives focus back to the button. The list is cmdk's
 * (a combobox search field driving a listbox), with action entries after the choices. The button
 * is drawn at first paint; the list's code loads on the first sign of intent, and what is typed
 * before it is here is kept.
 */
export function Picker({ label, children, currentLabel, options, value, onPick, actions = [], emptyText = 'No results found', defaultOpen = false }: PickerProps) {
  const [open, setOpen] = useState(defaultOpen);
  const [query, setQuery] = useState('');
  const List = pickerList.useLoaded();
  const rootRef = useRef<HTMLDivElement>(null);
  const triggerRef = useRef<HTMLButtonElement>(null);
  // Focus moves into the search field when the user opens the list, not for a list shown open from the start.
  const [focusSearch, setFocusSearch] = useState(false);
  // Arrows and Enter pressed before the list is here: played to it when it arrives.
  const typedAhead = useRef<TypedAhead>({ moves: 0, enter: false });
  useEffect(() => {
    if (open) void pickerList.preload();
  }, [open]);

  const close = (refocus: boolean) => {
    setOpen(false);
    setQuery('');
    if (refocus) triggerRef.current?.focus();
  };
  const openList = () => {
    void pickerList.preload();
    typedAhead.current = { moves: 0, enter: false };
    setFocusSearch(true);
    setOpen(true);
  };

  useEffect(() => {
    if (!open) return;
    const onPointerDown = (event: PointerEvent) => {
      if (!rootRef.current?.contains(event.target as Node)) close(false);
    };
    document.addEventListener('pointerdown', onPointerDown);
    return () => document.removeEventListener('pointerdown', onPointerDown);
  }, [open]);

  const preload = () => void pickerList.preload();
  const searchLabel = `Search ${label.toLowerCase()}s`;
  const placeholder = `Find ${label.toLowerCase()}…`;
  return (
    <div ref={rootRef} css={{ position: 'relative', minWidth: 0 }}>
      <button
        ref={triggerRef}
        type="button"
        aria-haspopup="listbox"
        aria-expanded={open}
        aria-label={currentLabel ? `${label}: ${currentLabel}` : label}
        css={triggerStyle}
        onPointerEnter={preload}
        onFocus={preload}
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
      {open && List ? (
        <List
          label={label}
          searchLabel={searchLabel}
          placeholder={placeholder}
          options={options}
          value={value}
          actions={actions}
          emptyText={emptyText}
          query={query}
          onQueryChange={setQuery}
          autoFocus={focusSearch}
          typedAhead={typedAhead.current}
          onClose={close}
          onPick={(key) => {
            close(true);
            onPick(key);
          }}
        />
      ) : open ? (
        // While the list's code arrives: the search field alone, so what is typed is kept.
        <div css={panelStyle}>
          <div css={searchBarStyle}>
            <SearchIcon size={14} />
            <input
              aria-label={searchLabel}
              placeholder={placeholder}
              value={query}
              autoFocus={focusSearch}
              onChange={(event) => setQuery(event.target.value)}
              onKeyDown={(event) => {
                const moves: Record<string, number> = { ArrowDown: 1, ArrowUp: -1 };
                if (event.key in moves || event.key === 'Enter') {
                  event.preventDefault();
                  if (event.key === 'Enter') typedAhead.current.enter = true;
                  else typedAhead.current.moves += moves[event.key];
                } else if (event.key === 'Escape') {
                  event.preventDefault();
                  event.stopPropagation();
                  close(true);
                } else if (event.key === 'Tab') close(false);
              }}
              css={searchInputStyle}
            />
          </div>
        </div>
      ) : null}
    </div>
  );
}
