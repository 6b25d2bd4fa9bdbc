import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { AuthMfaSettings, AuthMfaSettingsUpdate } from '@plinth/contracts-auth';
import { errorMessage, useArea } from '@plinth/area-kit';
import { Field, Switch } from '@plinth/shared-ui/form';
import { Card, InlineError, LoadingSkeleton } from '@plinth/shared-ui/page';
import { PermissionTooltip } from '@plinth/shared-ui/tooltip';
import { keys } from '../../area/query-keys';
import { SETTINGS_DENIED } from './provider-words';

/** Multi-factor authentication: whether apps' users may add a phone factor, and be challenged on it (both off by default; TOTP is always on). */
export function MfaCard({ allowed }: { allowed: boolean }) {
  const { api, projectRef } = useArea();
  const mfa = useQuery({ queryKey: keys.authMfaSettings(projectRef), queryFn: () => api.authMfa.getAuthMfaSettings(projectRef) });
  if (mfa.isPending) return <LoadingSkeleton label="Loading multi-factor authentication settings" shape="card" rows={2} />;
  if (mfa.isError)
    return <InlineError message={`Failed to retrieve multi-factor authentication settings: ${errorMessage(mfa.error)}`} onRetry={() => void mfa.refetch()} retrying={mfa.isFetching} />;
  return <MfaSwitches current={mfa.data} allowed={allowed} />;
}

// Mounted only once the settings are known, so the switches never show a guess.
function MfaSwitches({ current, allowed }: { current: AuthMfaSettings; allowed: boolean }) {
  const { api, projectRef, notify } = useArea();
  const queryClient = useQueryClient();
  const save = useMutation({
    mutationFn: (change: AuthMfaSettingsUpdate) => api.authMfa.updateAuthMfaSettings(projectRef, change),
    onSuccess: (saved: AuthMfaSettings) => {
      queryClient.setQueryData(keys.authMfaSettings(projectRef), saved);
      notify({ kind: 'success', message: 'Successfully updated multi-factor authentication settings' });
    },
    onError: (error: Error) => notify({ kind: 'error', message: `Failed to update multi-factor authentication settings: ${errorMessage(error)}` }),
  });
  const disabled = !allowed || save.isPending;
  return (
    <Card
      title="Multi-factor authentication"
      description="Users may add a second factor to their account. Authenticator apps (TOTP) are always available; phone factors send a six-digit code by SMS through the project's SMS sender."
    >
      <div css={{ display: 'grid', gap: 16 }}>
        <Field label="Allow phone factor enrollment" inline hint="Users may add a phone number as a second factor. Off, apps are refused with mfa_phone_enroll_not_enabled.">
          <PermissionTooltip allowed={allowed} message={SETTINGS_DENIED}>
            <Switch checked={current.phone_enroll_enabled} disabled={disabled} onCheckedChange={(on) => save.mutate({ phone_enroll_enabled: on })} />
          </PermissionTooltip>
        </Field>
        <Field label="Allow phone factor verification" inline hint="Users with a phone factor are sent a code and verify it to reach aal2. Off, challenges are refused with mfa_phone_verify_not_enabled.">
          <PermissionTooltip allowed={allowed} message={SETTINGS_DENIED}>
            <Switch checked={current.phone_verify_enabled} disabled={disabled} onCheckedChange={(on) => save.mutate({ phone_verify_enabled: on })} />
          </PermissionTooltip>
        </Field>
      </div>
    </Card>
  );
}
