import { css } from '@emotion/react';
import { tokens } from '@plinth/shared-ui/theme';

export const overlayStyle = css({
  position: 'fixed',
  inset: 0,
  background: tokens.color.overlay,
  zIndex: tokens.layer.overlay,
});

export const closeButtonStyle = css({
  display: 'inline-flex',
  alignItems: 'center',
  justifyContent: 'center',
  width: 28,
  height: 28,
  padding: 0,
  border: 'none',
  borderRadius: tokens.radius.sm,
  background: 'transparent',
  color: tokens.color.textMuted,
  cursor: 'pointer',
  '&:hover': { background: tokens.color.surfaceHover, color: tokens.color.text },
  '&:focus-visible': { outline: `2px solid ${tokens.color.focus}`, outlineOffset: 1 },
});

export const titleStyle = css({ margin: 0, fontSize: tokens.fontSize.lg, fontWeight: 600, color: tokens.color.text });
export const descriptionStyle = css({ margin: 0, marginTop: 4, fontSize: tokens.fontSize.sm, color: tokens.color.textMuted });
