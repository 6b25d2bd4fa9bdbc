import { Link, useNavigate } from 'react-router-dom';
import { useQueryClient } from '@tanstack/react-query';
import { notify } from '@plinth/shared-ui/toast';
import { useApi } from '../../app/api';
import { useTheme } from '@plinth/shared-ui/theme';
import { tokens } from '@plinth/shared-ui/theme';
import { MoonIcon, SunIcon } from '@plinth/shared-ui/icons';
import type { ThemeName } from '@plinth/shared-contracts';

const choiceCss = {
  display: 'inline-flex',
  alignItems: 'center',
  gap: tokens.space.xs,
  padding: `${tokens.space.xs} ${tokens.space.sm}`,
  borderRadius: tokens.radius.md,
  border: `1px solid ${tokens.color.border}`,
  background: 'none',
  color: tokens.color.textMuted,
  font: 'inherit',
  cursor: 'pointer',
  '&[aria-checked="true"]': { background: tokens.color.surfaceRaised, color: tokens.color.text, borderColor: tokens.color.borderStrong },
  '&:focus-visible': { outline: `2px solid ${tokens.color.focus}` },
} as const;

const THEMES: { value: ThemeName; label: string; Icon: typeof SunIcon }[] = [
  { value: 'dark', label: 'Dark', Icon: MoonIcon },
  { value: 'light', label: 'Light', Icon: SunIcon },
];

/** Account menu at the bottom of the rail: Account Preferences and the Dark/Light choice, kept across reloads. */
export function AccountMenu({ email }: { email: string }) {
  const { theme, setTheme } = useTheme();
  const api = useApi();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const signOut = async () => {
    try {
      await api.auth.signOut();
      queryClient.clear();
      navigate('/sign-in', { replace: true });
    } catch (err) {
      notify({ kind: 'error', message: `Could not sign out: ${(err as Error).message}` });
    }
  };
  return (
    <section aria-label="Account" css={{ display: 'grid', gap: tokens.space.sm, paddingTop: tokens.space.sm, borderTop: `1px solid ${tokens.color.border}` }}>
      <span css={{ fontSize: tokens.fontSize.xs, color: tokens.color.textMuted, overflow: 'hidden', textOverflow: 'ellipsis' }} title={email}>
        {email}
      </span>
      <Link to="/account/me" css={{ color: tokens.color.text }}>
        Account Preferences
      </Link>
      <div role="radiogroup" aria-label="Theme" css={{ display: 'flex', gap: tokens.space.xs }}>
        {THEMES.map(({ value, label, Icon }) => (
          <button key={value} type="button" role="radio" aria-checked={theme === value} css={choiceCss} onClick={() => setTheme(value)}>
            <Icon size={14} />
            {label}
          </button>
        ))}
      </div>
      <button type="button" onClick={() => void signOut()} css={{ ...choiceCss, justifyContent: 'center' }}>
        Sign out
      </button>
    </section>
  );
}
