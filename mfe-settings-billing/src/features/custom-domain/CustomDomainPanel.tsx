import { useState, type FormEvent } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Button } from '@plinth/shared-ui/button';
import { ConfirmByTypingDialog } from '@plinth/shared-ui/confirm-dialog';
import { Field, TextInput } from '@plinth/shared-ui/form';
import { InlineError, LoadingSkeleton, Section, StatusBadge } from '@plinth/shared-ui/page';
import { PermissionTooltip } from '@plinth/shared-ui/tooltip';
import { tokens } from '@plinth/shared-ui/theme';
import { genericPermissionNotice, PERMISSIONS } from '@plinth/shared-contracts';
import { CustomHostnameCreateSchema, type CustomHostname } from '@plinth/contracts-settings';
import { errorMessage, useArea } from '@plinth/area-kit';
import { SecretField } from '../../area/SecretField';
import { keys } from '../../area/query-keys';
import { customDomainStep } from './custom-domain-step';

/**
 * Custom domain (001 §2, §4): add a hostname, publish the TXT record it gives and verify it,
 * activate it, remove it. Once active the project services answer on it and every URL the
 * console copies uses it, so the project's configuration is read again after each change.
 */
export function CustomDomainPanel() {
  const { api, projectRef, can, props } = useArea();
  const queryClient = useQueryClient();
  const mayWrite = can(PERMISSIONS.PROJECTS_WRITE);
  const read = useQuery({ queryKey: keys.customHostname(projectRef), queryFn: () => api.settings.getCustomHostname(projectRef) });
  const settle = (next: CustomHostname) => {
    queryClient.setQueryData(keys.customHostname(projectRef), next);
    void queryClient.invalidateQueries({ queryKey: keys.projectConfig(projectRef) });
  };
  const change = useMutation({
    mutationFn: (work: () => Promise<CustomHostname>) => work(),
    onSuccess: settle,
  });
  const [hostname, setHostname] = useState('');
  const [inputError, setInputError] = useState<string | null>(null);
  const [removing, setRemoving] = useState(false);

  const add = (event: FormEvent) => {
    event.preventDefault();
    const parsed = CustomHostnameCreateSchema.safeParse({ custom_hostname: hostname });
    if (!parsed.success) {
      setInputError(parsed.error.issues[0]?.message ?? 'Enter a domain name such as api.example.com');
      return;
    }
    setInputError(null);
    change.mutate(() => api.settings.setCustomHostname(projectRef, parsed.data.custom_hostname), {
      onError: (err) => setInputError(errorMessage(err)),
      onSuccess: () => setHostname(''),
    });
  };
  const act = (work: () => Promise<CustomHostname>, failure: string) =>
    change.mutate(work, { onError: (err) => props.notify({ kind: 'error', message: `${failure}: ${errorMessage(err)}` }) });
  const denied = (what: string) => genericPermissionNotice(what);
  /** A step's action (Verify, Activate) beside Cancel, which removes the hostname. */
  const nextStep = (label: string, what: string, work: () => Promise<CustomHostname>) => (
    <div css={{ display: 'flex', gap: tokens.space.sm, marginTop: tokens.space.md }}>
      <PermissionTooltip allowed={mayWrite} message={denied(what)}>
        <Button variant="primary" loading={change.isPending} onClick={() => act(work, `Failed to ${what}`)}>
          {label}
        </Button>
      </PermissionTooltip>
      <PermissionTooltip allowed={mayWrite} message={denied('remove a custom domain')}>
        <Button onClick={() => act(() => api.settings.deleteCustomHostname(projectRef), 'Failed to remove the custom domain')}>Cancel</Button>
      </PermissionTooltip>
    </div>
  );

  const step = read.data ? customDomainStep(read.data) : null;
  return (
    <Section title="Custom domain" description="Serve this project's APIs from a domain of your own: apps reach auth, data and storage there, and the URLs the console copies use it.">
      {read.isPending ? <LoadingSkeleton label="Loading the custom domain" rows={2} /> : null}
      {read.isError ? <InlineError message="Failed to retrieve the custom domain" detail={errorMessage(read.error)} onRetry={() => void read.refetch()} /> : null}
      {step?.step === 'not-allowed' ? <p>Custom domains are available on the Pro plan and above with the custom domain add-on: add it under Add Ons, after changing the organization's plan if it is on Free.</p> : null}
      {step?.step === 'none' ? (
        <form onSubmit={add} css={{ display: 'flex', alignItems: 'flex-end', gap: tokens.space.sm, maxWidth: 560 }} noValidate>
          <div css={{ flex: 1 }}>
            <Field label="Custom domain" hint="A subdomain you control, such as api.example.com" error={inputError ?? undefined}>
              <TextInput value={hostname} onChange={(e) => setHostname(e.target.value)} placeholder="api.example.com" autoComplete="off" spellCheck={false} readOnly={!mayWrite} />
            </Field>
          </div>
          <PermissionTooltip allowed={mayWrite} message={denied('add a custom domain')}>
            <Button type="submit" variant="primary" loading={change.isPending}>
              Add
            </Button>
          </PermissionTooltip>
        </form>
      ) : null}
      {step?.step === 'verify' ? (
        <div>
          <p>
            Add this TXT record to the DNS of <strong>{step.hostname}</strong>, then verify it. DNS changes can take a few minutes to be seen.
          </p>
          {step.record ? (
            <>
              <SecretField label="TXT record name" value={step.record.name} />
              <SecretField label="TXT record value" value={step.record.value} />
            </>
          ) : null}
          {step.error ? <InlineError message="The record was not found yet" detail={step.error} /> : null}
          {nextStep('Verify', 'verify a custom domain', () => api.settings.reverifyCustomHostname(projectRef))}
        </div>
      ) : null}
      {step?.step === 'activate' ? (
        <div>
          <p>
            <StatusBadge tone="success">Verified</StatusBadge> The TXT record of <strong>{step.hostname}</strong> was found. Activate it to serve this project there; the project&apos;s own URL keeps
            working.
          </p>
          {nextStep('Activate', 'activate a custom domain', () => api.settings.activateCustomHostname(projectRef))}
        </div>
      ) : null}
      {step?.step === 'active' ? (
        <div>
          <p>
            <StatusBadge tone="success">Active</StatusBadge> This project is served at <strong>https://{step.hostname}</strong>.
          </p>
          <PermissionTooltip allowed={mayWrite} message={denied('remove a custom domain')}>
            <Button variant="danger" onClick={() => setRemoving(true)}>
              Remove custom domain
            </Button>
          </PermissionTooltip>
          <ConfirmByTypingDialog
            open={removing}
            onOpenChange={setRemoving}
            title="Remove the custom domain"
            description={`Apps that call ${step.hostname} stop reaching this project at once; its own URL keeps working.`}
            confirmValue={step.hostname}
            confirmLabel="Remove custom domain"
            variant="danger"
            onConfirm={() =>
              api.settings.deleteCustomHostname(projectRef).then(
                (next) => {
                  settle(next);
                  setRemoving(false);
                },
                (err) => props.notify({ kind: 'error', message: `Failed to remove the custom domain: ${errorMessage(err)}` }),
              )
            }
          />
        </div>
      ) : null}
    </Section>
  );
}
