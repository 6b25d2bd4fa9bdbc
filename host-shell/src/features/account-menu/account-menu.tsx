import { useNavigate } from 'react-router-dom';
import { useQueryClient } from '@tanstack/react-query';
import type { ThemeName } from '@plinth/shared-contracts';
import { Menu, MenuContent, MenuItem, MenuLabel, MenuRadioGroup, MenuRadioItem, MenuSeparator, MenuTrigger } from '@plinth/shared-ui/menu';
import { tokens, useTheme } from '@plinth/shared-ui/theme';
import { notify } from '@plinth/shared-ui/toast';
import { SignOutIcon, UserIcon } from '@plinth/shared-ui/icons';
import { useAuthApi } from '../../app/api';
import { useShellLink } from '../../areas/shell-links';

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

/** Account menu at the bottom of the rail (the signed-in email in its tooltip and at the top of the menu): Account Preferences, the Dark/Light choice (kept across reloads), sign out. */
export function AccountMenu({ email }: { email: string }) {
  const { theme, setTheme } = useTheme();
  const auth = useAuthApi();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const accountHref = useShellLink()('account');
  const signOut = async () => {
    try {
      await auth.signOut();
      queryClient.clear();
      navigate('/sign-in', { replace: true });
    } catch (err) {
      notify({ kind: 'error', message: `Could not sign out: ${(err as Error).message}` });
    }
  };
  return (
    <Menu>
      <MenuTrigger asChild>
        <button type="button" title={email} css={triggerCss}>
          <span aria-hidden="true" css={avatarCss}>
            <UserIcon size={16} />
          </span>
          <span data-rail-label="" css={{ minWidth: 0, overflow: 'hidden', textOverflow: 'ellipsis', fontSize: tokens.fontSize.sm }}>
            Account
          </span>
        </button>
      </MenuTrigger>
      <MenuContent side="top" align="start">
        <MenuLabel>{email}</MenuLabel>
        {accountHref ? (
          <MenuItem icon={<UserIcon size={14} />} onSelect={() => navigate(accountHref)}>
            Account Preferences
          </MenuItem>
        ) : null}
        <MenuSeparator />
        <MenuLabel>Theme</MenuLabel>
        <MenuRadioGroup value={theme} onValueChange={(value) => setTheme(value as ThemeName)}>
          <MenuRadioItem value="dark">Dark</MenuRadioItem>
          <MenuRadioItem value="light">Light</MenuRadioItem>
        </MenuRadioGroup>
        <MenuSeparator />
        <MenuItem icon={<SignOutIcon size={14} />} onSelect={() => void signOut()}>
          Sign out
        </MenuItem>
      </MenuContent>
    </Menu>
  );
}
