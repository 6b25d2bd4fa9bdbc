import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useQueryClient } from '@tanstack/react-query';
import { Link, useNavigate, useSearchParams } from 'react-router-dom';
import type { z } from 'zod';
import { queryKeys, SignInBodySchema } from '@plinth/shared-contracts';
import { useAuthApi } from '../app/api';
import { usePageTitle } from '../app/page-title';
import { EmailPasswordForm } from '../features/sign-in/email-password-form';
import { safeReturnTo } from '../features/session/require-session';

type SignInInput = z.input<typeof SignInBodySchema>;
type SignInOutput = z.output<typeof SignInBodySchema>;

export default function SignInPage() {
  usePageTitle('Sign in');
  const auth = useAuthApi();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const form = useForm<SignInInput, unknown, SignInOutput>({ resolver: zodResolver(SignInBodySchema), defaultValues: { email: '', password: '' } });
  const { errors, isSubmitting } = form.formState;

  const onSubmit = form.handleSubmit(async (body) => {
    try {
      const session = await auth.signIn(body);
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
    <EmailPasswordForm
      aria-label="Sign in"
      onSubmit={onSubmit}
      email={form.register('email')}
      password={form.register('password')}
      errors={errors}
      passwordAutoComplete="current-password"
      isSubmitting={isSubmitting}
      submitLabel="Sign in"
      submittingLabel="Signing in…"
      footer={
        <>
          Don't have an account? <Link to="/sign-up">Sign up now</Link>
        </>
      }
    />
  );
}
