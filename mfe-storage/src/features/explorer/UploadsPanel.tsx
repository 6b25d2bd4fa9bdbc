import { useStore } from 'zustand';
import { Button } from '@plinth/shared-ui/button';
import { CloseIcon } from '@plinth/shared-ui/icons';
import { tokens } from '@plinth/shared-ui/theme';
import { formatBytes } from './explorer-rules';
import { cancelUploads, clearUploads, uploadsStore } from './uploads';

/** Overall and per-file upload progress with cancel (001 §2, §4): the running files and the last ones settled. */
export function UploadsPanel() {
  const { entries, running } = useStore(uploadsStore);
  if (!entries.length) return null;
  const settled = entries.filter((e) => e.state === 'done' || e.state === 'failed' || e.state === 'cancelled').length;
  const bytes = entries.reduce((s, e) => s + e.size, 0);
  const doneBytes = entries.filter((e) => e.state === 'done').reduce((s, e) => s + e.size, 0);
  const shown = [...entries.filter((e) => e.state === 'uploading'), ...entries.filter((e) => e.state === 'failed')].slice(0, 10);
  return (
    <section
      aria-label="Uploads"
      css={{ position: 'absolute', right: tokens.space.lg, bottom: tokens.space.lg, width: 320, maxWidth: 'calc(100% - 32px)', background: tokens.color.surfaceRaised, border: `1px solid ${tokens.color.border}`, borderRadius: tokens.radius.lg, boxShadow: tokens.shadow.md, padding: tokens.space.md, zIndex: 2, fontSize: tokens.fontSize.sm }}
    >
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
      <progress aria-label="Upload progress" max={bytes || 1} value={doneBytes} css={{ width: '100%', marginTop: tokens.space.sm }} />
      <ul css={{ listStyle: 'none', margin: 0, padding: 0, maxHeight: 160, overflow: 'auto' }}>
        {shown.map((e) => (
          <li key={e.key} css={{ display: 'flex', gap: tokens.space.sm, color: e.state === 'failed' ? tokens.color.dangerText : tokens.color.textMuted }}>
            <span css={{ flex: 1, overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' }} title={e.message ?? e.path}>
              {e.path}
            </span>
            <span>{e.state === 'failed' ? 'Failed' : formatBytes(e.size)}</span>
          </li>
        ))}
      </ul>
    </section>
  );
}
