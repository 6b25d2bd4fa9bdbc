import { useEffect, useLayoutEffect } from 'react';
import { useForm, type DefaultValues } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router-dom';
import type { z } from 'zod';
import { queryKeys, type Session, type SignInBodySchema, type SignUpBodySchema } from '@plinth/shared-contracts';
import { clearAccountDraft, keepDraftEmail, keepDraftFocus, readAccountDraft } from './account-draft';

type AccountSchema = typeof SignInBodySchema | typeof SignUpBodySchema;

/**
 * The email and password form of the sign-in and sign-up pages: validated with the contracts'
 * schema, sent with `send`; the session it answers becomes the console's session and the page
 * moves on to `destination(session)`. A refusal shows as the form's error. The email typed is
 * carried between the sign-in and sign-up forms (account-draft.ts), so no late render wipes it.
 */
export function useAccountForm<S extends AccountSchema>(schema: S, send: (body: z.output<S>) => Promise<Session>, destination: (session: Session) => string) {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const form = useForm<z.input<S>, unknown, z.output<S>>({ resolver: zodResolver(schema), defaultValues: { email: readAccountDraft().email, password: '' } as DefaultValues<z.input<S>> });
  useEffect(() => {
    if (readAccountDraft().focused === 'email') form.setFocus('email' as never);
    const watching = form.watch((values) => keepDraftEmail(String((values as { email?: unknown }).email ?? '')));
    return () => watching.unsubscribe();
  }, [form]);
  // Read while the form is still in the page (a layout effect's clean-up runs before its removal).
  useLayoutEffect(
    () => () => {
      const active = document.activeElement as HTMLInputElement | null;
      keepDraftFocus(active?.id === 'email' ? 'email' : null);
    },
    [],
  );
  const onSubmit = form.handleSubmit(async (body) => {
    try {
      const session = await send(body);
      clearAccountDraft();
      queryClient.setQueryData(queryKeys.session(), session);
      navigate(destination(session), { replace: true });
    } catch (err) {
      form.setError('root', { message: (err as Error).message });
    }
  });
  return { form, onSubmit };
}
