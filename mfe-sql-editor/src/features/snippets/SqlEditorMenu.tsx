import { PERMISSIONS, PERMISSION_MESSAGES } from '@plinth/shared-contracts';
import { useArea, menuStyles, AreaSideMenu, type SectionMenuProps } from '@plinth/area-kit';
import { ErrorPanel, LoadingState } from '@plinth/shared-ui/layout';
import { SNIPPET_SECTION_TITLES, snippetsForSection, type SnippetSectionId } from './snippet-sections';
import { SnippetSection } from './SnippetSection';
import { useSnippets } from '../../area/use-snippets';

const SECTIONS: readonly SnippetSectionId[] = ['favorites', 'project', 'user'];

/** Side menu of the SQL editor (000 §2.10): the definition's New query, Templates, Quickstarts and History, then the three lists. */
export function SqlEditorMenu({ title, groups }: SectionMenuProps) {
  const { props, can } = useArea();
  const snippets = useSnippets();
  const userId = props.session.user.id;

  return (
    <AreaSideMenu
      title={title}
      aria-label="SQL editor"
      groups={groups}
    >
      {can(PERMISSIONS.USER_CONTENT_CREATE) ? null : (
        <p role="note" css={menuStyles.info}>
          {PERMISSION_MESSAGES.snippetsNotSaved}
        </p>
      )}
      {snippets.isPending ? (
        <LoadingState label="Loading queries…" />
      ) : snippets.isError ? (
        <ErrorPanel
          title="Failed to load queries"
          message={snippets.error.message}
          retryLabel="Try again"
          retrying={snippets.isFetching}
          onRetry={() => void snippets.refetch()}
        />
      ) : (
        SECTIONS.map((section) => (
          <SnippetSection
            key={section}
            title={SNIPPET_SECTION_TITLES[section]}
            snippets={snippetsForSection(snippets.data, section, userId)}
          />
        ))
      )}
    </AreaSideMenu>
  );
}
