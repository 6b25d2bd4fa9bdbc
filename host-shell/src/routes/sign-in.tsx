import { Link, useSearchParams } from 'react-router-dom';
import { SignInBodySchema } from '@plinth/shared-contracts';
import { useAuthApi } from '../app/api';
import { usePageTitle } from '../app/page-title';
import { EmailPasswordForm } from '../features/sign-in/email-password-form';
import { useAccountForm } from '../features/sign-in/use-account-form';
import { safeReturnTo } from '../session/require-session';

export default function SignInPage() {
  usePageTitle('Sign in');
  const auth = useAuthApi();
  const [params] = useSearchParams();
  const { form, onSubmit } = useAccountForm(SignInBodySchema, (body) => auth.signIn(body), (session) => {
    const owesFactor = session.aal && session.aal.currentLevel !== session.aal.nextLevel;
    const returnTo = params.get('returnTo');
    const keep = returnTo ? `?returnTo=${encodeURIComponent(safeReturnTo(returnTo))}` : '';
    return owesFactor ? `/sign-in-mfa${keep}` : safeReturnTo(returnTo);
  });
  const { errors, isSubmitting } = form.formState;

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
