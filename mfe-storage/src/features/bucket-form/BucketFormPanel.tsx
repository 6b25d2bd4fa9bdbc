import { useEffect, useId } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useNavigate } from 'react-router-dom';
import { BUCKET_VALIDATION_MESSAGES, STORAGE_SIZE_UNITS, type Bucket } from '@plinth/contracts-storage';
import { SidePanel } from '@plinth/shared-ui/side-panel';
import { Field, Select, Switch, TextInput } from '@plinth/shared-ui/form';
import { EMPTY_BUCKET_FORM, bucketFormSchema, createPayload, digitsOnly, formValuesOf, updatePayload, type BucketFormValues } from './bucket-form';
import { ProjectUploadLimit } from './ProjectUploadLimit';
import { PublicBucketWarning } from './PublicBucketWarning';
import { useBucketMutations } from './use-bucket-mutations';

interface BucketFormPanelProps {
  open: boolean;
  /** The bucket to edit; null to create one. */
  bucket: Bucket | null;
  onClose: () => void;
}

const UNIT_OPTIONS = STORAGE_SIZE_UNITS.map((unit) => ({ value: unit, label: unit }));

/** Side panel to create a bucket or edit one (000 §5.2). */
export function BucketFormPanel({ open, bucket, onClose }: BucketFormPanelProps) {
  const mode = bucket ? 'edit' : 'create';
  const formId = `bucket-form-${useId()}`;
  const navigate = useNavigate();
  const { create, update } = useBucketMutations();
  const form = useForm<BucketFormValues>({ resolver: zodResolver(bucketFormSchema(mode)), defaultValues: EMPTY_BUCKET_FORM });
  const { register, control, handleSubmit, watch, reset, formState } = form;

  useEffect(() => {
    if (open) reset(bucket ? formValuesOf(bucket) : EMPTY_BUCKET_FORM);
  }, [open, bucket, reset]);

  const submit = handleSubmit(async (values) => {
    try {
      if (bucket) {
        await update.mutateAsync({ id: bucket.id, body: updatePayload(values) });
        onClose();
      } else {
        const created = await create.mutateAsync(createPayload(values));
        onClose();
        navigate(`/storage/buckets/${encodeURIComponent(created.id)}`);
      }
    } catch {
      // The failure notice is shown by the mutation; the panel stays open for another try.
    }
  });

  const limitEnabled = watch('limitEnabled');
  const isPublic = watch('public');
  return (
    <SidePanel
      open={open}
      onOpenChange={(next) => {
        if (!next) onClose();
      }}
      title={bucket ? `Edit bucket "${bucket.name}"` : 'Create a new bucket'}
      confirmText={bucket ? 'Save' : 'Create bucket'}
      confirmLoading={create.isPending || update.isPending}
      formId={formId}
    >
      <form id={formId} noValidate onSubmit={submit}>
        <Field label="Name of bucket" hint={BUCKET_VALIDATION_MESSAGES.nameHint} error={formState.errors.name?.message}>
          <TextInput {...register('name')} disabled={mode === 'edit'} autoFocus={mode === 'create'} autoComplete="off" spellCheck={false} />
        </Field>
        <Field label="Public bucket" inline hint="Anyone can read any object without any authorization.">
          <Controller
            control={control}
            name="public"
            render={({ field }) => <Switch checked={field.value} onCheckedChange={field.onChange} onBlur={field.onBlur} />}
          />
        </Field>
        <PublicBucketWarning wasPublic={bucket?.public ?? false} isPublic={isPublic} editing={mode === 'edit'} />
        <Field label="Restrict file upload size for bucket" inline hint="Uploads larger than this limit are refused.">
          <Controller
            control={control}
            name="limitEnabled"
            render={({ field }) => <Switch checked={field.value} onCheckedChange={field.onChange} onBlur={field.onBlur} />}
          />
        </Field>
        {limitEnabled ? (
          <div css={{ display: 'flex', gap: 8, alignItems: 'flex-start' }}>
            <Field label="File size limit" error={formState.errors.limitValue?.message} css={{ flex: 1 }}>
              <Controller
                control={control}
                name="limitValue"
                render={({ field }) => (
                  <TextInput
                    inputMode="numeric"
                    value={field.value}
                    name={field.name}
                    ref={field.ref}
                    onBlur={field.onBlur}
                    onChange={(event) => field.onChange(digitsOnly(event.target.value))}
                  />
                )}
              />
            </Field>
            <Field label="Unit" css={{ width: 110 }}>
              <Select options={UNIT_OPTIONS} {...register('limitUnit')} />
            </Field>
          </div>
        ) : null}
        {limitEnabled ? <ProjectUploadLimit /> : null}
        <Field label="Allowed MIME types" hint="Comma separated values, e.g. image/png, image/jpeg. Leave empty to allow any file type.">
          <TextInput {...register('allowedMimeTypes')} placeholder="e.g image/jpeg, image/png, audio/mpeg, video/mp4" autoComplete="off" />
        </Field>
      </form>
    </SidePanel>
  );
}
