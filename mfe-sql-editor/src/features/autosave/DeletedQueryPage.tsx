import { useState, type ReactNode } from 'react';
import { Button } from '@plinth/shared-ui/button';
import { EmptyState, InlineNotice } from '@plinth/shared-ui/layout';
import { tokens } from '@plinth/shared-ui/theme';
import { PERMISSIONS } from '@plinth/shared-contracts';
import { SNIPPET_MESSAGES } from '@plinth/contracts-database';
import { useArea } from '@plinth/area-kit';
import { useKeptTextOfDeletedQuery } from './use-autosave';

/**
 * A query that is not in the project any more (deleted elsewhere). When text typed in it on this
 * device was never saved, it is shown with Save as a new query and Discard; otherwise `children`
 * (the plain not-found page).
 */
export function DeletedQueryPage({ id, children }: { id: string; children: ReactNode }) {
  const { can } = useArea();
  const kept = useKeptTextOfDeletedQuery(id);
  const [saving, setSaving] = useState(false);
  const [failed, setFailed] = useState(false);
  if (!kept) return <>{children}</>;
  const save = async () => {
    setSaving(true);
    setFailed(false);
    try {
      await kept.saveAsNewQuery();
    } catch {
      setFailed(true);
      setSaving(false);
    }
  };
  return (
    <div css={{ display: 'flex', flexDirection: 'column', gap: tokens.space.md, padding: tokens.space.lg }}>
      <EmptyState title="Query not found" description={`${SNIPPET_MESSAGES.noQueriesFound}: it may have been deleted. Text you typed in it was not saved and is kept in this browser.`} />
      <pre aria-label="Text kept in this browser" css={{ margin: 0, padding: tokens.space.sm, maxHeight: 320, overflow: 'auto', fontFamily: tokens.font.mono, fontSize: tokens.fontSize.xs, whiteSpace: 'pre-wrap', border: `1px solid ${tokens.color.border}`, borderRadius: tokens.radius.md }}>
        {kept.text}
      </pre>
      {failed ? <InlineNotice kind="danger">{SNIPPET_MESSAGES.createFailed}</InlineNotice> : null}
      <div css={{ display: 'flex', gap: tokens.space.sm }}>
        {can(PERMISSIONS.USER_CONTENT_CREATE) ? (
          <Button variant="primary" loading={saving} onClick={() => void save()}>
            Save as a new query
          </Button>
        ) : null}
        <Button onClick={kept.discard} disabled={saving}>
          Discard this text
        </Button>
      </div>
    </div>
  );
}
