import { useState } from 'react';
import { MoreIcon } from '@plinth/shared-ui/icons';
import { menuStyles } from './menu-styles';
import { contentsBox, lazyPart, useKeepFocusOnSwap } from '@plinth/shared-ui/on-intent';
import { RowActionsMenu, type OpenedBy } from './RowActionsMenu';
import type { RowAction, RowActionsProps } from './row-action';

export type { RowAction, RowActionsProps };

// The menu's code (Radix) is not needed to draw a list: it is asked for on the first sign of intent.
const menuPart = lazyPart(() => import('@plinth/shared-ui/menu'));
const preloadMenu = () => void menuPart.preload();
const OPENING_KEYS = ['Enter', ' ', 'ArrowDown'];

/**
 * The "…" button of a list row (a bucket, a table, a snippet) and the actions it opens. The button
 * is drawn at once; the menu's code loads on pointer over, focus or touch, and a click or key that
 * asks for the menu before it is here opens it as soon as it arrives.
 */
export function RowActions(props: RowActionsProps) {
  const menu = menuPart.useLoaded();
  const [openOnArrival, setOpenOnArrival] = useState<OpenedBy | null>(null);
  const box = useKeepFocusOnSwap<HTMLSpanElement>(menu !== null);
  const askToOpen = (by: OpenedBy) => {
    setOpenOnArrival((asked) => asked ?? by);
    preloadMenu();
  };
  return (
    <span ref={box} css={contentsBox}>
      {menu ? (
        <RowActionsMenu {...props} menu={menu} openOnArrival={openOnArrival} />
      ) : (
        <button
          type="button"
          css={menuStyles.iconButton}
          aria-label={props.label}
          aria-haspopup="menu"
          aria-expanded={false}
          data-state="closed"
          onPointerEnter={preloadMenu}
          onFocus={preloadMenu}
          onTouchStart={preloadMenu}
          onPointerDown={(event) => {
            if (event.button !== 0 || event.ctrlKey) return;
            // As the menu's trigger does: focus stays where it is, the opened menu takes it.
            event.preventDefault();
            askToOpen('pointer');
          }}
          onClick={() => askToOpen('pointer')}
          onKeyDown={(event) => {
            if (!OPENING_KEYS.includes(event.key)) return;
            event.preventDefault();
            askToOpen('keyboard');
          }}
        >
          <MoreIcon size={14} />
        </button>
      )}
    </span>
  );
}
