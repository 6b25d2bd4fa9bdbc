import { useId } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { ApiError } from '@plinth/shared-contracts';
import { AuthInviteSchema, AuthUserCreateSchema } from '@plinth/contracts-auth';
import { errorMessage } from '@plinth/area-kit';
import { SidePanel } from '@plinth/shared-ui/side-panel';
import { Field, Switch, TextInput } from '@plinth/shared-ui/form';
import { InlineNotice } from '@plinth/shared-ui/layout';
import { useUserActions } from './queries';

interface Values {
  email: string;
  phone: string;
  password: string;
  auto_confirm: boolean;
}

type Mode = 'create' | 'invite';

/** Side panel that creates a user with a password, or invites one by email. */
export function AddUserPanel({ mode, onClose }: { mode: Mode; onClose: () => void }) {
  const formId = `add-user-${useId()}`;
  const { create, invite } = useUserActions();
  const schema = mode === 'create' ? AuthUserCreateSchema : AuthInviteSchema;
  const { register, control, handleSubmit, setError, formState } = useForm<Values>({
    resolver: zodResolver(schema as never),
    defaultValues: { email: '', phone: '', password: '', auto_confirm: true },
  });
  const pending = create.isPending || invite.isPending;

  const submit = handleSubmit(async (values) => {
    try {
      if (mode === 'create') await create.mutateAsync({ ...values, email: values.email.trim() || undefined, phone: values.phone.trim() || undefined });
      else await invite.mutateAsync(values.email);
      onClose();
    } catch (err) {
      // The API names the field it refuses (a taken email, a short password): show it there.
      const field = err instanceof ApiError ? (err.details as { field?: string } | undefined)?.field : undefined;
      setError(field === 'email' || field === 'phone' || field === 'password' ? field : 'root', { message: errorMessage(err) });
    }
  });

  return (
    <SidePanel
      open
      onOpenChange={(open) => (open ? undefined : onClose())}
      title={mode === 'create' ? 'Create a new user' : 'Invite a user'}
      description={mode === 'create' ? 'The user can sign in with this email address, or phone number, and password.' : 'We email them a link to set up their account.'}
      confirmText={mode === 'create' ? 'Create user' : 'Send invitation'}
      confirmLoading={pending}
      formId={formId}
    >
      <form id={formId} noValidate onSubmit={submit} css={{ display: 'grid', gap: 16 }}>
        <Field label="Email address" error={formState.errors.email?.message} required={mode === 'invite'}>
          <TextInput type="email" autoComplete="off" autoFocus placeholder="user@example.com" {...register('email')} />
        </Field>
        {mode === 'create' ? (
          <>
            <Field label="Phone number" hint="Instead of an email address, in international form (+15551234567); the user signs in with it and a code sent by SMS once phone sign-in is on." error={formState.errors.phone?.message}>
              <TextInput type="tel" autoComplete="off" placeholder="+15551234567" {...register('phone')} />
            </Field>
            <Field label="Password" error={formState.errors.password?.message} required>
              <TextInput type="password" autoComplete="new-password" {...register('password')} />
            </Field>
            <Field label="Auto confirm user" inline hint="Confirm the email address or phone number now; otherwise an email user is sent a confirmation email.">
              <Controller control={control} name="auto_confirm" render={({ field }) => <Switch checked={field.value} onCheckedChange={field.onChange} onBlur={field.onBlur} />} />
            </Field>
          </>
        ) : null}
        {formState.errors.root ? <InlineNotice kind="danger" title="The user was not saved">{formState.errors.root.message}</InlineNotice> : null}
      </form>
    </SidePanel>
  );
}
