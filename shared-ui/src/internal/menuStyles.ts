import { css } from '@emotion/react';
import { tokens } from '@plinth/shared-ui/theme';

const c = tokens.color;

export const menuContentStyle = css({
  minWidth: 180,
  maxWidth: 320,
  padding: 4,
  background: c.surfaceRaised,
  color: c.text,
  border: `1px solid ${c.border}`,
  borderRadius: tokens.radius.md,
  boxShadow: tokens.shadow.md,
  fontSize: tokens.fontSize.sm,
  zIndex: tokens.layer.menu,
  outline: 'none',
});

export const menuItemStyle = css({
  display: 'flex',
  alignItems: 'center',
  gap: tokens.space.sm,
  padding: '6px 8px',
  paddingLeft: 28,
  position: 'relative',
  borderRadius: tokens.radius.sm,
  cursor: 'pointer',
  userSelect: 'none',
  outline: 'none',
  '&[data-highlighted]': { background: c.surfaceHover },
  '&[data-disabled]': { opacity: 0.5, cursor: 'not-allowed' },
  '&[data-state="open"]': { background: c.surfaceHover },
});

export const dangerItemStyle = css({ color: c.dangerText });

export const itemIconStyle = css({
  position: 'absolute',
  left: 8,
  display: 'inline-flex',
  alignItems: 'center',
  color: c.textMuted,
});

export const shortcutStyle = css({ marginLeft: 'auto', paddingLeft: tokens.space.lg, fontSize: tokens.fontSize.xs, color: c.textMuted });

export const separatorStyle = css({ height: 1, margin: '4px 0', background: c.border });

export const labelStyle = css({ padding: '6px 8px', fontSize: tokens.fontSize.xs, color: c.textMuted, fontWeight: 500 });
