import { useState } from 'react';
import { Button } from '@plinth/shared-ui/button';
import { InlineNotice, StatusBadge, type StatusTone } from '@plinth/shared-ui/layout';
import { tokens } from '@plinth/shared-ui/theme';
import { SNIPPET_MESSAGES } from '@plinth/contracts-database';
import type { SaveState } from './autosave-session';

const LABELS: Record<SaveState['status'], { tone: StatusTone; text: string; busy?: boolean }> = {
  local: { tone: 'neutral', text: 'Kept on this device' },
  saved: { tone: 'success', text: 'Saved' },
  pending: { tone: 'neutral', text: 'Not saved yet' },
  saving: { tone: 'info', text: 'Saving…', busy: true },
  offline: { tone: 'warning', text: 'Not saved: offline' },
  failed: { tone: 'danger', text: 'Not saved' },
  conflict: { tone: 'danger', text: 'Not saved: changed elsewhere' },
  deleted: { tone: 'danger', text: 'Not saved: deleted elsewhere' },
};

/** Saved / saving / not saved, beside the editor; announced politely as it changes. */
export function SaveStatus({ state }: { state: SaveState }) {
  const label = LABELS[state.status];
  return (
    <span role="status" aria-label={`Query ${label.text.toLowerCase()}`} data-save-status={state.status}>
      <StatusBadge tone={label.tone} busy={label.busy}>
        {label.text}
      </StatusBadge>
    </span>
  );
}

/** What a save that could not reach the API means for the user's text. */
export function UnsavedNotice({ state }: { state: SaveState }) {
  if (state.status !== 'offline' && state.status !== 'failed') return null;
  return (
    <InlineNotice kind="warning" title="Your changes are kept on this device">
      {state.status === 'offline'
        ? 'The connection to the platform is down. Your text is kept in this browser and saved as soon as the connection is back.'
        : `Saving failed (${state.error ?? 'unknown error'}). Your text is kept in this browser and saving is tried again.`}
    </InlineNotice>
  );
}

/** A save refused because the query was saved elsewhere meanwhile: both texts, and the choice. */
export function ConflictNotice({ state, onKeepMine, onTakeTheirs }: { state: SaveState; onKeepMine: () => void; onTakeTheirs: () => void }) {
  if (state.status !== 'conflict' || !state.theirs) return null;
  const pre = { margin: 0, padding: tokens.space.sm, maxHeight: 160, overflow: 'auto', fontFamily: tokens.font.mono, fontSize: tokens.fontSize.xs, whiteSpace: 'pre-wrap' as const, border: `1px solid ${tokens.color.border}`, borderRadius: tokens.radius.md };
  return (
    <section aria-label="Conflicting changes">
      <InlineNotice
        kind="danger"
        title="This query was changed in another tab or by a team member"
        action={
          <div css={{ display: 'flex', gap: tokens.space.sm }}>
            <Button size="small" variant="primary" onClick={onKeepMine}>
              Keep mine
            </Button>
            <Button size="small" onClick={onTakeTheirs}>
              Take theirs
            </Button>
          </div>
        }
      >
        Nothing was overwritten. Keep your text (it replaces theirs) or take theirs (it replaces yours in the editor).
        <div css={{ display: 'grid', gridTemplateColumns: 'repeat(auto-fit, minmax(240px, 1fr))', gap: tokens.space.sm, marginTop: tokens.space.sm }}>
          <figure css={{ margin: 0 }}>
            <figcaption>Yours</figcaption>
            <pre aria-label="Your text" css={pre}>{state.text}</pre>
          </figure>
          <figure css={{ margin: 0 }}>
            <figcaption>Theirs (saved)</figcaption>
            <pre aria-label="Their text" css={pre}>{state.theirs.sql}</pre>
          </figure>
        </div>
      </InlineNotice>
    </section>
  );
}

/** A save refused because the query was deleted elsewhere: the text is kept here and can become a new query. */
export function DeletedNotice({ state, onSaveAsNew }: { state: SaveState; onSaveAsNew: () => Promise<void> }) {
  const [saving, setSaving] = useState(false);
  const [failed, setFailed] = useState<string | null>(null);
  if (state.status !== 'deleted') return null;
  const save = async () => {
    setSaving(true);
    setFailed(null);
    try {
      await onSaveAsNew();
    } catch (err) {
      setFailed(err instanceof Error ? err.message : String(err));
      setSaving(false);
    }
  };
  return (
    <InlineNotice
      kind="danger"
      title="This query was deleted elsewhere"
      action={
        <Button size="small" variant="primary" loading={saving} onClick={() => void save()}>
          Save as a new query
        </Button>
      }
    >
      Your text is kept in this browser. Save it as a new query to keep it in the project.
      {failed ? ` ${SNIPPET_MESSAGES.createFailed}: ${failed}` : null}
    </InlineNotice>
  );
}
