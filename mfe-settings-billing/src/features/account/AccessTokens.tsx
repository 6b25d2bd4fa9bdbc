import { useState, type FormEvent } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Button } from '@plinth/shared-ui/button';
import { Dialog, DialogClose } from '@plinth/shared-ui/dialog';
import { Field, Select, TextInput } from '@plinth/shared-ui/form';
import { EmptyState, InlineNotice, PageHeader } from '@plinth/shared-ui/layout';
import { InlineError, LoadingSkeleton, Section } from '@plinth/shared-ui/page';
import { EmptyIcon } from '@plinth/shared-ui/icons';
import { tokens } from '@plinth/shared-ui/theme';
import { ACCESS_TOKEN_EXPIRY_DAYS, CreateAccessTokenBodySchema, type AccessToken, type CreatedAccessToken } from '@plinth/contracts-billing';
import { errorMessage, useArea } from '@plinth/area-kit';
import { DangerConfirmDialog } from '../../area/DangerConfirmDialog';
import { keys } from '../../area/query-keys';

const tableStyle = {
  borderCollapse: 'collapse',
  width: '100%',
  fontSize: tokens.fontSize.sm,
  'th, td': { textAlign: 'left', padding: '8px 12px', borderBottom: `1px solid ${tokens.color.border}`, verticalAlign: 'middle' },
  'thead th': { color: tokens.color.textMuted, fontWeight: 500 },
} as const;

const EXPIRY_LABEL = (days: number | null) => (days === null ? 'Never' : days === 365 ? '1 year' : `${days} days`);
const day = (iso: string | null, none: string) => (iso ? iso.slice(0, 10) : none);

/**
 * /account/tokens: personal access tokens of the platform API. A token is shown once, when it is
 * made; it acts as this account with this account's permissions (`Authorization: Bearer …`) until
 * it expires or is revoked.
 */
export function AccessTokens() {
  const { api } = useArea();
  const list = useQuery({ queryKey: keys.accessTokens(), queryFn: () => api.account.listAccessTokens() });
  const [created, setCreated] = useState<CreatedAccessToken | null>(null);
  const header = (
    <PageHeader
      title="Access Tokens"
      description="Personal tokens for the platform API. A token acts as you, with your permissions in each organization: send it as Authorization: Bearer <token>."
    />
  );
  return (
    <>
      {header}
      <div css={{ padding: tokens.space.xl, display: 'grid', gridTemplateColumns: 'minmax(0, 1fr)', gap: tokens.space.xl, maxWidth: 1000 }}>
        <CreateToken onCreated={setCreated} />
        {created ? <NewToken token={created} onDone={() => setCreated(null)} /> : null}
        <Section title="Your tokens">
          {list.isPending ? (
            <LoadingSkeleton label="Loading access tokens" rows={3} />
          ) : list.isError ? (
            <InlineError message="Failed to retrieve access tokens" detail={errorMessage(list.error)} onRetry={() => void list.refetch()} />
          ) : list.data.length === 0 ? (
            <EmptyState icon={<EmptyIcon size={24} />} title="No access tokens" description="Generate a token to call the platform API from a script or CI." framed />
          ) : (
            <TokenTable tokens={list.data} />
          )}
        </Section>
      </div>
    </>
  );
}

function CreateToken({ onCreated }: { onCreated: (t: CreatedAccessToken) => void }) {
  const { api } = useArea();
  const queryClient = useQueryClient();
  const [name, setName] = useState('');
  const [expiry, setExpiry] = useState('30');
  const [error, setError] = useState<string | undefined>();
  const create = useMutation({
    mutationFn: (body: { name: string; expires_in_days: number | null }) => api.account.createAccessToken(body),
    onSuccess: (t) => {
      setName('');
      onCreated(t);
      void queryClient.invalidateQueries({ queryKey: keys.accessTokens() });
    },
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = CreateAccessTokenBodySchema.safeParse({ name, expires_in_days: expiry === 'never' ? null : Number(expiry) });
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message);
      return;
    }
    setError(undefined);
    create.mutate(parsed.data);
  };
  return (
    <Section title="Generate a token" description="Name it after where it will be used. It is shown once: copy it before you leave the page.">
      <form onSubmit={submit} noValidate css={{ display: 'grid', gap: tokens.space.md, gridTemplateColumns: 'minmax(0, 1fr)', maxWidth: 480 }}>
        <Field label="Name" error={error}>
          <TextInput value={name} autoComplete="off" placeholder="e.g. CI deploys" onChange={(e) => setName(e.target.value)} />
        </Field>
        <Field label="Expires in">
          <Select value={expiry} onChange={(e) => setExpiry(e.target.value)} options={ACCESS_TOKEN_EXPIRY_DAYS.map((d) => ({ value: d === null ? 'never' : String(d), label: EXPIRY_LABEL(d) }))} />
        </Field>
        {create.isError ? <InlineError message="The token was not generated" detail={errorMessage(create.error)} /> : null}
        <div>
          <Button type="submit" variant="primary" loading={create.isPending}>
            Generate token
          </Button>
        </div>
      </form>
    </Section>
  );
}

function NewToken({ token, onDone }: { token: CreatedAccessToken; onDone: () => void }) {
  const { props } = useArea();
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(token.token);
      props.notify({ kind: 'success', message: 'Token copied' });
    } catch {
      props.notify({ kind: 'error', message: 'The token could not be copied: select it and copy it yourself' });
    }
  };
  return (
    <InlineNotice kind="success" title={`Your new token "${token.name}"`}>
      <p css={{ margin: `0 0 ${tokens.space.sm}` }}>Copy it now: you will not see it again.</p>
      <code
        data-testid="new-access-token"
        css={{ display: 'block', padding: tokens.space.sm, background: tokens.color.surface, border: `1px solid ${tokens.color.border}`, borderRadius: 6, wordBreak: 'break-all', fontSize: tokens.fontSize.sm, userSelect: 'all' }}
      >
        {token.token}
      </code>
      <div css={{ display: 'flex', gap: tokens.space.sm, marginTop: tokens.space.sm }}>
        <Button size="small" onClick={() => void copy()}>
          Copy
        </Button>
        <Button size="small" onClick={onDone}>
          Done
        </Button>
      </div>
    </InlineNotice>
  );
}

function TokenTable({ tokens: list }: { tokens: AccessToken[] }) {
  return (
    <div data-scroll-x tabIndex={0} role="region" aria-label="Access tokens table" css={{ overflowX: 'auto', minWidth: 0 }}>
      <table css={[tableStyle, { minWidth: 640 }]} aria-label="Access tokens">
        <thead>
          <tr>
            <th scope="col">Name</th>
            <th scope="col">Token</th>
            <th scope="col">Created</th>
            <th scope="col">Expires</th>
            <th scope="col">Last used</th>
            <th scope="col">
              <span css={{ position: 'absolute', width: 1, height: 1, overflow: 'hidden', clip: 'rect(0 0 0 0)' }}>Actions</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {list.map((t) => (
            <tr key={t.id} data-token={t.id}>
              <td>{t.name}</td>
              <td>
                <code css={{ fontSize: tokens.fontSize.xs }}>{t.token_alias}</code>
              </td>
              <td>{day(t.created_at, '')}</td>
              <td>{day(t.expires_at, 'Never')}</td>
              <td data-live-figure>{day(t.last_used_at, 'Never used')}</td>
              <td css={{ textAlign: 'right' }}>
                <RevokeButton token={t} />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

function RevokeButton({ token }: { token: AccessToken }) {
  const { api, props } = useArea();
  const queryClient = useQueryClient();
  const [open, setOpen] = useState(false);
  const revoke = useMutation({
    mutationFn: () => api.account.revokeAccessToken(token.id),
    onSuccess: () => {
      setOpen(false);
      props.notify({ kind: 'success', message: `Token "${token.name}" was revoked` });
      void queryClient.invalidateQueries({ queryKey: keys.accessTokens() });
    },
    onError: (err) => props.notify({ kind: 'error', message: `Token "${token.name}" was not revoked: ${errorMessage(err)}` }),
  });
  return (
    <DangerConfirmDialog
      open={open}
      onOpenChange={setOpen}
      title={`Revoke "${token.name}"`}
      description="Calls made with this token are refused at once. This cannot be undone."
      trigger={
        <Button size="small" variant="danger" aria-label={`Revoke ${token.name}`}>
          Revoke
        </Button>
      }
      confirmLabel="Revoke token"
      pending={revoke.isPending}
      onConfirm={() => revoke.mutate()}
    />
  );
}
