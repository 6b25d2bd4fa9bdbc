import { useRef, useState } from 'react';
import { useStore } from 'zustand';
import { useQueryClient } from '@tanstack/react-query';
import { useArea } from '@plinth/area-kit';
import { Button } from '@plinth/shared-ui/button';
import { CloseIcon, RefreshIcon, RestoreIcon, TrashIcon } from '@plinth/shared-ui/icons';
import { tokens } from '@plinth/shared-ui/theme';
import { discardPending, readPending, sameFile, type PendingUpload } from '../../area/uploads/pending';
import { formatBytes } from './explorer-rules';
import { cancelUpload, cancelUploads, clearUploads, retryUpload, uploadFiles, uploadsStore, type UploadEntry } from './uploads';
import { keys } from '../../area/query-keys';

const fileLabel = (e: UploadEntry) => e.path.split('/').pop() ?? e.path;

/**
 * Upload progress in bytes (001 §2, §4): overall and per file, with cancel (all or one) and retry of
 * a failed file; above them, the uploads a reload left unfinished and how to continue them.
 */
export function UploadsPanel() {
  const { entries, running } = useStore(uploadsStore);
  const { projectRef } = useArea();
  const [pending, setPending] = useState<PendingUpload[]>(() => readPending(projectRef));
  if (!entries.length && !pending.length) return null;
  const settled = entries.filter((e) => e.state === 'done' || e.state === 'failed' || e.state === 'cancelled').length;
  const live = entries.filter((e) => e.state !== 'cancelled');
  const bytes = live.reduce((s, e) => s + e.size, 0);
  const sent = live.reduce((s, e) => s + e.sent, 0);
  const shown = [...entries.filter((e) => e.state === 'uploading'), ...entries.filter((e) => e.state === 'failed')].slice(0, 10);
  return (
    <section
      aria-label="Uploads"
      css={{ position: 'absolute', right: tokens.space.lg, bottom: tokens.space.lg, width: 340, maxWidth: 'calc(100% - 32px)', background: tokens.color.surfaceRaised, border: `1px solid ${tokens.color.border}`, borderRadius: tokens.radius.lg, boxShadow: tokens.shadow.md, padding: tokens.space.md, zIndex: 2, fontSize: tokens.fontSize.sm }}
    >
      <ResumeOffer pending={pending} setPending={setPending} />
      {entries.length ? (
        <>
          <div css={{ display: 'flex', alignItems: 'center', gap: tokens.space.sm }}>
            <strong css={{ flex: 1 }}>{running ? `Uploading ${settled} of ${entries.length} files` : `Uploaded ${entries.filter((e) => e.state === 'done').length} of ${entries.length} files`}</strong>
            {running ? (
              <Button size="small" onClick={cancelUploads}>
                Cancel
              </Button>
            ) : (
              <Button size="small" variant="ghost" aria-label="Close uploads" icon={<CloseIcon size={14} />} onClick={clearUploads} />
            )}
          </div>
          <progress aria-label="Upload progress" max={bytes || 1} value={sent} css={{ width: '100%', marginTop: tokens.space.sm }} />
          <div data-testid="storage-upload-bytes" css={{ color: tokens.color.textMuted }}>
            {formatBytes(sent)} of {formatBytes(bytes)}
          </div>
          <ul css={{ listStyle: 'none', margin: 0, padding: 0, maxHeight: 180, overflow: 'auto' }}>
            {shown.map((e) => (
              <li key={e.key} css={{ padding: `${tokens.space.xxs} 0`, color: e.state === 'failed' ? tokens.color.dangerText : tokens.color.textMuted }}>
                <div css={{ display: 'flex', alignItems: 'center', gap: tokens.space.sm }}>
                  <span css={{ flex: 1, overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' }} title={e.message ?? e.path}>
                    {e.path}
                  </span>
                  <span>{e.state === 'failed' ? 'Failed' : `${formatBytes(e.sent)} of ${formatBytes(e.size)}`}</span>
                  {e.state === 'failed' ? (
                    <Button size="small" variant="ghost" aria-label={`Retry ${fileLabel(e)}`} icon={<RefreshIcon size={14} />} onClick={() => void retryUpload(e.key)} />
                  ) : (
                    <Button size="small" variant="ghost" aria-label={`Cancel ${fileLabel(e)}`} icon={<CloseIcon size={14} />} onClick={() => cancelUpload(e.key)} />
                  )}
                </div>
                {e.state === 'uploading' ? <progress aria-label={`${fileLabel(e)} progress`} max={e.size || 1} value={e.sent} css={{ width: '100%', height: 4, display: 'block' }} /> : null}
              </li>
            ))}
          </ul>
        </>
      ) : null}
    </section>
  );
}

/**
 * Uploads of this project a reload or a closed tab left unfinished. The browser cannot reopen their
 * files by itself: the user picks them again (any order, several at once) and each continues from
 * the bytes the server holds; Discard drops them on the server too.
 */
function ResumeOffer({ pending, setPending }: { pending: PendingUpload[]; setPending: (update: (list: PendingUpload[]) => PendingUpload[]) => void }) {
  const { api, projectRef, notify, props } = useArea();
  const client = useQueryClient();
  const input = useRef<HTMLInputElement>(null);
  if (!pending.length) return null;

  const resume = async (files: File[]) => {
    const matched = files.map((file) => ({ file, p: pending.find((p) => sameFile(p, file)) }));
    for (const m of matched) if (!m.p) notify({ kind: 'warning', message: `${m.file.name} is not one of the unfinished uploads (same name, size and date)` });
    const found = matched.filter((m): m is { file: File; p: PendingUpload } => m.p !== undefined);
    setPending((list) => list.filter((p) => !found.some((m) => m.p === p)));
    for (const bucketId of new Set(found.map((m) => m.p.bucketId))) {
      await uploadFiles(
        found.filter((m) => m.p.bucketId === bucketId).map((m) => ({ file: m.file, relativePath: m.file.name, exactPath: m.p.path })),
        {
          folder: '',
          taken: new Set(),
          notify,
          place: { apiBase: props.apiBase, ref: projectRef, bucketId },
          upload: (path, file, signal) => api.storage.uploadObject(projectRef, bucketId, path, file, { contentType: file.type || undefined, signal }),
        },
      );
      await client.invalidateQueries({ queryKey: keys.folders(projectRef, bucketId) });
    }
  };
  const discard = async () => {
    await Promise.all(pending.map((p) => discardPending(projectRef, p)));
    setPending(() => []);
  };

  return (
    <div role="group" aria-label="Unfinished uploads" css={{ borderBottom: `1px solid ${tokens.color.border}`, paddingBottom: tokens.space.sm, marginBottom: tokens.space.sm }}>
      <strong>
        {pending.length} unfinished upload{pending.length === 1 ? '' : 's'}
      </strong>
      <p css={{ margin: `${tokens.space.xs} 0`, color: tokens.color.textMuted }}>Pick the same files again to continue where they stopped.</p>
      <ul css={{ listStyle: 'none', margin: 0, padding: 0, maxHeight: 96, overflow: 'auto' }}>
        {pending.map((p) => (
          <li key={p.uploadUrl} css={{ display: 'flex', gap: tokens.space.sm, color: tokens.color.textMuted }}>
            <span css={{ flex: 1, overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' }} title={`${p.bucketId}/${p.path}`}>
              {p.path}
            </span>
            <span>
              {formatBytes(p.sent)} of {formatBytes(p.size)}
            </span>
          </li>
        ))}
      </ul>
      <div css={{ display: 'flex', gap: tokens.space.sm, marginTop: tokens.space.sm }}>
        <Button size="small" icon={<RestoreIcon size={14} />} onClick={() => input.current?.click()}>
          Choose files to resume
        </Button>
        <Button size="small" variant="ghost" icon={<TrashIcon size={14} />} onClick={() => void discard()}>
          Discard
        </Button>
      </div>
      <input
        ref={input}
        type="file"
        multiple
        hidden
        aria-label="Files to resume"
        data-testid="storage-resume-input"
        onChange={(e) => {
          const files = Array.from(e.target.files ?? []);
          e.target.value = '';
          if (files.length) void resume(files);
        }}
      />
    </div>
  );
}
