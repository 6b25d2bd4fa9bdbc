import { css } from '@emotion/react';
import { tokens } from '@plinth/shared-ui/theme';

const c = tokens.color;

export const textControlStyle = css({
  width: '100%',
  minHeight: 32,
  padding: '6px 10px',
  fontFamily: 'inherit',
  fontSize: tokens.fontSize.sm,
  color: c.text,
  background: c.background,
  border: `1px solid ${c.borderControl}`,
  borderRadius: tokens.radius.md,
  transition: `border-color ${tokens.motion.fast}`,
  '&::placeholder': { color: c.textMuted, opacity: 0.8 },
  '&:hover:not(:disabled)': { borderColor: c.textMuted },
  '&:focus-visible': { outline: `2px solid ${c.focus}`, outlineOffset: 0, borderColor: c.focus },
  '&:disabled, &[readonly]': { opacity: 0.6, cursor: 'not-allowed' },
  '&[aria-invalid="true"]': { borderColor: c.dangerText },
});
