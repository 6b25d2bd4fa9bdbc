import { useEffect, useId } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import * as z from '@plinth/shared-contracts/zod';
import { AUTH_MIN_PASSWORD_LENGTH_RANGE as RANGE, type EmailProvider } from '@plinth/contracts-auth';
import { Button } from '@plinth/shared-ui/button';
import { Field, Switch, TextInput } from '@plinth/shared-ui/form';
import { Card } from '@plinth/shared-ui/page';
import { PermissionTooltip } from '@plinth/shared-ui/tooltip';
import { useSaveProviders } from './queries';
import { SETTINGS_DENIED } from './provider-words';

interface Values {
  sign_ups_allowed: boolean;
  confirmation_required: boolean;
  secure_email_change: boolean;
  secure_password_change: boolean;
  min_password_length: string;
}

const rangeMessage = `Enter a whole number from ${RANGE.min} to ${RANGE.max}`;
const schema = z.object({
  sign_ups_allowed: z.boolean(),
  confirmation_required: z.boolean(),
  secure_email_change: z.boolean(),
  secure_password_change: z.boolean(),
  min_password_length: z.string().check(z.regex(/^\d+$/, rangeMessage), z.refine((v) => Number(v) >= RANGE.min && Number(v) <= RANGE.max, rangeMessage)),
});

const valuesOf = (e: EmailProvider): Values => ({ ...e, min_password_length: String(e.min_password_length) });

/** The email provider: sign-ups, confirmation, how an email or password change is secured, and the password rule. */
export function EmailProviderCard({ email, allowed }: { email: EmailProvider; allowed: boolean }) {
  const formId = `email-provider-${useId()}`;
  const save = useSaveProviders();
  const { register, control, handleSubmit, reset, formState } = useForm<Values>({ resolver: zodResolver(schema), defaultValues: valuesOf(email) });
  useEffect(() => reset(valuesOf(email)), [email, reset]);
  const submit = handleSubmit((v) => save.mutate({ email: { ...v, min_password_length: Number(v.min_password_length) } }));
  const toggle = (name: 'sign_ups_allowed' | 'confirmation_required' | 'secure_email_change' | 'secure_password_change') => (
    <Controller control={control} name={name} render={({ field }) => <Switch checked={field.value} onCheckedChange={field.onChange} onBlur={field.onBlur} disabled={!allowed} />} />
  );
  return (
    <Card
      title="Email"
      description="Users sign up and sign in with their email address and a password."
      footer={
        <div css={{ display: 'flex', justifyContent: 'flex-end', gap: 8 }}>
          <Button disabled={!formState.isDirty} onClick={() => reset(valuesOf(email))}>
            Cancel
          </Button>
          <PermissionTooltip allowed={allowed} message={SETTINGS_DENIED}>
            <Button type="submit" form={formId} variant="primary" loading={save.isPending} disabled={!formState.isDirty}>
              Save
            </Button>
          </PermissionTooltip>
        </div>
      }
    >
      <form id={formId} noValidate onSubmit={submit} css={{ display: 'grid', gap: 16 }}>
        <Field label="Allow new users to sign up" inline hint="When off, only users you create or invite can sign in.">
          {toggle('sign_ups_allowed')}
        </Field>
        <Field label="Confirm email" inline hint="Users must follow the link of the confirmation email before they can sign in.">
          {toggle('confirmation_required')}
        </Field>
        <Field label="Secure email change" inline hint="A change of address is confirmed by a link sent to the old address and one sent to the new; when off, the new address's link is enough.">
          {toggle('secure_email_change')}
        </Field>
        <Field label="Secure password change" inline hint="Changing the password needs a sign-in within the last 24 hours or a reauthentication code sent by email.">
          {toggle('secure_password_change')}
        </Field>
        <Field label="Minimum password length" hint={`From ${RANGE.min} to ${RANGE.max} characters.`} error={formState.errors.min_password_length?.message}>
          <TextInput inputMode="numeric" disabled={!allowed} css={{ maxWidth: 120 }} {...register('min_password_length')} />
        </Field>
      </form>
    </Card>
  );
}
