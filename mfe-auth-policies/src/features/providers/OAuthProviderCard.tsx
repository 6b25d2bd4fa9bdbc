import { useEffect, useState, type FormEvent } from 'react';
import { OAUTH_PROVIDERS, type OAuthProvider } from '@plinth/contracts-auth';
import { Button } from '@plinth/shared-ui/button';
import { Field, Switch, TextInput } from '@plinth/shared-ui/form';
import { Badge } from '@plinth/shared-ui/layout';
import { Card } from '@plinth/shared-ui/page';
import { PermissionTooltip } from '@plinth/shared-ui/tooltip';
import { SETTINGS_DENIED } from './provider-words';
import { useSaveProviders } from './queries';

/** One OAuth provider: on or off, its client id, and its secret (written, never shown). */
export function OAuthProviderCard({ provider, allowed }: { provider: OAuthProvider; allowed: boolean }) {
  const label = OAUTH_PROVIDERS.find((p) => p.id === provider.id)?.label ?? provider.id;
  const save = useSaveProviders();
  const [enabled, setEnabled] = useState(provider.enabled);
  const [clientId, setClientId] = useState(provider.client_id);
  const [secret, setSecret] = useState('');
  const [errors, setErrors] = useState<{ clientId?: string; secret?: string }>({});
  useEffect(() => {
    setEnabled(provider.enabled);
    setClientId(provider.client_id);
    setSecret('');
  }, [provider]);
  const dirty = enabled !== provider.enabled || clientId.trim() !== provider.client_id || secret !== '';

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const next = {
      clientId: enabled && !clientId.trim() ? 'Enter the client ID to enable this provider' : undefined,
      secret: enabled && !secret && !provider.secret_set ? 'Enter the client secret to enable this provider' : undefined,
    };
    setErrors(next);
    if (next.clientId || next.secret) return;
    save.mutate({ oauth: { [provider.id]: { enabled, client_id: clientId.trim(), ...(secret ? { secret } : {}) } } });
  };

  const formId = `oauth-${provider.id}`;
  return (
    <section aria-label={`${label} provider`}>
      <Card
        title={label}
        actions={<Badge kind={provider.enabled ? 'success' : 'neutral'}>{provider.enabled ? 'Enabled' : 'Disabled'}</Badge>}
        footer={
          <div css={{ display: 'flex', justifyContent: 'flex-end' }}>
            <PermissionTooltip allowed={allowed} message={SETTINGS_DENIED}>
              <Button type="submit" form={formId} variant="primary" loading={save.isPending} disabled={!dirty}>
                Save {label}
              </Button>
            </PermissionTooltip>
          </div>
        }
      >
        <form id={formId} noValidate onSubmit={submit} css={{ display: 'grid', gap: 16 }}>
          <Field label={`Enable sign in with ${label}`} inline>
            <Switch checked={enabled} onCheckedChange={setEnabled} disabled={!allowed} />
          </Field>
          <Field label="Client ID" error={errors.clientId}>
            <TextInput value={clientId} onChange={(e) => setClientId(e.target.value)} autoComplete="off" spellCheck={false} disabled={!allowed} />
          </Field>
          <Field
            label="Client secret"
            hint={provider.secret_set ? 'A secret is saved. It is never shown again; enter a new one to replace it.' : 'Kept on the server and never shown again.'}
            error={errors.secret}
          >
            <TextInput
              type="password"
              value={secret}
              onChange={(e) => setSecret(e.target.value)}
              placeholder={provider.secret_set ? '••••••••••••' : ''}
              autoComplete="new-password"
              disabled={!allowed}
            />
          </Field>
        </form>
      </Card>
    </section>
  );
}
