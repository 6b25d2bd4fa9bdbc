import { useRef, useState, type KeyboardEvent } from 'react';
import { NavLink } from 'react-router-dom';
import { SearchIcon } from '@plinth/shared-ui/icons';
import { SNIPPET_MESSAGES, type Snippet } from '@plinth/contracts-database';
import { menuStyles } from '@plinth/area-kit';
import { filterSnippets } from './snippet-sections';
import { SnippetActions } from './SnippetActions';

export interface SnippetSectionProps {
  title: string;
  snippets: readonly Snippet[];
}

/**
 * One list of the SQL editor menu with its filter box (000 §2.10). The filter opens from the
 * search button; Escape clears and closes it and gives focus back to the button.
 */
export function SnippetSection({ title, snippets }: SnippetSectionProps) {
  const [filterOpen, setFilterOpen] = useState(false);
  const [filter, setFilter] = useState('');
  const toggleRef = useRef<HTMLButtonElement>(null);
  const shown = filterSnippets(snippets, filter);

  const closeFilter = () => {
    setFilter('');
    setFilterOpen(false);
    toggleRef.current?.focus();
  };
  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'Escape') {
      event.preventDefault();
      event.stopPropagation();
      closeFilter();
    }
  };

  return (
    <section aria-label={title}>
      <div css={[menuStyles.row, { justifyContent: 'space-between' }]}>
        <h3 css={menuStyles.groupTitle}>
          {title} <span aria-label={`${snippets.length} queries`}>({snippets.length})</span>
        </h3>
        <button
          ref={toggleRef}
          type="button"
          css={menuStyles.iconButton}
          aria-label={`Filter ${title}`}
          aria-expanded={filterOpen}
          onClick={() => (filterOpen ? closeFilter() : setFilterOpen(true))}
        >
          <SearchIcon size={14} />
        </button>
      </div>
      {filterOpen ? (
        <input
          autoFocus
          type="search"
          css={[menuStyles.input, { margin: '4px 0' }]}
          aria-label={`Filter ${title} by name`}
          placeholder="Filter queries"
          value={filter}
          onChange={(e) => setFilter(e.target.value)}
          onKeyDown={onKeyDown}
        />
      ) : null}
      {shown.length === 0 ? (
        <p css={menuStyles.muted}>{SNIPPET_MESSAGES.noQueriesFound}</p>
      ) : (
        <ul css={menuStyles.list}>
          {shown.map((snippet) => (
            <li key={snippet.id} css={menuStyles.row}>
              <NavLink to={`/sql/${snippet.id}`} css={menuStyles.link} title={snippet.name}>
                {snippet.name}
              </NavLink>
              <SnippetActions snippet={snippet} />
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
