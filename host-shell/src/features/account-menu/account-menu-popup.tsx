import { useNavigate } from 'react-router-dom';
import { useQueryClient } from '@tanstack/react-query';
import type { ThemeName } from '@plinth/shared-contracts';
import { Menu, MenuContent, MenuItem, MenuLabel, MenuRadioGroup, MenuRadioItem, MenuSeparator, MenuTrigger } from '@plinth/shared-ui/menu';
import { useTheme } from '@plinth/shared-ui/theme';
import { notify } from '@plinth/shared-ui/toast';
import { SignOutIcon, UserIcon } from '@plinth/shared-ui/icons';
import { useAuthApi } from '../../app/api';
import { useShellLink } from '../../areas/shell-links';
import { AccountButton } from './account-button';

/** The account menu itself (Radix): the signed-in email at its top, Account Preferences, the Dark/Light choice (kept across reloads), sign out. */
export function AccountMenuPopup({ email, defaultOpen }: { email: string; defaultOpen: boolean }) {
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
    <Menu defaultOpen={defaultOpen}>
      <MenuTrigger asChild>
        <AccountButton email={email} />
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
