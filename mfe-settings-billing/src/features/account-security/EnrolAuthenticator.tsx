import { useState, type FormEvent } from 'react';
import { Button } from '@plinth/shared-ui/button';
import { CodeBlock } from '@plinth/shared-ui/code-block';
import { Field, TextInput } from '@plinth/shared-ui/form';
import { Card } from '@plinth/shared-ui/page';
import { tokens } from '@plinth/shared-ui/theme';
import { VerifyFactorBodySchema, type EnrolledFactor } from '@plinth/shared-contracts';
import { errorMessage, useArea } from '@plinth/area-kit';
import { useFactorMutations } from './use-factors';

/**
 * Setting up an authenticator app (flag mfa_setup): name it, add the secret to the app (the
 * otpauth:// address or the key typed by hand), then prove it with the 6-digit code it shows.
 */
export function EnrolAuthenticator({ onDone }: { onDone: () => void }) {
  const { notify } = useArea();
  const { enrol, verify } = useFactorMutations();
  const [name, setName] = useState('');
  const [enrolled, setEnrolled] = useState<EnrolledFactor | null>(null);
  const [code, setCode] = useState('');
  const [codeError, setCodeError] = useState<string | null>(null);

  const start = (e: FormEvent) => {
    e.preventDefault();
    enrol.mutate(name.trim() ? { friendly_name: name.trim() } : {}, {
      onSuccess: setEnrolled,
      onError: (err) => notify({ kind: 'error', message: `Failed to add the authenticator: ${errorMessage(err)}` }),
    });
  };
  const confirm = (e: FormEvent) => {
    e.preventDefault();
    if (!enrolled) return;
    const parsed = VerifyFactorBodySchema.safeParse({ code });
    if (!parsed.success) return setCodeError(parsed.error.issues[0]?.message ?? 'The code is 6 digits');
    setCodeError(null);
    verify.mutate(
      { id: enrolled.id, code: parsed.data.code },
      {
        onSuccess: () => {
          notify({ kind: 'success', message: 'Authenticator app added: it is asked for at each sign-in' });
          onDone();
        },
        onError: (err) => setCodeError(errorMessage(err)),
      },
    );
  };

  if (!enrolled) {
    return (
      <Card title="Add an authenticator app" description="Any TOTP app works (1Password, Google Authenticator, Authy…).">
        <form onSubmit={start} css={{ display: 'grid', gap: tokens.space.md }}>
          <Field label="Name" hint="To tell your authenticators apart, e.g. 'Phone'.">
            <TextInput value={name} maxLength={64} onChange={(e) => setName(e.target.value)} />
          </Field>
          <div css={{ display: 'flex', gap: tokens.space.sm, flexWrap: 'wrap' }}>
            <Button variant="primary" type="submit" loading={enrol.isPending}>
              Continue
            </Button>
            <Button type="button" onClick={onDone}>
              Cancel
            </Button>
          </div>
        </form>
      </Card>
    );
  }
  return (
    <Card title="Add an authenticator app" description="Add this account to your app, then enter the code the app shows.">
      <form onSubmit={confirm} css={{ display: 'grid', gap: tokens.space.md, minWidth: 0 }}>
        <CodeBlock label="Setup address (otpauth)" code={enrolled.totp.uri} wrap />
        <CodeBlock label="Key to type by hand" code={enrolled.totp.secret} />
        <Field label="Code from the app" error={codeError ?? undefined} required>
          <TextInput value={code} inputMode="numeric" autoComplete="one-time-code" maxLength={6} onChange={(e) => setCode(e.target.value)} />
        </Field>
        <div css={{ display: 'flex', gap: tokens.space.sm, flexWrap: 'wrap' }}>
          <Button variant="primary" type="submit" loading={verify.isPending}>
            Verify and turn on
          </Button>
          <Button type="button" onClick={onDone}>
            Cancel
          </Button>
        </div>
      </form>
    </Card>
  );
}
