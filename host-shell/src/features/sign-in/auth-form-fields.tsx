import type { ReactNode } from 'react';
import { tokens } from '@plinth/shared-ui/theme';

// The sign-in pages draw their fields from the tokens directly rather than through
// @plinth/shared-ui/form and /button: the look is the same, and the console's first screen loads
// two entries fewer.
const c = tokens.color;

/** A labelled input with its error text underneath, for the sign-in forms. */
export function AuthField({ id, label, error, children }: { id: string; label: string; error?: string; children: ReactNode }) {
  return (
    <div css={{ display: 'grid', gap: tokens.space.xs, marginBottom: tokens.space.lg }}>
      <label htmlFor={id} css={{ fontSize: tokens.fontSize.sm, fontWeight: tokens.fontWeight.medium }}>
        {label}
      </label>
      {children}
      {error ? (
        <span id={`${id}-error`} role="alert" css={{ color: c.dangerText, fontSize: tokens.fontSize.sm }}>
          {error}
        </span>
      ) : null}
    </div>
  );
}

export const inputCss = {
  height: 38,
  padding: '0 12px',
  border: `1px solid ${c.borderControl}`,
  borderRadius: tokens.radius.md,
  background: c.surface,
  color: c.text,
  font: 'inherit',
  fontSize: tokens.fontSize.md,
  transition: `border-color ${tokens.motion.fast}`,
  '&:hover': { borderColor: c.textMuted },
  '&:focus-visible': { outline: `2px solid ${c.focus}`, outlineOffset: 0, borderColor: c.focus },
  '&[aria-invalid="true"]': { borderColor: c.dangerText },
} as const;

export const submitCss = {
  width: '100%',
  height: 40,
  padding: '0 14px',
  border: '1px solid transparent',
  borderRadius: tokens.radius.md,
  background: c.brand,
  color: c.onBrand,
  font: 'inherit',
  fontWeight: tokens.fontWeight.medium,
  cursor: 'pointer',
  transition: `background-color ${tokens.motion.fast}`,
  '&:hover:not(:disabled)': { background: c.brandHover },
  '&:focus-visible': tokens.focusRing,
  '&:disabled': { opacity: 0.6, cursor: 'progress' },
} as const;

/** A quiet action that reads as a link (another account, try again). */
export const linkButtonCss = {
  padding: 0,
  border: 0,
  background: 'none',
  color: c.brandText,
  font: 'inherit',
  fontSize: tokens.fontSize.sm,
  textDecoration: 'underline',
  textUnderlineOffset: 2,
  cursor: 'pointer',
  borderRadius: tokens.radius.sm,
  '&:focus-visible': tokens.focusRing,
} as const;

/** A failure or a dead end on the sign-in pages, in the danger colour's edge. */
export const noticeCss = {
  margin: 0,
  padding: `${tokens.space.md} ${tokens.space.lg}`,
  border: `1px solid ${c.border}`,
  borderLeft: `3px solid ${c.danger}`,
  borderRadius: tokens.radius.md,
  background: c.surface,
  fontSize: tokens.fontSize.sm,
} as const;
