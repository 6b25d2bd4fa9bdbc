import { css } from '@emotion/react';
import { tokens } from '@plinth/shared-ui/theme';

const c = tokens.color;

/** The list's panel under the button. */
export const panelStyle = css({
  position: 'absolute',
  top: 'calc(100% + 4px)',
  left: 0,
  zIndex: tokens.layer.menu,
  width: 300,
  maxWidth: 'calc(100vw - 24px)',
  border: `1px solid ${c.border}`,
  borderRadius: tokens.radius.lg,
  background: c.surfaceRaised,
  boxShadow: tokens.elevation.popover,
  overflow: 'hidden',
});

export const searchBarStyle = css({ display: 'flex', alignItems: 'center', gap: tokens.space.sm, padding: `0 ${tokens.space.md}`, borderBottom: `1px solid ${c.border}`, color: c.textMuted });

export const searchInputStyle = css({ flex: 1, minWidth: 0, height: 38, border: 'none', outline: 'none', background: 'transparent', color: c.text, font: 'inherit', fontSize: tokens.fontSize.sm });
