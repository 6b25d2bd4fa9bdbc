import { Field, Switch } from '@plinth/shared-ui/form';
import { Card } from '@plinth/shared-ui/page';
import { PermissionTooltip } from '@plinth/shared-ui/tooltip';
import { useSaveProviders } from './queries';
import { SETTINGS_DENIED } from './provider-words';

/** The phone provider: sign-up and sign-in with a phone number and a code sent by SMS (off by default). */
export function PhoneProviderCard({ enabled, allowed, children }: { enabled: boolean; allowed: boolean; children?: React.ReactNode }) {
  const save = useSaveProviders();
  return (
    <Card title="Phone" description="Users sign up and sign in with a phone number and a code sent to it by SMS.">
      <div css={{ display: 'grid', gap: 16 }}>
        <Field label="Enable phone sign-in" inline hint="Codes are six digits, valid for 60 seconds; numbers are kept in E.164 form.">
          <PermissionTooltip allowed={allowed} message={SETTINGS_DENIED}>
            <Switch checked={enabled} disabled={!allowed || save.isPending} onCheckedChange={(on) => save.mutate({ phone_enabled: on })} />
          </PermissionTooltip>
        </Field>
        {children}
      </div>
    </Card>
  );
}
