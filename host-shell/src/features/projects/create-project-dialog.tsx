import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router-dom';
import type { z } from 'zod';
import { CreateProjectBodySchema, queryKeys, type Organization } from '@plinth/shared-contracts';
import { Button } from '@plinth/shared-ui/button';
import { Dialog } from '@plinth/shared-ui/dialog';
import { Field, Select, TextInput } from '@plinth/shared-ui/form';
import { notify } from '@plinth/shared-ui/toast';
import { useApi } from '../../app/use-api';

type Input = z.input<typeof CreateProjectBodySchema>;
type Output = z.output<typeof CreateProjectBodySchema>;

interface Props {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  organizations: readonly Organization[];
  defaultOrgSlug?: string;
}

/** Creates a project in one of the user's organizations, then opens its building page. */
export function CreateProjectDialog({ open, onOpenChange, organizations, defaultOrgSlug }: Props) {
  const api = useApi();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const form = useForm<Input, unknown, Output>({
    resolver: zodResolver(CreateProjectBodySchema),
    values: { name: '', organization_slug: defaultOrgSlug ?? organizations[0]?.slug ?? '' },
  });
  const { errors, isSubmitting } = form.formState;
  const onSubmit = form.handleSubmit(async (body) => {
    try {
      const project = await api.projects.create(body);
      queryClient.setQueryData(queryKeys.project(project.ref), project);
      void queryClient.invalidateQueries({ queryKey: queryKeys.projects(), exact: true });
      notify({ kind: 'success', message: `Project ${project.name} is being set up.` });
      onOpenChange(false);
      navigate(`/project/${project.ref}/building`);
    } catch (err) {
      form.setError('root', { message: `Failed to create project: ${(err as Error).message}` });
    }
  });
  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      title="Create a new project"
      footer={
        <>
          <Button onClick={() => onOpenChange(false)}>Cancel</Button>
          <Button variant="primary" type="submit" form="create-project-form" loading={isSubmitting}>
            Create project
          </Button>
        </>
      }
    >
      <form id="create-project-form" onSubmit={onSubmit} noValidate css={{ display: 'grid', gap: 12 }}>
        <Field label="Project name" error={errors.name?.message} required>
          <TextInput autoFocus {...form.register('name')} />
        </Field>
        <Field label="Organization" error={errors.organization_slug?.message} required>
          <Select options={organizations.map((o) => ({ value: o.slug, label: o.name }))} {...form.register('organization_slug')} />
        </Field>
        {errors.root ? <p role="alert">{errors.root.message}</p> : null}
      </form>
    </Dialog>
  );
}
