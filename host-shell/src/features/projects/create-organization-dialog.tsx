import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { CreateOrganizationBodySchema, queryKeys, type Organization } from '@plinth/shared-contracts';
import { Button } from '@plinth/shared-ui/button';
import { Dialog } from '@plinth/shared-ui/dialog';
import { Field, TextInput } from '@plinth/shared-ui/form';
import { notify } from '@plinth/shared-ui/toast';
import { useApi } from '../../app/use-api';

type Input = z.input<typeof CreateOrganizationBodySchema>;
type Output = z.output<typeof CreateOrganizationBodySchema>;

interface Props {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onCreated?: (organization: Organization) => void;
}

/** Creates an organization; the new one appears on the projects page. */
export function CreateOrganizationDialog({ open, onOpenChange, onCreated }: Props) {
  const api = useApi();
  const queryClient = useQueryClient();
  const form = useForm<Input, unknown, Output>({ resolver: zodResolver(CreateOrganizationBodySchema), defaultValues: { name: '' } });
  const { errors, isSubmitting } = form.formState;
  const onSubmit = form.handleSubmit(async (body) => {
    try {
      const organization = await api.organizations.create(body);
      await queryClient.invalidateQueries({ queryKey: queryKeys.organizations(), exact: true });
      notify({ kind: 'success', message: `Organization ${organization.name} created.` });
      form.reset();
      onOpenChange(false);
      onCreated?.(organization);
    } catch (err) {
      form.setError('root', { message: `Failed to create organization: ${(err as Error).message}` });
    }
  });
  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      title="Create a new organization"
      footer={
        <>
          <Button onClick={() => onOpenChange(false)}>Cancel</Button>
          <Button variant="primary" type="submit" form="create-org-form" loading={isSubmitting}>
            Create organization
          </Button>
        </>
      }
    >
      <form id="create-org-form" onSubmit={onSubmit} noValidate>
        <Field label="Organization name" error={errors.name?.message} required>
          <TextInput autoFocus {...form.register('name')} />
        </Field>
        {errors.root ? <p role="alert">{errors.root.message}</p> : null}
      </form>
    </Dialog>
  );
}
