import { PERMISSIONS, PERMISSION_MESSAGES } from '@plinth/shared-contracts';
import { newQueryPath } from '../../area/new-query-path';

export { newQueryPath };
import { useArea, menuStyles, AreaSideMenu } from '@plinth/area-kit';
import { ErrorPanel, LoadingState } from '@plinth/shared-ui/layout';
import { SNIPPET_SECTION_TITLES, snippetsForSection, type SnippetSectionId } from './snippet-sections';
import { SnippetSection } from './SnippetSection';
import { useSnippets } from '../../area/use-snippets';

const SECTIONS: readonly SnippetSectionId[] = ['favorites', 'project', 'user'];

/** Side menu of the SQL editor (000 §2.10): New query, Templates, Quickstarts and the three lists. */
export function SqlEditorMenu() {
  const { props, hosted, can } = useArea();
  const snippets = useSnippets();
  const userId = props.session.user.id;

  return (
    <AreaSideMenu
      title="SQL Editor"
      aria-label="SQL editor"
      groups={[
        {
          items: [
            { label: 'New query', to: `/${newQueryPath(hosted)}` },
            { label: 'Templates', to: '/sql/templates' },
            { label: 'Quickstarts', to: '/sql/quickstarts' },
            { label: 'History', to: '/sql/history' },
          ],
        },
      ]}
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
