import { useEffect, useRef, useState, type FormEvent } from 'react';
import { useSearchParams } from 'react-router-dom';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Button } from '@plinth/shared-ui/button';
import { Field, TextInput } from '@plinth/shared-ui/form';
import { PageHeader } from '@plinth/shared-ui/layout';
import { InlineError, KeyValueList, LoadingSkeleton, Section } from '@plinth/shared-ui/page';
import { InlineNotice } from '@plinth/shared-ui/layout';
import { preferredColorScheme, THEME_STORAGE_KEY, tokens, useTheme, hasStoredTheme } from '@plinth/shared-ui/theme';
import { queryKeys, UpdateProfileBodySchema, type Profile } from '@plinth/shared-contracts';
import { ChangeEmailBodySchema, ChangePasswordBodySchema } from '@plinth/contracts-billing';
import { errorMessage, useArea } from '@plinth/area-kit';

/**
 * /account/me: the account's name (first and last name, username), its e-mail address (changed
 * when the link sent to the new address is followed: it leads back here with ?confirm_email=),
 * its password (the current one needed), and the console's theme.
 */
export function Preferences() {
  const { api } = useArea();
  const profile = useQuery({ queryKey: queryKeys.profile(), queryFn: () => api.auth.getProfile() });
  const header = <PageHeader title="Preferences" description="How you appear to the members of your organizations." />;
  const body = profile.isPending ? (
    <LoadingSkeleton label="Loading your profile" rows={3} />
  ) : profile.isError ? (
    <InlineError message="Failed to retrieve your profile" detail={errorMessage(profile.error)} onRetry={() => void profile.refetch()} />
  ) : (
    <>
      <ProfileForm profile={profile.data} />
      <EmailChange profile={profile.data} />
      <PasswordChange />
    </>
  );
  return (
    <>
      {header}
      <div css={{ padding: tokens.space.xl, display: 'grid', gridTemplateColumns: 'minmax(0, 1fr)', gap: tokens.space.xl, maxWidth: 900 }}>
        <ConfirmEmail />
        {body}
        <ThemeChoice />
      </div>
    </>
  );
}

function ProfileForm({ profile }: { profile: Profile }) {
  const { api, props } = useArea();
  const queryClient = useQueryClient();
  const start = { first_name: profile.first_name ?? '', last_name: profile.last_name ?? '', username: profile.username };
  const [form, setForm] = useState(start);
  const [errors, setErrors] = useState<Partial<Record<keyof typeof start, string>>>({});
  const [failed, setFailed] = useState<string | null>(null);
  useEffect(() => setForm({ first_name: profile.first_name ?? '', last_name: profile.last_name ?? '', username: profile.username }), [profile]);
  const save = useMutation({
    mutationFn: () => api.auth.updateProfile({ first_name: form.first_name.trim() || null, last_name: form.last_name.trim() || null, username: form.username.trim() }),
    onSuccess: (saved) => {
      queryClient.setQueryData(queryKeys.profile(), saved);
      props.notify({ kind: 'success', message: 'Your profile was saved' });
    },
    onError: (err) => setFailed(errorMessage(err)),
  });
  const changed = form.first_name !== start.first_name || form.last_name !== start.last_name || form.username !== start.username;
  const submit = (event: FormEvent) => {
    event.preventDefault();
    setFailed(null);
    const parsed = UpdateProfileBodySchema.safeParse({ first_name: form.first_name, last_name: form.last_name, username: form.username.trim() });
    if (!parsed.success) {
      const next: Partial<Record<keyof typeof start, string>> = {};
      for (const issue of parsed.error.issues) next[issue.path[0] as keyof typeof start] ??= issue.message;
      setErrors(next);
      return;
    }
    setErrors({});
    save.mutate();
  };
  const field = (key: keyof typeof start, label: string) => (
    <Field label={label} error={errors[key]}>
      <TextInput value={form[key]} autoComplete="off" onChange={(e) => setForm({ ...form, [key]: e.target.value })} />
    </Field>
  );
  return (
    <Section title="Profile">
      <form onSubmit={submit} noValidate css={{ display: 'grid', gap: tokens.space.md, maxWidth: 480 }}>
        {field('first_name', 'First name')}
        {field('last_name', 'Last name')}
        {field('username', 'Username')}
        {failed ? <InlineError message="Your profile was not saved" detail={failed} /> : null}
        <div css={{ display: 'flex', gap: tokens.space.sm }}>
          <Button type="button" disabled={!changed || save.isPending} onClick={() => setForm(start)}>
            Cancel
          </Button>
          <Button type="submit" variant="primary" loading={save.isPending} disabled={!changed}>
            Save
          </Button>
        </div>
      </form>
      <KeyValueList
        items={[
          { key: 'email', label: 'Email address', value: profile.primary_email },
          { key: 'since', label: 'Member since', value: profile.created_at.slice(0, 10) },
        ]}
      />
    </Section>
  );
}

type ThemeChoiceValue = 'light' | 'dark' | 'system';
const THEME_CHOICES: { value: ThemeChoiceValue; label: string; hint: string }[] = [
  { value: 'light', label: 'Light', hint: 'Always light' },
  { value: 'dark', label: 'Dark', hint: 'Always dark' },
  { value: 'system', label: 'System', hint: "Follows your operating system's setting" },
];

/** Light, dark or the system's: applied at once, kept in this browser (the shell reads it at start). */
function ThemeChoice() {
  const { theme, setTheme } = useTheme();
  const [choice, setChoice] = useState<ThemeChoiceValue>(() => (hasStoredTheme() ? theme : 'system'));
  const pick = (next: ThemeChoiceValue) => {
    setChoice(next);
    if (next === 'system') {
      setTheme(preferredColorScheme() ?? 'dark');
      // No stored choice: the shell follows the system from now on, here and at the next start.
      try {
        window.localStorage.removeItem(THEME_STORAGE_KEY);
      } catch {
        // Storage switched off: the theme lasts for this page.
      }
      return;
    }
    setTheme(next);
  };
  return (
    <Section title="Appearance" description="The console's theme in this browser.">
      <fieldset css={{ border: 0, padding: 0, margin: 0, display: 'flex', flexWrap: 'wrap', gap: tokens.space.md }}>
        <legend css={{ position: 'absolute', width: 1, height: 1, overflow: 'hidden', clip: 'rect(0 0 0 0)' }}>Theme</legend>
        {THEME_CHOICES.map((c) => (
          <label
            key={c.value}
            css={{
              display: 'flex',
              gap: tokens.space.sm,
              alignItems: 'flex-start',
              padding: tokens.space.md,
              minWidth: 160,
              border: `1px solid ${choice === c.value ? tokens.color.brand : tokens.color.border}`,
              borderRadius: tokens.radius.md,
              cursor: 'pointer',
            }}
          >
            <input type="radio" name="theme" value={c.value} checked={choice === c.value} onChange={() => pick(c.value)} />
            <span>
              <span css={{ display: 'block', fontWeight: 500 }}>{c.label}</span>
              <span css={{ display: 'block', color: tokens.color.textMuted, fontSize: tokens.fontSize.sm }}>{c.hint}</span>
            </span>
          </label>
        ))}
      </fieldset>
    </Section>
  );
}

/** Follows the link of an e-mail change (?confirm_email=…) once, then takes it off the address. */
function ConfirmEmail() {
  const { api } = useArea();
  const queryClient = useQueryClient();
  const [params, setParams] = useSearchParams();
  const token = params.get('confirm_email');
  const started = useRef(false);
  const confirm = useMutation({
    mutationFn: (t: string) => api.account.confirmEmailChange(t),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: queryKeys.profile() }),
  });
  useEffect(() => {
    if (!token || started.current) return;
    started.current = true;
    confirm.mutate(token, {
      onSettled: () => {
        const next = new URLSearchParams(params);
        next.delete('confirm_email');
        setParams(next, { replace: true });
      },
    });
  }, [token, confirm, params, setParams]);
  if (confirm.isSuccess) return <InlineNotice kind="success" title="E-mail address changed">Your account's e-mail address is now {confirm.data.primary_email}.</InlineNotice>;
  if (confirm.isError) return <InlineError message="Your e-mail address was not changed" detail={errorMessage(confirm.error)} />;
  return null;
}

function EmailChange({ profile }: { profile: Profile }) {
  const { api } = useArea();
  const [email, setEmail] = useState('');
  const [error, setError] = useState<string | undefined>();
  const request = useMutation({ mutationFn: (e: string) => api.account.requestEmailChange({ email: e }) });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = ChangeEmailBodySchema.safeParse({ email });
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message);
      return;
    }
    setError(undefined);
    request.mutate(parsed.data.email);
  };
  return (
    <Section title="E-mail address" description={`Your account's address is ${profile.primary_email}. A new address takes effect when you follow the link we send to it.`}>
      <form onSubmit={submit} noValidate css={{ display: 'grid', gap: tokens.space.md, maxWidth: 480 }}>
        <Field label="New e-mail address" error={error}>
          <TextInput type="email" value={email} autoComplete="email" onChange={(e) => setEmail(e.target.value)} />
        </Field>
        {request.isSuccess ? (
          <InlineNotice kind="info" title="Check your inbox">
            We sent a confirmation link to {request.data.new_email}. Your address changes when you follow it.
          </InlineNotice>
        ) : null}
        {request.isError ? <InlineError message="No confirmation link was sent" detail={errorMessage(request.error)} /> : null}
        <div>
          <Button type="submit" loading={request.isPending} disabled={email.trim() === ''}>
            Send confirmation link
          </Button>
        </div>
      </form>
    </Section>
  );
}

function PasswordChange() {
  const { api, props } = useArea();
  const empty = { current_password: '', new_password: '', confirm: '' };
  const [form, setForm] = useState(empty);
  const [errors, setErrors] = useState<Partial<Record<keyof typeof empty, string>>>({});
  const change = useMutation({
    mutationFn: () => api.account.changePassword({ current_password: form.current_password, new_password: form.new_password }),
    onSuccess: () => {
      setForm(empty);
      props.notify({ kind: 'success', message: 'Your password was changed; your other sessions were signed out' });
    },
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = ChangePasswordBodySchema.safeParse({ current_password: form.current_password, new_password: form.new_password });
    const next: Partial<Record<keyof typeof empty, string>> = {};
    if (!parsed.success) for (const issue of parsed.error.issues) next[issue.path[0] as keyof typeof empty] ??= issue.message;
    if (form.confirm !== form.new_password) next.confirm = 'The passwords do not match';
    setErrors(next);
    if (Object.keys(next).length) return;
    change.mutate();
  };
  const field = (key: keyof typeof empty, label: string, autoComplete: string) => (
    <Field label={label} error={errors[key]}>
      <TextInput type="password" value={form[key]} autoComplete={autoComplete} onChange={(e) => setForm({ ...form, [key]: e.target.value })} />
    </Field>
  );
  return (
    <Section title="Password" description="Your current password is needed. Your other sessions are signed out.">
      <form onSubmit={submit} noValidate css={{ display: 'grid', gap: tokens.space.md, maxWidth: 480 }}>
        {field('current_password', 'Current password', 'current-password')}
        {field('new_password', 'New password', 'new-password')}
        {field('confirm', 'Confirm new password', 'new-password')}
        {change.isError ? <InlineError message="Your password was not changed" detail={errorMessage(change.error)} /> : null}
        <div>
          <Button type="submit" variant="primary" loading={change.isPending} disabled={form.current_password === '' || form.new_password === ''}>
            Change password
          </Button>
        </div>
      </form>
    </Section>
  );
}
