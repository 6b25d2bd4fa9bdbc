import { Link } from 'react-router-dom';
import { SignUpBodySchema } from '@plinth/shared-contracts';
import { useAuthApi } from '../app/api';
import { usePageTitle } from '../app/page-title';
import { EmailPasswordForm } from '../features/sign-in/email-password-form';
import { useAccountForm } from '../features/sign-in/use-account-form';

/** Creates an account: the way in for newcomers, including the very first user of a fresh install. */
export default function SignUpPage() {
  usePageTitle('Sign up');
  const auth = useAuthApi();
  const { form, onSubmit } = useAccountForm(SignUpBodySchema, (body) => auth.signUp(body), (session) => (session.user ? '/projects' : '/sign-in'));
  const { errors, isSubmitting } = form.formState;

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
