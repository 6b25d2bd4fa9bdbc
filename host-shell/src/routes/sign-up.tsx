import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useQueryClient } from '@tanstack/react-query';
import { Link, useNavigate } from 'react-router-dom';
import type { z } from 'zod';
import { queryKeys, SignUpBodySchema } from '@plinth/shared-contracts';
import { useApi } from '../app/api';
import { usePageTitle } from '../app/page-title';
import { AuthField, inputCss, submitCss } from '../features/sign-in/auth-form-parts';

type SignUpInput = z.input<typeof SignUpBodySchema>;
type SignUpOutput = z.output<typeof SignUpBodySchema>;

/** Creates an account: the way in for newcomers, including the very first user of a fresh install. */
export default function SignUpPage() {
  usePageTitle('Sign up');
  const api = useApi();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const form = useForm<SignUpInput, unknown, SignUpOutput>({ resolver: zodResolver(SignUpBodySchema), defaultValues: { email: '', password: '' } });
  const { errors, isSubmitting } = form.formState;

  const onSubmit = form.handleSubmit(async (body) => {
    try {
      const session = await api.auth.signUp(body);
      queryClient.setQueryData(queryKeys.session(), session);
      navigate(session.user ? '/projects' : '/sign-in', { replace: true });
    } catch (err) {
      form.setError('root', { message: (err as Error).message });
    }
  });

  return (
    <form onSubmit={onSubmit} noValidate aria-label="Sign up">
      <AuthField id="email" label="Email" error={errors.email?.message}>
        <input id="email" type="email" autoComplete="email" css={inputCss} aria-invalid={!!errors.email} {...form.register('email')} />
      </AuthField>
      <AuthField id="password" label="Password" error={errors.password?.message}>
        <input id="password" type="password" autoComplete="new-password" css={inputCss} aria-invalid={!!errors.password} {...form.register('password')} />
      </AuthField>
      {errors.root ? (
        <p role="alert" css={{ color: 'var(--plinth-danger, #e5484d)' }}>
          {errors.root.message}
        </p>
      ) : null}
      <button type="submit" css={submitCss} disabled={isSubmitting}>
        {isSubmitting ? 'Creating account…' : 'Sign up'}
      </button>
      <p css={{ marginTop: 16 }}>
        Have an account? <Link to="/sign-in">Sign in</Link>
      </p>
    </form>
  );
}
