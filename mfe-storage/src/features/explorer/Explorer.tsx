import { Suspense, useEffect, useMemo, useRef, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { PERMISSIONS } from '@plinth/shared-contracts';
import { STORAGE_EXPLORER_HEIGHT_OFFSET, type Bucket, type StorageObjectPage } from '@plinth/contracts-storage';
import { tokens } from '@plinth/shared-ui/theme';
import { visuallyHidden } from '@plinth/shared-ui/layout';
import { lazyWithPreload, useArea } from '@plinth/area-kit';
import { readPreferences } from './explorer-rules';
import { createExplorerStore, ExplorerContext, useExplorer, useExplorerStore } from './explorer-store';
import { ExplorerToolbar } from './ExplorerToolbar';
import { FolderColumn } from './FolderColumn';
import { menuModule } from './ItemRow';
import { refreshFolders } from './folder-query';
import type { DropContents, PickedFile } from './uploads';
import { readPending } from '../../area/uploads/pending';
import { useExplorerActions } from './use-explorer-actions';
import { keys } from '../../area/query-keys';

// Parts the first rows do not need load on first use: the preview, the uploads, the dialogs, the
// menus (ItemRow.tsx's menuModule), the selection bar (and the zip downloads, in use-explorer-actions.ts).
const PreviewPane = lazyWithPreload(() => import(/* webpackChunkName: "storage-explorer-preview" */ './PreviewPane').then((m) => m.PreviewPane));
const UploadsPanel = lazyWithPreload(() => import(/* webpackChunkName: "storage-explorer-uploads" */ './UploadsPanel').then((m) => m.UploadsPanel));
const loadUploads = () => import(/* webpackChunkName: "storage-explorer-uploads" */ './uploads');
const ExplorerDialogs = lazyWithPreload(() => import(/* webpackChunkName: "storage-explorer-dialogs" */ './ExplorerDialogs').then((m) => m.ExplorerDialogs));
const ExplorerContextMenu = lazyWithPreload(() => menuModule().then((m) => m.ExplorerContextMenu));
const SelectionBar = lazyWithPreload(() => import(/* webpackChunkName: "storage-explorer-selection" */ './SelectionBar').then((m) => m.SelectionBar));

/** What the pointer or keyboard is about to use in a column: its menus and the selection bar, preloaded so they show at once. */
function preloadColumnParts(): void {
  void ExplorerContextMenu.preload();
  void SelectionBar.preload();
}

/** The file explorer of one bucket (001 §2–§5): toolbar or selection bar, columns or list, preview pane. */
export function Explorer({ bucket }: { bucket: Bucket }) {
  const { projectRef } = useArea();
  // Opening a bucket starts with no open folder, preview or selection (001 §4).
  const store = useMemo(() => createExplorerStore(projectRef, bucket.id, readPreferences(projectRef)), [projectRef, bucket.id]);
  return (
    <ExplorerContext.Provider value={store}>
      <ExplorerBody bucket={bucket} />
    </ExplorerContext.Provider>
  );
}

function ExplorerBody({ bucket }: { bucket: Bucket }) {
  const { api, projectRef, notify, can, props } = useArea();
  const store = useExplorerStore();
  const client = useQueryClient();
  const actions = useExplorerActions(bucket);
  const mayWrite = can(PERMISSIONS.STORAGE_ADMIN_WRITE);
  const columns = useExplorer((s) => s.columns);
  const list = useExplorer((s) => s.prefs.view === 'list');
  const selecting = useExplorer((s) => s.selection.paths.length > 0);
  const dialog = useExplorer((s) => s.dialog);
  const contextMenu = useExplorer((s) => s.contextMenu !== null);
  const previewing = useExplorer((s) => s.preview !== null);
  const [uploading, setUploading] = useState(() => readPending(projectRef).length > 0);
  const reloads = useExplorer((s) => s.reloads);
  const fileInput = useRef<HTMLInputElement>(null);
  const scroller = useRef<HTMLDivElement>(null);

  useEffect(() => {
    if (reloads) void refreshFolders(client, projectRef, bucket.id);
  }, [reloads, client, projectRef, bucket.id]);
  useEffect(() => {
    if (scroller.current) scroller.current.scrollLeft = scroller.current.scrollWidth;
  }, [columns.length]);

  const upload = async (column: number, picked: PickedFile[]) => {
    const folder = store.getState().columns[column] ?? '';
    const cached = client.getQueriesData<{ pages: StorageObjectPage[] }>({ queryKey: keys.folderPath(projectRef, bucket.id, folder) });
    const taken = new Set(cached.flatMap(([, d]) => d?.pages.flatMap((p) => p.items.map((i) => i.name)) ?? []));
    setUploading(true);
    const { uploadFiles } = await loadUploads();
    await uploadFiles(picked, {
      folder,
      taken,
      notify,
      place: { apiBase: props.apiBase, ref: projectRef, bucketId: bucket.id },
      upload: (path, file, signal) => api.storage.uploadObject(projectRef, bucket.id, path, file, { contentType: file.type || undefined, signal }),
    });
    await refreshFolders(client, projectRef, bucket.id);
  };
  const onDropFiles = async (column: number, drop: DropContents) => {
    const { filesFromDrop } = await loadUploads();
    const picked = await filesFromDrop(drop);
    if (picked.length) await upload(column, picked);
  };
  const toolbar = (
    <ExplorerToolbar
      bucket={bucket}
      mayWrite={mayWrite}
      onUpload={() => fileInput.current?.click()}
      onNewFolder={() => store.getState().setEditing({ column: store.getState().columns.length - 1, mode: 'new-folder' })}
    />
  );
  const lastColumn = columns.length - 1;
  const shown = list ? [lastColumn] : columns.map((_, i) => i);

  return (
    <div css={{ position: 'relative', display: 'flex', flexDirection: 'column', height: `calc(100vh - ${STORAGE_EXPLORER_HEIGHT_OFFSET}px)`, minHeight: 320, background: tokens.color.background }}>
      {/* The breadcrumb names the bucket on screen; the page's heading is for assistive technology. */}
      <h1 css={visuallyHidden}>{bucket.name}</h1>
      {selecting ? (
        // Until the bar's code is in (it is preloaded with the menus), the toolbar keeps its place.
        <Suspense fallback={toolbar}>
          <SelectionBar actions={actions} mayWrite={mayWrite} />
        </Suspense>
      ) : (
        toolbar
      )}
      <input
        ref={fileInput}
        type="file"
        multiple
        hidden
        aria-label="Files to upload"
        data-testid="storage-upload-input"
        onChange={(e) => {
          const files = Array.from(e.target.files ?? []).map((file) => ({ file, relativePath: file.name }));
          e.target.value = '';
          if (files.length) void upload(store.getState().columns.length - 1, files);
        }}
      />
      <div css={{ display: 'flex', flex: 1, minHeight: 0 }}>
        <div ref={scroller} css={{ display: 'flex', flex: 1, minWidth: 0, overflowX: 'auto' }}>
          {shown.map((i) => (
            <FolderColumn key={i} column={i} bucket={bucket} actions={actions} mayWrite={mayWrite} list={list} onDropFiles={(c, d) => void onDropFiles(c, d)} onIntent={preloadColumnParts} />
          ))}
        </div>
        {previewing ? (
          <Suspense fallback={null}>
            <PreviewPane bucket={bucket} actions={actions} mayWrite={mayWrite} />
          </Suspense>
        ) : null}
      </div>
      {uploading ? (
        <Suspense fallback={null}>
          <UploadsPanel />
        </Suspense>
      ) : null}
      {contextMenu ? (
        <Suspense fallback={null}>
          <ExplorerContextMenu />
        </Suspense>
      ) : null}
      {dialog ? (
        <Suspense fallback={null}>
          <ExplorerDialogs actions={actions} bucketName={bucket.name} />
        </Suspense>
      ) : null}
    </div>
  );
}
