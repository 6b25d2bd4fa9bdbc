import { useNavigate } from 'react-router-dom';
import { Button } from '@plinth/shared-ui/button';
import { PermissionTooltip } from '@plinth/shared-ui/tooltip';
import { NEW_SNIPPET_NAME, PERMISSIONS, PERMISSION_MESSAGES, SNIPPET_MESSAGES } from '@plinth/shared-contracts';
import { useArea, PlainPlaceholderPage as PlaceholderPage } from '@plinth/area-kit';
import { SqlRunner } from '../features/sql-runner/SqlRunner';
import { useSnippetMutations } from '../features/snippets/use-snippets';

/** sql/new (and sql/1 in the non-hosted mode): a fresh editor; Save query keeps it as a personal query. */
export default function SqlNewRoute() {
  const { props, can } = useArea();
  const navigate = useNavigate();
  const { create } = useSnippetMutations();
  const maySave = can(PERMISSIONS.USER_CONTENT_CREATE);

  const save = async (sql: string) => {
    try {
      const snippet = await create.mutateAsync({ name: NEW_SNIPPET_NAME, sql, visibility: 'user' });
      navigate(`/sql/${snippet.id}`);
    } catch {
      props.notify({ kind: 'error', message: SNIPPET_MESSAGES.createFailed });
    }
  };

  return (
    <PlaceholderPage title="New query">
      <SqlRunner
        initialSql=""
        actions={(sql) => (
          <PermissionTooltip allowed={maySave} message={PERMISSION_MESSAGES.snippetsNotSaved}>
            <Button onClick={() => save(sql)} loading={create.isPending}>
              Save query
            </Button>
          </PermissionTooltip>
        )}
      />
    </PlaceholderPage>
  );
}
