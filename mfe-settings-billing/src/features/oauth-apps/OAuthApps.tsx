import { useState, type FormEvent } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Button } from '@plinth/shared-ui/button';
import { Dialog, DialogClose } from '@plinth/shared-ui/dialog';
import { Field, TextArea, TextInput } from '@plinth/shared-ui/form';
import { EmptyState, InlineNotice, PageHeader } from '@plinth/shared-ui/layout';
import { InlineError, LoadingSkeleton, Section } from '@plinth/shared-ui/page';
import { PermissionTooltip } from '@plinth/shared-ui/tooltip';
import { tokens } from '@plinth/shared-ui/theme';
import { genericPermissionNotice, PERMISSIONS } from '@plinth/shared-contracts';
import { CreateOAuthAppBodySchema, teamQueryKeys, type CreatedOAuthApp, type OAuthApp } from '@plinth/contracts-billing';
import { errorMessage, useArea } from '@plinth/area-kit';

const tableStyle = {
  borderCollapse: 'collapse',
  width: '100%',
  fontSize: tokens.fontSize.sm,
  'th, td': { textAlign: 'left', padding: '8px 12px', borderBottom: `1px solid ${tokens.color.border}`, verticalAlign: 'top' },
  'thead th': { color: tokens.color.textMuted, fontWeight: 500 },
} as const;

/**
 * /org/{slug}/apps (behind the oauth_apps flag): the organization's OAuth apps; register one with a
 * name and its redirect URIs (its client secret shown once, never again: the API keeps its hash),
 * revoke one. Registering and revoking need members write.
 */
export function OAuthApps({ slug }: { slug: string }) {
  const { api, can, props } = useArea();
  const queryClient = useQueryClient();
  const mayWrite = can(PERMISSIONS.MEMBERS_WRITE);
  const apps = useQuery({ queryKey: teamQueryKeys.oauthApps(slug), queryFn: () => api.team.listOAuthApps(slug) });
  const [created, setCreated] = useState<CreatedOAuthApp | null>(null);
  const [error, setError] = useState<string | null>(null);
  const revoke = useMutation({
    mutationFn: (app: OAuthApp) => api.team.revokeOAuthApp(slug, app.id).then(() => app),
    onSuccess: (app) => {
      void queryClient.invalidateQueries({ queryKey: teamQueryKeys.oauthApps(slug) });
      props.notify({ kind: 'success', message: `${app.name} revoked: its client can no longer sign in` });
    },
    onError: (err) => setError(errorMessage(err)),
  });
  const body = apps.isPending ? (
    <LoadingSkeleton label="Loading OAuth apps" rows={2} />
  ) : apps.isError ? (
    <InlineError message="Failed to retrieve OAuth apps" detail={errorMessage(apps.error)} onRetry={() => void apps.refetch()} />
  ) : (
    <Section
      title="Published apps"
      description="Apps that act on this organization for their users through OAuth."
      actions={
        <RegisterApp
          slug={slug}
          allowed={mayWrite}
          onCreated={(app) => {
            setCreated(app);
            void queryClient.invalidateQueries({ queryKey: teamQueryKeys.oauthApps(slug) });
          }}
        />
      }
    >
      {created ? (
        <div css={{ marginBottom: tokens.space.md }}>
          <InlineNotice kind="warning">
            <div css={{ display: 'grid', gap: tokens.space.xs }}>
              <strong>Copy the client secret of {created.name} now: it is shown once and cannot be read again.</strong>
              <span>
                Client ID: <code>{created.client_id}</code>
              </span>
              <span>
                Client secret: <code data-testid="oauth-client-secret">{created.client_secret}</code>
              </span>
              <div>
                <Button size="small" onClick={() => setCreated(null)}>
                  I have copied it
                </Button>
              </div>
            </div>
          </InlineNotice>
        </div>
      ) : null}
      {error ? (
        <div css={{ marginBottom: tokens.space.md }}>
          <InlineError message="The app was not revoked" detail={error} />
        </div>
      ) : null}
      {apps.data.length === 0 ? (
        <EmptyState title="No OAuth apps" description="Register an app to let it sign users in and act on this organization for them." />
      ) : (
        <div data-scroll-x tabIndex={0} role="region" aria-label="OAuth apps table" css={{ overflowX: 'auto', minWidth: 0 }}>
          <table css={[tableStyle, { minWidth: 640 }]} aria-label="OAuth apps">
            <thead>
              <tr>
                <th scope="col">Name</th>
                <th scope="col">Client ID</th>
                <th scope="col">Redirect URIs</th>
                <th scope="col">
                  <span css={{ position: 'absolute', width: 1, height: 1, overflow: 'hidden', clip: 'rect(0 0 0 0)' }}>Actions</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {apps.data.map((app) => (
                <tr key={app.id} data-app={app.name}>
                  <td>{app.name}</td>
                  <td>
                    <code>{app.client_id}</code>
                  </td>
                  <td>
                    {app.redirect_uris.map((u) => (
                      <div key={u} css={{ wordBreak: 'break-all' }}>
                        {u}
                      </div>
                    ))}
                  </td>
                  <td css={{ textAlign: 'right' }}>
                    <PermissionTooltip allowed={mayWrite} message={genericPermissionNotice('revoke OAuth apps')}>
                      <Button size="small" variant="danger" disabled={!mayWrite} loading={revoke.isPending && revoke.variables?.id === app.id} aria-label={`Revoke ${app.name}`} onClick={() => revoke.mutate(app)}>
                        Revoke
                      </Button>
                    </PermissionTooltip>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </Section>
  );
  return (
    <>
      <PageHeader title="OAuth Apps" description="Apps of this organization that sign users in through OAuth." />
      <div css={{ padding: tokens.space.xl, display: 'grid', gridTemplateColumns: 'minmax(0, 1fr)', gap: tokens.space.xl, maxWidth: 1000 }}>{body}</div>
    </>
  );
}

/** Register an app: a name and one redirect URI per line, checked by the contracts before the call. */
function RegisterApp({ slug, allowed, onCreated }: { slug: string; allowed: boolean; onCreated: (app: CreatedOAuthApp) => void }) {
  const { api } = useArea();
  const [open, setOpen] = useState(false);
  const [name, setName] = useState('');
  const [uris, setUris] = useState('');
  const [error, setError] = useState<{ field: 'name' | 'redirect_uris' | null; message: string } | null>(null);
  const body = () => ({ name: name.trim(), redirect_uris: uris.split(/\s+/).filter(Boolean) });
  const create = useMutation({
    mutationFn: () => api.team.createOAuthApp(slug, body()),
    onSuccess: (app) => {
      setOpen(false);
      setName('');
      setUris('');
      onCreated(app);
    },
    onError: (err) => setError({ field: null, message: errorMessage(err) }),
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = CreateOAuthAppBodySchema.safeParse(body());
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      setError({ field: issue?.path[0] === 'name' ? 'name' : 'redirect_uris', message: issue?.message ?? 'Check the form' });
      return;
    }
    setError(null);
    create.mutate();
  };
  if (!allowed) {
    return (
      <PermissionTooltip allowed={false} message={genericPermissionNotice('register OAuth apps')}>
        <Button variant="primary">Add application</Button>
      </PermissionTooltip>
    );
  }
  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        setOpen(next);
        setError(null);
      }}
      title="Register an OAuth app"
      description="Its client ID and secret are shown once it is registered; the secret cannot be read again."
      trigger={<Button variant="primary">Add application</Button>}
    >
      <form onSubmit={submit} css={{ display: 'grid', gap: tokens.space.md }} noValidate>
        <Field label="Application name" error={error?.field === 'name' ? error.message : undefined} required>
          <TextInput value={name} onChange={(e) => setName(e.target.value)} autoComplete="off" />
        </Field>
        <Field label="Redirect URIs" hint="One per line: https:// addresses (http:// only for localhost)." error={error?.field === 'redirect_uris' ? error.message : undefined} required>
          <TextArea value={uris} onChange={(e) => setUris(e.target.value)} rows={3} />
        </Field>
        {error?.field === null ? <InlineError message="The app was not registered" detail={error.message} /> : null}
        <div css={{ display: 'flex', justifyContent: 'flex-end', gap: tokens.space.sm }}>
          <DialogClose asChild>
            <Button type="button">Cancel</Button>
          </DialogClose>
          <Button type="submit" variant="primary" loading={create.isPending}>
            Register app
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
