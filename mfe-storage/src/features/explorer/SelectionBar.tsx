import { genericPermissionNotice } from '@plinth/shared-contracts';
import { STORAGE_MESSAGES } from '@plinth/contracts-storage';
import { Button } from '@plinth/shared-ui/button';
import { CloseIcon, DownloadIcon, FolderIcon, TrashIcon } from '@plinth/shared-ui/icons';
import { PermissionTooltip, Tooltip } from '@plinth/shared-ui/tooltip';
import { tokens } from '@plinth/shared-ui/theme';
import { useExplorer, useExplorerStore } from './explorer-store';
import type { ExplorerActions } from './use-explorer-actions';

const WRITE = genericPermissionNotice('change files in this bucket');

/** Replaces the toolbar while files are selected: 'N items selected', Download, Delete, Move and clear (001 §2). */
export function SelectionBar({ actions, mayWrite }: { actions: ExplorerActions; mayWrite: boolean }) {
  const store = useExplorerStore();
  const paths = useExplorer((s) => s.selection.paths);
  const folder = useExplorer((s) => s.columns[s.selection.column] ?? '');
  const targets = paths.map((path) => ({ path, isFolder: false }));
  return (
    <div role="toolbar" aria-label="Selection" css={{ display: 'flex', alignItems: 'center', gap: tokens.space.sm, padding: `${tokens.space.sm} ${tokens.space.md}`, borderBottom: `1px solid ${tokens.color.border}`, minHeight: 49, background: tokens.color.surface }}>
      <Tooltip content="Clear selection">
        <Button size="small" variant="ghost" aria-label="Clear selection" icon={<CloseIcon size={14} />} onClick={() => store.getState().clearSelection()} />
      </Tooltip>
      <strong css={{ fontSize: tokens.fontSize.sm, fontWeight: tokens.fontWeight.medium }}>{STORAGE_MESSAGES.itemsSelected(paths.length)}</strong>
      <span css={{ flex: 1 }} />
      <PermissionTooltip allowed={mayWrite} message={WRITE}>
        <Button size="small" icon={<DownloadIcon size={14} />} onClick={() => void actions.download(targets, folder.split('/').pop() ?? '')}>
          Download
        </Button>
      </PermissionTooltip>
      <PermissionTooltip allowed={mayWrite} message={WRITE}>
        <Button size="small" icon={<FolderIcon size={14} />} onClick={() => store.getState().setDialog({ kind: 'move', targets })}>
          Move
        </Button>
      </PermissionTooltip>
      <PermissionTooltip allowed={mayWrite} message={WRITE}>
        <Button size="small" variant="danger" icon={<TrashIcon size={14} />} onClick={() => store.getState().setDialog({ kind: 'delete', targets })}>
          Delete
        </Button>
      </PermissionTooltip>
    </div>
  );
}
