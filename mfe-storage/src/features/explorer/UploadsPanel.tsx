import { useStore } from 'zustand';
import { Button } from '@plinth/shared-ui/button';
import { CloseIcon, RefreshIcon } from '@plinth/shared-ui/icons';
import { tokens } from '@plinth/shared-ui/theme';
import { ResumeOffer } from '../uploads/ResumeOffer';
import { formatBytes } from './explorer-rules';
import { cancelUpload, cancelUploads, clearUploads, retryUpload, uploadsStore, type UploadEntry } from './uploads';

const fileLabel = (e: UploadEntry) => e.path.split('/').pop() ?? e.path;

/**
 * Upload progress in bytes (001 §2, §4): overall and per file, with cancel (all or one) and retry of
 * a failed file; above them, the uploads a reload left unfinished and how to continue them.
 */
export function UploadsPanel() {
  const { entries, running } = useStore(uploadsStore);
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
      <ResumeOffer />
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
