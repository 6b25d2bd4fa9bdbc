import { Link, useNavigate } from 'react-router-dom';
import { css } from '@emotion/react';
import { tokens } from '@plinth/shared-ui/theme';
import { CloseIcon, PlusIcon } from '@plinth/shared-ui/icons';
import { useArea } from '@plinth/area-kit';
import { useSnippets } from '../../area/use-snippets';
import { newQueryPath } from '../../area/new-query-path';
import { neighbourOf, openQueries, useOpenQueries } from './open-queries';

const c = tokens.color;
const tabCss = css({
  display: 'inline-flex',
  alignItems: 'center',
  gap: tokens.space.xxs,
  maxWidth: 220,
  padding: `0 ${tokens.space.xs} 0 ${tokens.space.sm}`,
  height: 34,
  borderRight: `1px solid ${c.border}`,
  borderBottom: '2px solid transparent',
  fontSize: tokens.fontSize.sm,
  color: c.textMuted,
  '&[data-active="true"]': { color: c.text, borderBottomColor: c.brand, background: c.background },
  a: { color: 'inherit', textDecoration: 'none', overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' },
  'a:focus-visible, button:focus-visible': tokens.focusRing,
});
const iconButton = css({ display: 'inline-flex', padding: 2, border: 'none', background: 'none', color: 'inherit', cursor: 'pointer', borderRadius: tokens.radius.sm, '&:hover': { background: c.surfaceHover } });

/** Tabs of the open queries above the editor: each a link to its query, closed with its × button. */
export function QueryTabs({ activeId }: { activeId: string }) {
  const { projectRef, hosted } = useArea();
  const navigate = useNavigate();
  const ids = useOpenQueries(projectRef);
  const snippets = useSnippets();
  const names = new Map((snippets.data ?? []).map((s) => [s.id, s.name]));
  // Queries deleted meanwhile drop out once the list is known.
  const shown = snippets.data ? ids.filter((id) => names.has(id)) : ids;
  if (shown.length === 0) return null;

  const close = (id: string) => {
    const next = id === activeId ? neighbourOf(shown, id) : undefined;
    openQueries.close(projectRef, id);
    if (next !== undefined) navigate(next ? `/sql/${next}` : `/${newQueryPath(hosted)}`);
  };

  return (
    <nav aria-label="Open queries" css={{ display: 'flex', overflowX: 'auto', borderBottom: `1px solid ${c.border}`, background: c.surface }}>
      {shown.map((id) => {
        const name = names.get(id) ?? 'Query';
        return (
          <span key={id} css={tabCss} data-active={id === activeId}>
            <Link to={`/sql/${id}`} aria-current={id === activeId ? 'page' : undefined} title={name}>
              {name}
            </Link>
            <button type="button" css={iconButton} aria-label={`Close ${name}`} onClick={() => close(id)}>
              <CloseIcon size={14} />
            </button>
          </span>
        );
      })}
      <span css={[tabCss, { borderRight: 'none' }]}>
        <Link to={`/${newQueryPath(hosted)}`} aria-label="New query" css={{ display: 'inline-flex' }}>
          <PlusIcon size={14} />
        </Link>
      </span>
    </nav>
  );
}
