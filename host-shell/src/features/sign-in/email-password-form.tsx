import type { FormEventHandler, ReactNode } from 'react';
import type { UseFormRegisterReturn } from 'react-hook-form';
import { tokens } from '@plinth/shared-ui/theme';
import { AuthField, inputCss, submitCss } from './auth-form-fields';

export interface EmailPasswordFormProps {
  /** The form's accessible name, e.g. "Sign in". */
  'aria-label': string;
  onSubmit: FormEventHandler<HTMLFormElement>;
  /** react-hook-form registrations of the two fields. */
  email: UseFormRegisterReturn;
  password: UseFormRegisterReturn;
  /** The form state's errors: under each field, and the form's own (the API's answer). */
  errors: { email?: { message?: string }; password?: { message?: string }; root?: { message?: string } };
  passwordAutoComplete: 'current-password' | 'new-password';
  isSubmitting: boolean;
  submitLabel: string;
  submittingLabel: string;
  /** The line under the button (the link to the other page). */
  footer: ReactNode;
}

/** The email + password form of the sign-in and sign-up pages. */
export function EmailPasswordForm(props: EmailPasswordFormProps) {
  const { errors } = props;
  return (
    <form onSubmit={props.onSubmit} noValidate aria-label={props['aria-label']}>
      <AuthField id="email" label="Email" error={errors.email?.message}>
        <input id="email" type="email" autoComplete="email" css={inputCss} aria-invalid={!!errors.email} {...props.email} />
      </AuthField>
      <AuthField id="password" label="Password" error={errors.password?.message}>
        <input id="password" type="password" autoComplete={props.passwordAutoComplete} css={inputCss} aria-invalid={!!errors.password} {...props.password} />
      </AuthField>
      {errors.root ? (
        <p role="alert" css={{ color: tokens.color.dangerText, fontSize: tokens.fontSize.sm, margin: `0 0 ${tokens.space.md}` }}>
          {errors.root.message}
        </p>
      ) : null}
      <button type="submit" css={submitCss} disabled={props.isSubmitting}>
        {props.isSubmitting ? props.submittingLabel : props.submitLabel}
      </button>
      <p css={{ marginTop: tokens.space.lg, color: tokens.color.textMuted, fontSize: tokens.fontSize.sm }}>{props.footer}</p>
    </form>
  );
}
