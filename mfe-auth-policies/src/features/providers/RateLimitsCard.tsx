import { useEffect, useId } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import * as z from '@plinth/shared-contracts/zod';
import { AUTH_RATE_LIMIT_RANGE as RANGE, AUTH_RATE_LIMITS, type AuthRateLimitKey, type AuthRateLimits, type AuthRateLimitsUpdate } from '@plinth/contracts-auth';
import { errorMessage, useArea } from '@plinth/area-kit';
import { Button } from '@plinth/shared-ui/button';
import { Field, TextInput } from '@plinth/shared-ui/form';
import { Card, InlineError, LoadingSkeleton } from '@plinth/shared-ui/page';
import { PermissionTooltip } from '@plinth/shared-ui/tooltip';
import { keys } from '../../area/query-keys';
import { SETTINGS_DENIED } from './provider-words';

type Values = Record<AuthRateLimitKey, string>;

const rangeMessage = `Enter a whole number from ${RANGE.min} to ${RANGE.max.toLocaleString('en-US')}`;
const limitText = z.string().check(z.regex(/^\d+$/, rangeMessage), z.refine((v) => Number(v) >= RANGE.min && Number(v) <= RANGE.max, rangeMessage));
const schema = z.object(Object.fromEntries(AUTH_RATE_LIMITS.map((l) => [l.key, limitText])) as Record<AuthRateLimitKey, typeof limitText>);

const valuesOf = (limits: AuthRateLimits): Values => Object.fromEntries(AUTH_RATE_LIMITS.map((l) => [l.key, String(limits[l.key])])) as Values;

/** The auth service's rate limits (GoTrue's defaults until changed): past one, apps get 429. */
export function RateLimitsCard({ allowed }: { allowed: boolean }) {
  const { api, projectRef } = useArea();
  const limits = useQuery({ queryKey: keys.authRateLimits(projectRef), queryFn: () => api.authUsers.getAuthRateLimits(projectRef) });
  if (limits.isPending) return <LoadingSkeleton label="Loading rate limits" shape="card" rows={3} />;
  if (limits.isError) return <InlineError message={`Failed to retrieve rate limits: ${errorMessage(limits.error)}`} onRetry={() => void limits.refetch()} retrying={limits.isFetching} />;
  return <RateLimitsForm current={limits.data} allowed={allowed} />;
}

// Mounted only once the limits are known, so its fields start with them (never blank for a render).
function RateLimitsForm({ current, allowed }: { current: AuthRateLimits; allowed: boolean }) {
  const { api, projectRef, notify } = useArea();
  const queryClient = useQueryClient();
  const save = useMutation({
    mutationFn: (change: AuthRateLimitsUpdate) => api.authUsers.updateAuthRateLimits(projectRef, change),
    onSuccess: (saved: AuthRateLimits) => {
      queryClient.setQueryData(keys.authRateLimits(projectRef), saved);
      notify({ kind: 'success', message: 'Successfully updated rate limits' });
    },
    onError: (error: Error) => notify({ kind: 'error', message: `Failed to update rate limits: ${errorMessage(error)}` }),
  });
  const formId = `rate-limits-${useId()}`;
  const { register, handleSubmit, reset, formState } = useForm<Values>({ resolver: zodResolver(schema), defaultValues: valuesOf(current) });
  useEffect(() => reset(valuesOf(current)), [current, reset]);
  // Only the limits changed are sent: another member's change to the others is not undone.
  const submit = handleSubmit((v) => {
    const change: AuthRateLimitsUpdate = {};
    for (const l of AUTH_RATE_LIMITS) if (Number(v[l.key]) !== current[l.key]) change[l.key] = Number(v[l.key]);
    save.mutate(change);
  });
  return (
    <Card
      title="Rate limits"
      description="How often apps may call the auth service before it answers 429 Too Many Requests. Counts start again when a limit changes."
      footer={
        <div css={{ display: 'flex', justifyContent: 'flex-end', gap: 8 }}>
          <Button disabled={!formState.isDirty} onClick={() => reset(valuesOf(current))}>
            Cancel
          </Button>
          <PermissionTooltip allowed={allowed} message={SETTINGS_DENIED}>
            <Button type="submit" form={formId} variant="primary" loading={save.isPending} disabled={!formState.isDirty}>
              Save rate limits
            </Button>
          </PermissionTooltip>
        </div>
      }
    >
      <form id={formId} noValidate onSubmit={submit} css={{ display: 'grid', gap: 16, gridTemplateColumns: 'repeat(auto-fill, minmax(min(100%, 260px), 1fr))' }}>
        {AUTH_RATE_LIMITS.map((l) => (
          <Field key={l.key} label={l.label} hint={`${l.unit}, ${l.scope}; default ${l.default}.`} error={formState.errors[l.key]?.message}>
            <TextInput inputMode="numeric" disabled={!allowed} css={{ maxWidth: 160 }} {...register(l.key)} />
          </Field>
        ))}
      </form>
    </Card>
  );
}
