import { Suspense, useState } from 'react';
import { useMatch, useNavigate } from 'react-router-dom';
import { PERMISSIONS, PERMISSION_MESSAGES } from '@plinth/shared-contracts';
import { SNIPPET_MESSAGES, type Snippet } from '@plinth/contracts-database';
import { lazyWithPreload, useArea, useFeatureFlag, RowActions, type RowAction } from '@plinth/area-kit';
import { newQueryPath } from '../../area/new-query-path';
import { useSnippetMutations } from '../../area/use-snippets';

// The rename form (and the form library under it) is not needed to show the menu: it loads when a
// query's actions open, or when the dialog first renders.
const RenameSnippetDialog = lazyWithPreload(() => import('./RenameSnippetDialog').then((m) => m.RenameSnippetDialog));
const DeleteSnippetDialog = lazyWithPreload(() => import('./DeleteSnippetDialog').then((m) => m.DeleteSnippetDialog));
/** The dialogs load on first use: opening the menu fetches them. */
const preloadRenameDialog = () => {
  void RenameSnippetDialog.preload();
  void DeleteSnippetDialog.preload();
};

/**
 * Per-query menu (000 §2.10): Rename query, Share query, Create a personal copy, Delete query.
 * Share and the personal copy are offered only while the shared_snippets flag is on, Rename with AI
 * while ai_rename is (000 §6).
 */
export function SnippetActions({ snippet }: { snippet: Snippet }) {
  const { props, can, hosted } = useArea();
  const navigate = useNavigate();
  const current = useMatch('/sql/:id');
  const { share, copy } = useSnippetMutations();
  const [dialog, setDialog] = useState<'rename' | 'ai-rename' | 'delete' | null>(null);
  const mine = snippet.owner_id === props.session.user.id;
  const mayCreate = can(PERMISSIONS.USER_CONTENT_CREATE);
  const sharing = useFeatureFlag('shared_snippets');
  const aiRename = useFeatureFlag('ai_rename');

  const items: RowAction[] = [{ label: 'Rename query', onSelect: () => setDialog('rename') }];
  if (aiRename) items.push({ label: 'Rename with AI', onSelect: () => setDialog('ai-rename') });
  if (sharing && snippet.visibility === 'user' && mine) {
    items.push({
      label: 'Share query',
      onSelect: () => share.mutate(snippet.id, { onError: () => props.notify({ kind: 'error', message: SNIPPET_MESSAGES.shareFailed }) }),
    });
  }
  if (sharing && snippet.visibility === 'project') {
    items.push({
      label: 'Create a personal copy',
      disabledReason: mayCreate ? null : PERMISSION_MESSAGES.snippetsNotSaved,
      onSelect: () =>
        copy.mutate(snippet.id, {
          onSuccess: (created) => navigate(`/sql/${created.id}`),
          onError: () => props.notify({ kind: 'error', message: SNIPPET_MESSAGES.copyFailed }),
        }),
    });
  }
  items.push({ label: 'Delete query', danger: true, onSelect: () => setDialog('delete') });

  return (
    <>
      <RowActions label={`Actions for ${snippet.name}`} actions={items} onOpen={preloadRenameDialog} />
      {dialog === 'rename' || dialog === 'ai-rename' ? (
        <Suspense fallback={null}>
          <RenameSnippetDialog snippet={snippet} open suggest={dialog === 'ai-rename'} onOpenChange={(o) => setDialog(o ? dialog : null)} />
        </Suspense>
      ) : null}
      {dialog === 'delete' ? (
        <Suspense fallback={null}>
          <DeleteSnippetDialog
            snippet={snippet}
            open
            onOpenChange={(o) => setDialog(o ? 'delete' : null)}
            onDeleted={(gone) => {
              if (current?.params.id === gone.id) navigate(`/${newQueryPath(hosted)}`);
            }}
          />
        </Suspense>
      ) : null}
    </>
  );
}
