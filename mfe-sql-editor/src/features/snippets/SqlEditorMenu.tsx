import { Link } from 'react-router-dom';
import { PlusIcon } from '@plinth/shared-ui/icons';
import { PERMISSIONS, PERMISSION_MESSAGES } from '@plinth/shared-contracts';
import { useArea } from '../area/area-context';
import { menuStyles } from '../side-menu/menu-styles';
import { MenuLinks } from '../side-menu/MenuLinks';
import { SNIPPET_SECTION_TITLES, snippetsForSection, type SnippetSectionId } from './snippet-sections';
import { SnippetSection } from './SnippetSection';
import { useSnippets } from './use-snippets';

/** Route of a new query: the non-hosted mode uses the fixed sql/1 (000 §2.1). */
export function newQueryPath(hosted: boolean): string {
  return hosted ? 'sql/new' : 'sql/1';
}

const SECTIONS: readonly SnippetSectionId[] = ['favorites', 'project', 'user'];

/** Side menu of the SQL editor (000 §2.10): New query, Templates, Quickstarts and the three lists. */
export function SqlEditorMenu() {
  const { props, hosted, can } = useArea();
  const snippets = useSnippets();
  const userId = props.session.user.id;

  return (
    <nav aria-label="SQL editor" css={menuStyles.nav}>
      <h2 css={menuStyles.heading}>SQL Editor</h2>
      <Link to={`/${newQueryPath(hosted)}`} css={[menuStyles.link, { display: 'flex', alignItems: 'center', gap: 6 }]}>
        <PlusIcon size={14} /> New query
      </Link>
      <MenuLinks
        items={[
          { label: 'Templates', to: 'sql/templates' },
          { label: 'Quickstarts', to: 'sql/quickstarts' },
        ]}
      />
      {can(PERMISSIONS.USER_CONTENT_CREATE) ? null : (
        <p role="note" css={menuStyles.info}>
          {PERMISSION_MESSAGES.snippetsNotSaved}
        </p>
      )}
      {snippets.isPending ? (
        <p css={menuStyles.muted} role="status">
          Loading queries…
        </p>
      ) : snippets.isError ? (
        <div role="alert">
          <p css={menuStyles.error}>Failed to load queries: {snippets.error.message}</p>
          <button type="button" css={[menuStyles.link, { border: 'none', background: 'none', cursor: 'pointer' }]} onClick={() => snippets.refetch()}>
            Try again
          </button>
        </div>
      ) : (
        SECTIONS.map((section) => (
          <SnippetSection
            key={section}
            title={SNIPPET_SECTION_TITLES[section]}
            snippets={snippetsForSection(snippets.data, section, userId)}
          />
        ))
      )}
    </nav>
  );
}
