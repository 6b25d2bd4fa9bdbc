import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useQueryClient } from '@tanstack/react-query';
import { Link, useNavigate, useSearchParams } from 'react-router-dom';
import type { z } from 'zod';
import { queryKeys, SignInBodySchema } from '@plinth/shared-contracts';
import { useApi } from '../app/api';
import { usePageTitle } from '../app/page-title';
import { AuthField, inputCss, submitCss } from '../features/sign-in/auth-form-parts';
import { safeReturnTo } from '../features/session/require-session';

type SignInInput = z.input<typeof SignInBodySchema>;
type SignInOutput = z.output<typeof SignInBodySchema>;

export default function SignInPage() {
  usePageTitle('Sign in');
  const api = useApi();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const form = useForm<SignInInput, unknown, SignInOutput>({ resolver: zodResolver(SignInBodySchema), defaultValues: { email: '', password: '' } });
  const { errors, isSubmitting } = form.formState;

  const onSubmit = form.handleSubmit(async (body) => {
    try {
      const session = await api.auth.signIn(body);
      queryClient.setQueryData(queryKeys.session(), session);
      const owesFactor = session.aal && session.aal.currentLevel !== session.aal.nextLevel;
      const returnTo = params.get('returnTo');
      const keep = returnTo ? `?returnTo=${encodeURIComponent(safeReturnTo(returnTo))}` : '';
      navigate(owesFactor ? `/sign-in-mfa${keep}` : safeReturnTo(returnTo), { replace: true });
    } catch (err) {
      form.setError('root', { message: (err as Error).message });
    }
  });

  return (
    <form onSubmit={onSubmit} noValidate aria-label="Sign in">
      <AuthField id="email" label="Email" error={errors.email?.message}>
        <input id="email" type="email" autoComplete="email" css={inputCss} aria-invalid={!!errors.email} {...form.register('email')} />
      </AuthField>
      <AuthField id="password" label="Password" error={errors.password?.message}>
        <input id="password" type="password" autoComplete="current-password" css={inputCss} aria-invalid={!!errors.password} {...form.register('password')} />
      </AuthField>
      {errors.root ? (
        <p role="alert" css={{ color: 'var(--plinth-danger, #e5484d)' }}>
          {errors.root.message}
        </p>
      ) : null}
      <button type="submit" css={submitCss} disabled={isSubmitting}>
        {isSubmitting ? 'Signing in…' : 'Sign in'}
      </button>
      <p css={{ marginTop: 16 }}>
        Don't have an account? <Link to="/sign-up">Sign up now</Link>
      </p>
    </form>
  );
}
