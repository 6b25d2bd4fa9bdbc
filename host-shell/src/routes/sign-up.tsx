import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useQueryClient } from '@tanstack/react-query';
import { Link, useNavigate } from 'react-router-dom';
import type { z } from 'zod';
import { queryKeys, SignUpBodySchema } from '@plinth/shared-contracts';
import { useAuthApi } from '../app/api';
import { usePageTitle } from '../app/page-title';
import { EmailPasswordForm } from '../features/sign-in/email-password-form';

type SignUpInput = z.input<typeof SignUpBodySchema>;
type SignUpOutput = z.output<typeof SignUpBodySchema>;

/** Creates an account: the way in for newcomers, including the very first user of a fresh install. */
export default function SignUpPage() {
  usePageTitle('Sign up');
  const auth = useAuthApi();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const form = useForm<SignUpInput, unknown, SignUpOutput>({ resolver: zodResolver(SignUpBodySchema), defaultValues: { email: '', password: '' } });
  const { errors, isSubmitting } = form.formState;

  const onSubmit = form.handleSubmit(async (body) => {
    try {
      const session = await auth.signUp(body);
      queryClient.setQueryData(queryKeys.session(), session);
      navigate(session.user ? '/projects' : '/sign-in', { replace: true });
    } catch (err) {
      form.setError('root', { message: (err as Error).message });
    }
  });

  return (
    <EmailPasswordForm
      aria-label="Sign up"
      onSubmit={onSubmit}
      email={form.register('email')}
      password={form.register('password')}
      errors={errors}
      passwordAutoComplete="new-password"
      isSubmitting={isSubmitting}
      submitLabel="Sign up"
      submittingLabel="Creating account…"
      footer={
        <>
          Have an account? <Link to="/sign-in">Sign in</Link>
        </>
      }
    />
  );
}
