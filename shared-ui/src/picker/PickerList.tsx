import { useEffect, useLayoutEffect, useRef, useState, type KeyboardEvent } from 'react';
import { Command } from 'cmdk';
import { css } from '@emotion/react';
import { tokens } from '@plinth/shared-ui/theme';
import { CheckIcon, SearchIcon } from '@plinth/shared-ui/icons';
import { filterPickerItems } from './filter-items';
import type { PickerAction, PickerOption, TypedAhead } from './picker-types';
import { panelStyle, searchBarStyle, searchInputStyle } from './picker-style';

const c = tokens.color;

const rowStyle = css({
  display: 'flex',
  alignItems: 'center',
  gap: tokens.space.sm,
  padding: `6px ${tokens.space.sm}`,
  borderRadius: tokens.radius.sm,
  fontSize: tokens.fontSize.sm,
  color: c.text,
  cursor: 'pointer',
  '&[data-selected="true"]': { background: c.surfaceHover },
});

/** Rows Page Up and Page Down move by. */
const PAGE = 8;

export interface PickerListProps {
  label: string;
  searchLabel: string;
  placeholder: string;
  options: readonly PickerOption[];
  value?: string;
  actions: readonly PickerAction[];
  emptyText: string;
  query: string;
  onQueryChange: (query: string) => void;
  autoFocus: boolean;
  typedAhead?: TypedAhead;
  onClose: (refocus: boolean) => void;
  onPick: (key: string) => void;
}

/**
 * The picker's open part on cmdk: the search field is its combobox, the rows its listbox and
 * options (the active one followed by aria-activedescendant, kept in view), arrows and Home/End
 * move, Enter or a click picks. What matches and its order are ours (`filterPickerItems`), so cmdk
 * does not filter.
 */
export function PickerList({ label, searchLabel, placeholder, options, value, actions, emptyText, query, onQueryChange, autoFocus, typedAhead, onClose, onPick }: PickerListProps) {
  const shown = filterPickerItems(options, query);
  // cmdk finds the active row by its value through encodeURIComponent, so values are made of
  // characters it leaves alone: the row's place among the options ('o.3') or the actions ('a.0').
  const optionValue = (key: string) => `o.${options.findIndex((o) => o.key === key)}`;
  const actionValue = (key: string) => `a.${actions.findIndex((a) => a.key === key)}`;
  const entries = [...shown.map((o) => optionValue(o.key)), ...actions.map((a) => actionValue(a.key))];
  /** The active row for the words typed: the current choice at first, the first match after a search; with no matching choice, the action the words name. */
  const defaultActive = (words: string) => {
    const matching = filterPickerItems(options, words);
    if (!words && value && matching.some((o) => o.key === value)) return optionValue(value);
    if (matching.length > 0) return optionValue(matching[0].key);
    const action = filterPickerItems(actions, words)[0] ?? actions[0];
    return action ? actionValue(action.key) : '';
  };
  const [active, setActive] = useState(() => {
    const first = defaultActive(query);
    if (!typedAhead?.moves) return first;
    const at = Math.max(0, entries.indexOf(first));
    return entries[(((at + typedAhead.moves) % entries.length) + entries.length) % entries.length] ?? first;
  });
  const current = entries.includes(active) ? active : (entries[0] ?? '');
  // cmdk also selects rows by itself (the first one on opening and after each search); only the
  // user's moves (keys, pointer) are taken. Its own picks are undone by giving it the active row
  // again: a value that differs only by a space it trims, so it sees a change.
  const moving = useRef(false);
  const [resync, setResync] = useState(false);
  const userMove = () => {
    moving.current = true;
    queueMicrotask(() => (moving.current = false));
  };
  const onActiveChange = (next: string) => {
    if (moving.current) setActive(next);
    else setResync((r) => !r);
  };
  const search = (words: string) => {
    setActive(defaultActive(words));
    onQueryChange(words);
  };

  // cmdk names the active row (aria-activedescendant) only when it moved the selection itself, not
  // when the selection is given (the current choice on opening, the action the words name): the
  // field and the list are told here after each render.
  const root = useRef<HTMLDivElement>(null);
  useLayoutEffect(() => {
    const id = (current ? root.current?.querySelector(`[cmdk-item][data-value="${current}"]`)?.id : undefined);
    for (const element of root.current?.querySelectorAll('[cmdk-input], [cmdk-list]') ?? []) {
      if (id) element.setAttribute('aria-activedescendant', id);
      else element.removeAttribute('aria-activedescendant');
    }
  });

  const choose = (entry: string) => {
    const [kind, index] = [entry[0], Number(entry.slice(2))];
    if (kind === 'o' && options[index]) onPick(options[index].key);
    else if (kind === 'a' && actions[index]) {
      onClose(true);
      actions[index].onSelect();
    }
  };

  // An Enter pressed before the list was here picks the active row now.
  const enterAhead = useRef(typedAhead?.enter ?? false);
  useEffect(() => {
    if (!enterAhead.current) return;
    enterAhead.current = false;
    if (current) choose(current);
  });

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (['ArrowDown', 'ArrowUp', 'Home', 'End'].includes(event.key) || (event.ctrlKey && 'npjk'.includes(event.key))) userMove();
    const at = entries.indexOf(current);
    if (event.key === 'PageDown' || event.key === 'PageUp') {
      event.preventDefault();
      const next = event.key === 'PageDown' ? Math.min(entries.length - 1, at + PAGE) : Math.max(0, at - PAGE);
      if (entries[next]) setActive(entries[next]);
    } else if (event.key === 'Escape') {
      event.preventDefault();
      event.stopPropagation();
      onClose(true);
    } else if (event.key === 'Tab') {
      onClose(false);
    }
  };

  return (
    <Command ref={root} label={searchLabel} shouldFilter={false} loop value={resync ? `${current} ` : current} onValueChange={onActiveChange} onKeyDown={onKeyDown} onPointerMoveCapture={userMove} css={panelStyle}>
      <div css={searchBarStyle}>
        <SearchIcon size={14} />
        <Command.Input autoFocus={autoFocus} placeholder={placeholder} value={query} onValueChange={search} css={searchInputStyle} />
      </div>
      {shown.length === 0 ? <div role="status" css={{ padding: `${tokens.space.sm} ${tokens.space.md} 0`, color: c.textMuted, fontSize: tokens.fontSize.sm }}>{emptyText}</div> : null}
      <Command.List label={`${label}s`} css={{ position: 'relative', maxHeight: 320, overflowY: 'auto', padding: tokens.space.xs }}>
        {shown.map((option) => (
          <Command.Item key={option.key} value={optionValue(option.key)} onSelect={choose} css={[rowStyle, option.nested ? { paddingLeft: 28 } : null]}>
            {option.icon ? <span css={{ display: 'inline-flex', color: c.textMuted }}>{option.icon}</span> : null}
            <span css={{ flex: 1, minWidth: 0, overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' }}>{option.label}</span>
            {option.detail}
            <span css={{ display: 'inline-flex', width: 14, color: c.brandText }}>{option.key === value ? <CheckIcon size={14}/> : null}</span>
          </Command.Item>
        ))}
        {actions.length > 0 ? <div aria-hidden="true" css={{ height: 1, margin: `${tokens.space.xs} 0`, background: c.border }} /> : null}
        {actions.map((action) => (
          <Command.Item key={action.key} value={actionValue(action.key)} onSelect={choose} css={[rowStyle, { color: c.textMuted }]}>
            {action.icon ? <span css={{ display: 'inline-flex' }}>{action.icon}</span> : null}
            {action.label}
          </Command.Item>
        ))}
      </Command.List>
    </Command>
  );
}
