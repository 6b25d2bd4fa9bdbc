import { useEffect, useId, useState } from 'react';
import { AUTH_HOOK_NAME_MESSAGE, AUTH_HOOK_NAME_PATTERN } from '@plinth/contracts-auth';
import { Button } from '@plinth/shared-ui/button';
import { Field, Switch, TextInput } from '@plinth/shared-ui/form';
import { Card } from '@plinth/shared-ui/page';
import { PermissionTooltip } from '@plinth/shared-ui/tooltip';
import { useSaveProviders } from './queries';
import { SETTINGS_DENIED } from './provider-words';

/** Anonymous sign-ins: apps may sign users in without any identity (off by default). */
export function AnonymousSignInsCard({ enabled, allowed }: { enabled: boolean; allowed: boolean }) {
  const save = useSaveProviders();
  return (
    <Card title="Anonymous sign-ins" description="Apps may sign users in without an email or any other identity; such a user becomes permanent once an email is added.">
      <Field label="Allow anonymous sign-ins" inline hint="Tokens of anonymous users carry is_anonymous, which policies can check.">
        <PermissionTooltip allowed={allowed} message={SETTINGS_DENIED}>
          <Switch checked={enabled} disabled={!allowed || save.isPending} onCheckedChange={(on) => save.mutate({ anonymous_sign_ins: on })} />
        </PermissionTooltip>
      </Field>
    </Card>
  );
}

/** The custom access token hook: a Postgres function that may change each access token's claims. */
export function AccessTokenHookCard({ hook, allowed }: { hook: string | null; allowed: boolean }) {
  const formId = `access-token-hook-${useId()}`;
  const save = useSaveProviders();
  const [value, setValue] = useState(hook ?? '');
  const [error, setError] = useState<string | null>(null);
  useEffect(() => setValue(hook ?? ''), [hook]);
  const dirty = value.trim() !== (hook ?? '');
  const submit = (e: React.FormEvent) => {
    e.preventDefault();
    const name = value.trim();
    if (name && !AUTH_HOOK_NAME_PATTERN.test(name)) return setError(AUTH_HOOK_NAME_MESSAGE);
    setError(null);
    save.mutate({ access_token_hook: name || null });
  };
  return (
    <Card
      title="Custom access token hook"
      description="A Postgres function called with { user_id, claims, authentication_method } before each access token is signed; the claims it returns go into the token."
      footer={
        <div css={{ display: 'flex', justifyContent: 'flex-end', gap: 8 }}>
          <Button disabled={!dirty} onClick={() => (setValue(hook ?? ''), setError(null))}>
            Cancel
          </Button>
          <PermissionTooltip allowed={allowed} message={SETTINGS_DENIED}>
            <Button type="submit" form={formId} variant="primary" loading={save.isPending} disabled={!dirty}>
              Save hook
            </Button>
          </PermissionTooltip>
        </div>
      }
    >
      <form id={formId} noValidate onSubmit={submit}>
        <Field label="Function" hint="schema.name, run as service_role; leave empty for none." error={error ?? undefined}>
          <TextInput value={value} disabled={!allowed} placeholder="public.custom_access_token_hook" css={{ maxWidth: 420 }} onChange={(e) => setValue(e.target.value)} />
        </Field>
      </form>
    </Card>
  );
}
