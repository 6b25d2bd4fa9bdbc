import { css } from '@emotion/react';
import { tokens } from '@plinth/shared-ui/theme';
import { SIDE_MENU_WIDTH } from '@plinth/shared-ui/layout';

const c = tokens.color;

/** Styles of an area's side menus (AreaSideMenu) and of lists and controls inside them. */
export const menuStyles = {
  /** The fixed-width scrolling column a side menu sits in: one width in every area. */
  column: css({
    width: SIDE_MENU_WIDTH,
    minWidth: SIDE_MENU_WIDTH,
    flex: 'none',
    height: '100%',
    overflowY: 'auto',
    borderRight: `1px solid ${c.border}`,
    background: c.surface,
    fontSize: tokens.fontSize.sm,
  }),
  heading: css({ margin: 0, fontSize: tokens.fontSize.lg, fontWeight: 600, color: c.text }),
  groupTitle: css({
    margin: 0,
    fontSize: tokens.fontSize.xs,
    fontWeight: 600,
    textTransform: 'uppercase',
    letterSpacing: '0.04em',
    color: c.textMuted,
  }),
  list: css({ listStyle: 'none', margin: 0, padding: 0, display: 'flex', flexDirection: 'column', gap: 1 }),
  link: css({
    display: 'block',
    flex: 1,
    minWidth: 0,
    padding: '5px 8px',
    borderRadius: tokens.radius.sm,
    color: c.text,
    textDecoration: 'none',
    overflow: 'hidden',
    textOverflow: 'ellipsis',
    whiteSpace: 'nowrap',
    '&:hover': { background: c.surfaceHover },
    '&[aria-current="page"]': { background: c.surfaceRaised, fontWeight: 600 },
    '&:focus-visible': { outline: `2px solid ${c.focus}`, outlineOffset: -2 },
  }),
  row: css({ display: 'flex', alignItems: 'center', gap: 2 }),
  muted: css({ margin: 0, padding: '4px 8px', color: c.textMuted, fontSize: tokens.fontSize.xs }),
  info: css({
    margin: 0,
    padding: tokens.space.sm,
    borderRadius: tokens.radius.sm,
    border: `1px solid ${c.border}`,
    background: c.surfaceRaised,
    color: c.textMuted,
    fontSize: tokens.fontSize.xs,
  }),
  error: css({ margin: 0, padding: '4px 8px', color: c.dangerText, fontSize: tokens.fontSize.xs }),
  input: css({
    width: '100%',
    padding: '4px 8px',
    borderRadius: tokens.radius.sm,
    border: `1px solid ${c.borderStrong}`,
    background: c.background,
    color: c.text,
    fontSize: tokens.fontSize.sm,
    '&:focus-visible': { outline: `2px solid ${c.focus}`, outlineOffset: 0 },
  }),
  iconButton: css({
    display: 'inline-flex',
    alignItems: 'center',
    justifyContent: 'center',
    width: 24,
    height: 24,
    padding: 0,
    border: 'none',
    borderRadius: tokens.radius.sm,
    background: 'transparent',
    color: c.textMuted,
    cursor: 'pointer',
    '&:hover': { background: c.surfaceHover, color: c.text },
    '&:focus-visible': { outline: `2px solid ${c.focus}`, outlineOffset: -2 },
    '&[aria-disabled="true"]': { opacity: 0.5, cursor: 'not-allowed' },
  }),
};
