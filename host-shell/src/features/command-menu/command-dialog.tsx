import { useEffect, useMemo, useState, type KeyboardEvent } from 'react';
import { useNavigate } from 'react-router-dom';
import { Dialog } from '@plinth/shared-ui/dialog';
import { tokens } from '@plinth/shared-ui/theme';
import { ChevronRightIcon, DatabaseIcon, SearchIcon } from '@plinth/shared-ui/icons';
import type { Project } from '@plinth/shared-contracts';
import { useCommandMenu } from './command-store';
import { buildCommands, filterCommands, type ProjectPage } from './commands';
import { useShellLink } from '../../areas/shell-links';

export interface Props {
  /** The current project's pages (none outside a project). */
  projectPages?: readonly ProjectPage[];
  projects: readonly Project[];
}

/** Searches pages and projects; arrow keys move, Enter opens, Escape closes. */
export function CommandDialog({ projectPages = [], projects }: Props) {
  const { open, setOpen } = useCommandMenu();
  return (
    <Dialog open={open} onOpenChange={setOpen} title="Command menu" size="medium">
      {open ? <CommandSearch projectPages={projectPages} projects={projects} onDone={() => setOpen(false)} /> : null}
    </Dialog>
  );
}

function CommandSearch({ projectPages, projects, onDone }: Required<Props> & { onDone: () => void }) {
  const navigate = useNavigate();
  // What was typed between the shortcut and this code's arrival.
  // Read here, cleared once shown (an update of the store while rendering would re-render others mid-render).
  const [typedAhead] = useState(() => useCommandMenu.getState().typedAhead);
  const [search, setSearch] = useState(typedAhead.replace(/\n.*$/s, ''));
  const [index, setIndex] = useState(0);
  const accountHref = useShellLink()('account');
  const all = useMemo(() => buildCommands({ projectPages, projects, accountHref }), [projectPages, projects, accountHref]);
  const results = filterCommands(all, search);
  const current = Math.min(index, Math.max(results.length - 1, 0));

  const go = (href: string) => {
    onDone();
    navigate(href);
  };
  useEffect(() => {
    useCommandMenu.getState().takeTypedAhead();
    if (typedAhead.includes('\n') && results[0]) go(results[0].href);
    // Once, for an Enter typed ahead.
  }, []);
  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'ArrowDown') {
      event.preventDefault();
      setIndex((current + 1) % Math.max(results.length, 1));
    } else if (event.key === 'ArrowUp') {
      event.preventDefault();
      setIndex((current - 1 + results.length) % Math.max(results.length, 1));
    } else if (event.key === 'Enter' && results[current]) {
      event.preventDefault();
      go(results[current].href);
    }
  };

  return (
    <div>
      <div css={{ position: 'relative', display: 'flex', alignItems: 'center' }}>
      <span aria-hidden="true" css={{ position: 'absolute', left: tokens.space.sm, display: 'inline-flex', color: tokens.color.textMuted }}>
        <SearchIcon size={16} />
      </span>
      <input
        autoFocus
        role="combobox"
        aria-label="Search pages and projects"
        aria-expanded="true"
        aria-controls="command-results"
        aria-activedescendant={results[current] ? `command-${results[current].id}` : undefined}
        placeholder="Search pages and projects…"
        value={search}
        onChange={(e) => {
          setSearch(e.target.value);
          setIndex(0);
        }}
        onKeyDown={onKeyDown}
        css={{ width: '100%', height: 38, padding: `0 ${tokens.space.sm} 0 32px`, borderRadius: tokens.radius.md, border: `1px solid ${tokens.color.borderControl}`, background: tokens.color.background, color: tokens.color.text, font: 'inherit', fontSize: tokens.fontSize.md, boxSizing: 'border-box', '&:focus-visible': { outline: `2px solid ${tokens.color.focus}`, outlineOffset: 0 } }}
      />
      </div>
      <ul id="command-results" role="listbox" aria-label="Results" css={{ listStyle: 'none', margin: `${tokens.space.sm} 0 0`, padding: 0, maxHeight: 320, overflowY: 'auto' }}>
        {results.length === 0 ? <li role="presentation" css={{ padding: tokens.space.sm, color: tokens.color.textMuted, fontSize: tokens.fontSize.sm }}>No pages or projects match “{search}”.</li> : null}
        {results.map((command, i) => (
          <li
            key={command.id}
            id={`command-${command.id}`}
            role="option"
            aria-selected={i === current}
            onMouseEnter={() => setIndex(i)}
            onClick={() => go(command.href)}
            css={{ display: 'flex', alignItems: 'center', gap: tokens.space.sm, padding: tokens.space.sm, borderRadius: tokens.radius.md, cursor: 'pointer', fontSize: tokens.fontSize.sm, background: i === current ? tokens.color.surfaceHover : 'none' }}
          >
            <span aria-hidden="true" css={{ display: 'inline-flex', color: tokens.color.textMuted }}>
              {command.group === 'Projects' ? <DatabaseIcon size={14} /> : <ChevronRightIcon size={14} />}
            </span>
            <span css={{ flex: 1, minWidth: 0, overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' }}>{command.label}</span>
            <span css={{ color: tokens.color.textMuted, fontSize: tokens.fontSize.xs }}>{command.group}</span>
          </li>
        ))}
      </ul>
    </div>
  );
}
