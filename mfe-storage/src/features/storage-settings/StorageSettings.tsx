import { errorMessage, useArea } from '@plinth/area-kit';
import { PERMISSION_MESSAGES, PERMISSIONS } from '@plinth/shared-contracts';
import { STORAGE_MESSAGES, STORAGE_SIZE_UNITS, type StorageConfig, type StorageSizeUnit } from '@plinth/contracts-storage';
import { Button } from '@plinth/shared-ui/button';
import { Field, Select, TextInput } from '@plinth/shared-ui/form';
import { InlineNotice, PageHeader } from '@plinth/shared-ui/layout';
import { Card, InlineError, LoadingSkeleton } from '@plinth/shared-ui/page';
import { tokens } from '@plinth/shared-ui/theme';
import { PermissionTooltip } from '@plinth/shared-ui/tooltip';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { useStorageConfig } from '../../area/use-buckets';
import { digitsOnly, formFromBytes, inlineLimitError, uploadLimitUpdate, type UploadLimitForm } from './upload-limit';
import { keys } from '../../area/query-keys';

/** The storage settings page (001 §2, §5, §6): the project's upload file size limit. */
export function StorageSettings() {
  const config = useStorageConfig();
  return (
    <div css={{ display: 'flex', flexDirection: 'column', gap: tokens.space.lg, padding: tokens.space.xl, boxSizing: 'border-box', minWidth: 0, maxWidth: 900 }}>
      <PageHeader title={STORAGE_MESSAGES.settingsTitle} description="How large a single file may be when uploaded to any bucket of this project." />
      {config.isError ? (
        <InlineError message={STORAGE_MESSAGES.settingsLoadFailed} detail={errorMessage(config.error)} onRetry={() => void config.refetch()} retrying={config.isFetching} />
      ) : config.isPending ? (
        <LoadingSkeleton label="Loading storage settings" rows={2} shape="card" />
      ) : (
        <UploadLimitCard key={config.data.fileSizeLimit} config={config.data} />
      )}
    </div>
  );
}

function UploadLimitCard({ config }: { config: StorageConfig }) {
  const { api, projectRef, can, notify } = useArea();
  const client = useQueryClient();
  const canWrite = can(PERMISSIONS.STORAGE_ADMIN_WRITE);
  const locked = config.isFreeTier || !canWrite;
  const start = formFromBytes(config.fileSizeLimit);
  const [form, setForm] = useState<UploadLimitForm>(start);
  const formId = useId();
  const inline = inlineLimitError(form);
  const changed = form.value !== start.value || form.unit !== start.unit;
  const save = useMutation({
    mutationFn: (fileSizeLimit: number) => api.storage.updateStorageConfig(projectRef, { fileSizeLimit }),
    onSuccess: (next) => {
      client.setQueryData(keys.storageConfig(projectRef), next);
      void client.invalidateQueries({ queryKey: keys.storageConfig(projectRef) });
      notify({ kind: 'success', message: STORAGE_MESSAGES.settingsUpdated });
    },
    onError: (err) => notify({ kind: 'error', message: STORAGE_MESSAGES.settingsUpdateFailed(errorMessage(err)) }),
  });
  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    if (locked) return;
    const update = uploadLimitUpdate(form);
    if (!update.ok) notify({ kind: 'error', message: update.message });
    else save.mutate(update.body.fileSizeLimit);
  };

  return (
    <Card
      title="Upload file size limit"
      description="Uploads larger than this are refused, in every bucket; a bucket may set a lower limit of its own."
      footer={
        <>
          <Button type="button" disabled={!changed || save.isPending || locked} onClick={() => setForm(start)}>Cancel</Button>
          <PermissionTooltip allowed={canWrite} message={PERMISSION_MESSAGES.updateStorageSettings}>
            <Button type="submit" form={formId} variant="primary" loading={save.isPending} disabled={locked || !changed || form.value === ''}>Save</Button>
          </PermissionTooltip>
        </>
      }
    >
      <form id={formId} onSubmit={submit} noValidate css={{ display: 'grid', gap: tokens.space.md }}>
        {config.isFreeTier ? (
          <InlineNotice kind="info" title="The free plan's limit is fixed at 50 MB">
            Upgrade the organization to a paid plan to choose a limit of up to 5 GB.
          </InlineNotice>
        ) : null}
        <div css={{ display: 'grid', gridTemplateColumns: 'minmax(0, 1fr) 120px', gap: tokens.space.sm, alignItems: 'start', maxWidth: 420 }}>
          <Field label="Upload file size limit" error={inline ?? undefined} hint={inline ? undefined : 'Up to 5 GB, in units of 1024.'}>
            <TextInput inputMode="numeric" value={form.value} disabled={locked} onChange={(e) => setForm({ ...form, value: digitsOnly(e.target.value) })} />
          </Field>
          <Field label="Unit">
            <Select value={form.unit} disabled={locked} options={STORAGE_SIZE_UNITS.map((unit) => ({ value: unit, label: unit }))}
              onChange={(e) => setForm({ ...form, unit: e.target.value as StorageSizeUnit })} />
          </Field>
        </div>
      </form>
    </Card>
  );
}
