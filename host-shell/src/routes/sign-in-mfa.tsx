import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useNavigate, useSearchParams } from 'react-router-dom';
import type { z } from 'zod';
import { queryKeys, VerifyFactorBodySchema } from '@plinth/shared-contracts';
import { useAuthApi } from '../app/api';
import { usePageTitle } from '../app/page-title';
import { AuthField, inputCss, linkButtonCss, noticeCss, submitCss } from '../features/sign-in/auth-form-fields';
import { safeReturnTo } from '../session/require-session';

type CodeInput = z.input<typeof VerifyFactorBodySchema>;
type CodeOutput = z.output<typeof VerifyFactorBodySchema>;

/** Second-factor sign-in: a TOTP code for the account's verified factor. */
export default function SignInMfaPage() {
  usePageTitle('Two-factor authentication');
  const auth = useAuthApi();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const factors = useQuery({ queryKey: queryKeys.mfaFactors(), queryFn: () => auth.listFactors() });
  const factor = factors.data?.factors.find((f) => f.status === 'verified');
  const form = useForm<CodeInput, unknown, CodeOutput>({ resolver: zodResolver(VerifyFactorBodySchema), defaultValues: { code: '' } });
  const { errors, isSubmitting } = form.formState;

  const onSubmit = form.handleSubmit(async (body) => {
    if (!factor) return;
    try {
      const session = await auth.verifyFactor(factor.id, body);
      queryClient.setQueryData(queryKeys.session(), session);
      navigate(safeReturnTo(params.get('returnTo')), { replace: true });
    } catch (err) {
      form.setError('code', { message: (err as Error).message });
    }
  });

  const signOut = async () => {
    await auth.signOut().catch(() => undefined);
    queryClient.clear();
    navigate('/sign-in', { replace: true });
  };

  if (factors.isError)
    return (
      <div role="alert" css={noticeCss}>
        <p css={{ margin: 0 }}>Could not load your authentication factors: {(factors.error as Error).message}</p>
        <button type="button" onClick={() => void factors.refetch()} css={linkButtonCss}>
          Try again
        </button>
      </div>
    );
  if (factors.data && !factor)
    return (
      <div role="alert" css={{ display: 'grid', gap: 16 }}>
        <p css={noticeCss}>Your account asks for a second factor but has no verified authenticator app. Ask your organization owner for help.</p>
        <button type="button" onClick={() => void signOut()} css={submitCss}>
          Sign in with a different account
        </button>
      </div>
    );
  return (
    <form onSubmit={onSubmit} noValidate aria-label="Verify two-factor code">
      <AuthField id="code" label="Authentication code" error={errors.code?.message}>
        <input id="code" inputMode="numeric" autoComplete="one-time-code" maxLength={6} css={inputCss} aria-invalid={!!errors.code} {...form.register('code')} />
      </AuthField>
      <button type="submit" css={submitCss} disabled={isSubmitting || !factor}>
        {isSubmitting ? 'Verifying…' : 'Verify'}
      </button>
      <button type="button" onClick={() => void signOut()} css={[linkButtonCss, { marginTop: 16 }]}>
        Sign in with a different account
      </button>
    </form>
  );
}
