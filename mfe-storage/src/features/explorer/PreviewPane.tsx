import { useQuery } from '@tanstack/react-query';
import { PERMISSION_MESSAGES } from '@plinth/shared-contracts';
import { STORAGE_MESSAGES, STORAGE_PREVIEW_WIDTH, type Bucket } from '@plinth/contracts-storage';
import { Button } from '@plinth/shared-ui/button';
import { CloseIcon, DownloadIcon, ExternalLinkIcon, FileIcon, TrashIcon } from '@plinth/shared-ui/icons';
import { InlineNotice, Spinner } from '@plinth/shared-ui/layout';
import { KeyValueList } from '@plinth/shared-ui/page';
import { PermissionTooltip } from '@plinth/shared-ui/tooltip';
import { tokens } from '@plinth/shared-ui/theme';
import { errorMessage, useArea } from '@plinth/area-kit';
import { fileSize, fileStatus, formatBytes, mimeOf, previewKind } from './explorer-rules';
import { useExplorer, useExplorerStore } from './explorer-store';
import { previewUrl } from './preview-url';
import type { ExplorerActions } from './use-explorer-actions';
import { keys } from '../../area/query-keys';

/** The file preview pane, 450 px (001 §2, §4): by MIME type, skipped above 10 MB, corrupted files refused. */
export function PreviewPane({ bucket, actions, mayWrite }: { bucket: Bucket; actions: ExplorerActions; mayWrite: boolean }) {
  const { api, projectRef } = useArea();
  const store = useExplorerStore();
  const preview = useExplorer((s) => s.preview);
  const item = preview?.item;
  const status = item ? fileStatus(item, Date.now()) : 'ready';
  const kind = item && status === 'ready' ? previewKind(item) : 'none';
  const wantsUrl = !!item?.id && !['none', 'skipped', 'other'].includes(kind);
  const url = useQuery({
    queryKey: keys.previewUrl(projectRef, bucket.id, item?.id ?? '', preview?.path ?? ''),
    enabled: wantsUrl,
    staleTime: Infinity,
    queryFn: () =>
      previewUrl(bucket, item!.id!, preview!.path, {
        publicUrl: (p) => api.storage.getPublicUrl(projectRef, bucket.id, p),
        sign: (p, e) => api.storage.signUrl(projectRef, bucket.id, p, e),
      }),
  });
  const text = useQuery({
    queryKey: keys.previewText(projectRef, url.data ?? ''),
    enabled: !!url.data && (kind === 'text' || kind === 'json'),
    queryFn: async ({ signal }) => (await fetch(url.data!, { signal })).text(),
  });
  if (!preview || !item) return null;
  const target = { path: preview.path, isFolder: false };
  let body;
  if (status === 'corrupted') body = <InlineNotice kind="danger" title={STORAGE_MESSAGES.corrupted} />;
  else if (kind === 'skipped') body = <p css={{ color: tokens.color.textMuted, fontSize: tokens.fontSize.sm }}>{STORAGE_MESSAGES.previewTooLarge}</p>;
  else if (!wantsUrl) body = <FileIcon size={48} />;
  else if (url.isPending) body = <Spinner label="Loading preview" />;
  else if (url.isError)
    body = <InlineNotice kind="danger" title={(bucket.public ? STORAGE_MESSAGES.publicPreviewFailed : STORAGE_MESSAGES.signedPreviewFailed)(errorMessage(url.error))} />;
  else if (kind === 'image') body = <img src={url.data} alt={item.name} css={{ maxWidth: '100%', maxHeight: 320, objectFit: 'contain' }} />;
  else if (kind === 'audio') body = <audio controls src={url.data} aria-label={item.name} css={{ width: '100%' }} />;
  else if (kind === 'video') body = <video controls src={url.data} aria-label={item.name} css={{ width: '100%', maxHeight: 320 }} />;
  else if (kind === 'pdf') body = <iframe title={item.name} src={url.data} css={{ width: '100%', height: 360, border: 0 }} />;
  else
    body = (
      <pre css={{ margin: 0, maxHeight: 320, overflow: 'auto', width: '100%', fontFamily: tokens.font.mono, fontSize: tokens.fontSize.xs, background: tokens.color.background, padding: tokens.space.sm, borderRadius: tokens.radius.sm }}>
        {text.isPending ? 'Loading…' : kind === 'json' ? pretty(text.data ?? '') : (text.data ?? '')}
      </pre>
    );
  return (
    <aside aria-label="File preview" css={{ flex: `0 0 ${STORAGE_PREVIEW_WIDTH}px`, width: STORAGE_PREVIEW_WIDTH, maxWidth: '100%', borderLeft: `1px solid ${tokens.color.border}`, background: tokens.color.surface, padding: tokens.space.lg, overflow: 'auto', display: 'flex', flexDirection: 'column', gap: tokens.space.md }}>
      <div css={{ display: 'flex', alignItems: 'center', gap: tokens.space.sm }}>
        <h2 css={{ margin: 0, fontSize: tokens.fontSize.md, flex: 1, overflowWrap: 'anywhere' }}>{item.name}</h2>
        <Button size="small" variant="ghost" aria-label="Close preview" icon={<CloseIcon size={14} />} onClick={() => store.setState({ preview: null })} />
      </div>
      <div css={{ display: 'flex', justifyContent: 'center', alignItems: 'center', minHeight: 160, background: tokens.color.background, borderRadius: tokens.radius.md, padding: tokens.space.sm }}>{body}</div>
      <KeyValueList
        items={[
          { key: 'type', label: 'Type', value: mimeOf(item) || 'Unknown' },
          { key: 'size', label: 'Size', value: formatBytes(fileSize(item)) },
          { key: 'added', label: 'Added on', value: item.created_at ? new Date(item.created_at).toLocaleString() : '' },
          { key: 'modified', label: 'Last modified', value: item.updated_at ? new Date(item.updated_at).toLocaleString() : '' },
        ]}
      />
      <div css={{ display: 'flex', gap: tokens.space.sm, flexWrap: 'wrap' }}>
        <Button size="small" icon={<DownloadIcon size={14} />} disabled={status !== 'ready'} onClick={() => void actions.download([target], '')}>
          Download
        </Button>
        <Button size="small" icon={<ExternalLinkIcon size={14} />} disabled={status !== 'ready'} onClick={() => void actions.copyUrl(preview.path)}>
          {bucket.public ? 'Get URL' : 'Get signed URL (1 year)'}
        </Button>
        <PermissionTooltip allowed={mayWrite} message={PERMISSION_MESSAGES.deleteFile}>
          <Button size="small" variant="danger" icon={<TrashIcon size={14} />} onClick={() => store.getState().setDialog({ kind: 'delete', targets: [target] })}>
            Delete file
          </Button>
        </PermissionTooltip>
      </div>
    </aside>
  );
}

function pretty(text: string): string {
  try {
    return JSON.stringify(JSON.parse(text), null, 2);
  } catch {
    return text;
  }
}
