import type { ComponentPropsWithRef } from 'react';
import { tokens } from '@plinth/shared-ui/theme';
import { UserIcon } from '@plinth/shared-ui/icons';

const triggerCss = {
  display: 'flex',
  alignItems: 'center',
  gap: tokens.space.sm,
  width: '100%',
  minHeight: 36,
  padding: tokens.space.xs,
  borderRadius: tokens.radius.md,
  border: `1px solid ${tokens.color.border}`,
  background: 'none',
  color: tokens.color.text,
  font: 'inherit',
  cursor: 'pointer',
  overflow: 'hidden',
  textOverflow: 'ellipsis',
  whiteSpace: 'nowrap',
  '&:hover': { background: tokens.color.surfaceHover },
  '&:focus-visible': tokens.focusRing,
} as const;

const avatarCss = {
  display: 'inline-flex',
  alignItems: 'center',
  justifyContent: 'center',
  flex: 'none',
  width: 26,
  height: 26,
  borderRadius: tokens.radius.full,
  background: tokens.color.surfaceRaised,
  color: tokens.color.textMuted,
} as const;

/** The account menu's button at the bottom of the rail (the signed-in email in its tooltip). */
export function AccountButton({ email, ...rest }: { email: string } & ComponentPropsWithRef<'button'>) {
  return (
    <button type="button" title={email} css={triggerCss} {...rest}>
      <span aria-hidden="true" css={avatarCss}>
        <UserIcon size={16} />
      </span>
      <span data-rail-label="" css={{ minWidth: 0, overflow: 'hidden', textOverflow: 'ellipsis', fontSize: tokens.fontSize.sm }}>
        Account
      </span>
    </button>
  );
}
