import { useRef, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useArea } from '@plinth/area-kit';
import { Button } from '@plinth/shared-ui/button';
import { RestoreIcon, TrashIcon } from '@plinth/shared-ui/icons';
import { tokens } from '@plinth/shared-ui/theme';
import { formatBytes } from '../explorer/explorer-rules';
import { discardPending, readPending, sameFile, type PendingUpload } from './pending';

/**
 * Uploads of this project a reload or a closed tab left unfinished. The browser cannot reopen their
 * files by itself: the user picks them again (any order, several at once) and each continues from
 * the bytes the server holds; Discard drops them on the server too.
 */
export function ResumeOffer() {
  const { api, projectRef, notify, props } = useArea();
  const client = useQueryClient();
  const [pending, setPending] = useState<PendingUpload[]>(() => readPending(projectRef));
  const input = useRef<HTMLInputElement>(null);
  if (!pending.length) return null;

  const resume = async (files: File[]) => {
    const matched = files.map((file) => ({ file, p: pending.find((p) => sameFile(p, file)) }));
    for (const m of matched) if (!m.p) notify({ kind: 'warning', message: `${m.file.name} is not one of the unfinished uploads (same name, size and date)` });
    const found = matched.filter((m): m is { file: File; p: PendingUpload } => m.p !== undefined);
    setPending((list) => list.filter((p) => !found.some((m) => m.p === p)));
    const { uploadFiles } = await import(/* webpackChunkName: "storage-explorer-uploads" */ '../explorer/uploads');
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
      await client.invalidateQueries({ queryKey: ['storage', projectRef, 'objects', bucketId] });
    }
  };
  const discard = async () => {
    await Promise.all(pending.map((p) => discardPending(projectRef, p)));
    setPending([]);
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
