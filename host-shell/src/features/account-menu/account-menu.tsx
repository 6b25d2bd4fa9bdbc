import { useNavigate } from 'react-router-dom';
import { useQueryClient } from '@tanstack/react-query';
import type { ThemeName } from '@plinth/shared-contracts';
import { Menu, MenuContent, MenuItem, MenuLabel, MenuRadioGroup, MenuRadioItem, MenuSeparator, MenuTrigger } from '@plinth/shared-ui/menu';
import { tokens, useTheme } from '@plinth/shared-ui/theme';
import { notify } from '@plinth/shared-ui/toast';
import { useAuthApi } from '../../app/api';

const triggerCss = {
  display: 'flex',
  alignItems: 'center',
  gap: tokens.space.sm,
  width: '100%',
  padding: tokens.space.sm,
  borderRadius: tokens.radius.md,
  border: `1px solid ${tokens.color.border}`,
  background: 'none',
  color: tokens.color.text,
  font: 'inherit',
  cursor: 'pointer',
  overflow: 'hidden',
  textOverflow: 'ellipsis',
  whiteSpace: 'nowrap',
  '&:focus-visible': { outline: `2px solid ${tokens.color.focus}` },
} as const;

/** Account menu at the bottom of the rail: Account Preferences, the Dark/Light choice (kept across reloads), sign out. */
export function AccountMenu({ email }: { email: string }) {
  const { theme, setTheme } = useTheme();
  const auth = useAuthApi();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
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
        <button type="button" aria-label="Account" title={email} css={triggerCss}>
          <span css={{ minWidth: 0, overflow: 'hidden', textOverflow: 'ellipsis' }}>{email}</span>
        </button>
      </MenuTrigger>
      <MenuContent side="top" align="start">
        <MenuLabel>{email}</MenuLabel>
        <MenuItem onSelect={() => navigate('/account/me')}>Account Preferences</MenuItem>
        <MenuSeparator />
        <MenuLabel>Theme</MenuLabel>
        <MenuRadioGroup value={theme} onValueChange={(value) => setTheme(value as ThemeName)}>
          <MenuRadioItem value="dark">Dark</MenuRadioItem>
          <MenuRadioItem value="light">Light</MenuRadioItem>
        </MenuRadioGroup>
        <MenuSeparator />
        <MenuItem onSelect={() => void signOut()}>Sign out</MenuItem>
      </MenuContent>
    </Menu>
  );
}
