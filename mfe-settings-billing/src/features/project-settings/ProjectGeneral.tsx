import { useEffect, useState, type FormEvent } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Button } from '@plinth/shared-ui/button';
import { Dialog, DialogClose } from '@plinth/shared-ui/dialog';
import { ConfirmByTypingDialog } from '@plinth/shared-ui/confirm-dialog';
import { Field, TextInput } from '@plinth/shared-ui/form';
import { InlineError, KeyValueList, LoadingSkeleton, Section } from '@plinth/shared-ui/page';
import { PermissionTooltip } from '@plinth/shared-ui/tooltip';
import { tokens } from '@plinth/shared-ui/theme';
import { genericPermissionNotice, PERMISSIONS, queryKeys, UpdateProjectBodySchema, type Project } from '@plinth/shared-contracts';
import { errorMessage, useArea } from '@plinth/area-kit';

/**
 * Project Settings → General: the project's name (renamed for every member at once: the header,
 * the project lists), its reference and creation time, pausing it and deleting it. The project and its status
 * are the queries the host shares with every area, so the frame follows a rename or a pause at once
 * (a pause shows the host's pausing screen until the database has closed).
 */
export function ProjectGeneral() {
  const { api, projectRef } = useArea();
  const project = useQuery({ queryKey: queryKeys.project(projectRef), queryFn: () => api.projects.get(projectRef) });
  if (project.isPending) return <LoadingSkeleton label="Loading the project" rows={3} />;
  if (project.isError) return <InlineError message="Failed to retrieve the project" detail={errorMessage(project.error)} onRetry={() => void project.refetch()} />;
  return (
    <div css={{ display: 'grid', gap: tokens.space.xxl }}>
      <ProjectDetails project={project.data} />
      <PauseProject project={project.data} />
      <DeleteProject project={project.data} />
    </div>
  );
}

/** A row of buttons under a section's text, each as wide as its label. */
const actionRow = { display: 'flex', gap: tokens.space.sm, justifySelf: 'start' } as const;
const note = { margin: 0, maxWidth: 640, color: tokens.color.textMuted, fontSize: tokens.fontSize.sm } as const;

function ProjectDetails({ project }: { project: Project }) {
  const { api, can, props } = useArea();
  const queryClient = useQueryClient();
  const mayWrite = can(PERMISSIONS.PROJECTS_WRITE);
  const [name, setName] = useState(project.name);
  const [error, setError] = useState<string | null>(null);
  // Renamed elsewhere (another tab, a team member): the field follows unless the user is editing it.
  const [edited, setEdited] = useState(false);
  useEffect(() => {
    if (!edited) setName(project.name);
  }, [project.name, edited]);
  const rename = useMutation({
    mutationFn: (next: string) => api.projects.update(project.ref, { name: next }),
    onSuccess: (saved) => {
      queryClient.setQueryData(queryKeys.project(project.ref), (old: Project | undefined) => (old ? { ...old, ...saved } : saved));
      void queryClient.invalidateQueries({ queryKey: queryKeys.projects() });
      setEdited(false);
      props.notify({ kind: 'success', message: `Project renamed to ${saved.name}` });
    },
    onError: (err) => setError(errorMessage(err)),
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = UpdateProjectBodySchema.safeParse({ name });
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message ?? 'Enter a project name');
      return;
    }
    setError(null);
    if (parsed.data.name === project.name) return;
    rename.mutate(parsed.data.name);
  };
  const created = new Date(project.inserted_at);
  return (
    <Section title="Project details" description="The name every member sees; the reference is part of the project's URLs and never changes.">
      <form onSubmit={submit} noValidate css={{ display: 'flex', alignItems: 'flex-end', gap: tokens.space.sm, maxWidth: 560 }}>
        <div css={{ flex: 1 }}>
          <Field label="Project name" error={error ?? undefined}>
            <TextInput
              value={name}
              onChange={(e) => {
                setEdited(true);
                setName(e.target.value);
              }}
              autoComplete="off"
              readOnly={!mayWrite}
            />
          </Field>
        </div>
        {/* Level with the input: a field keeps this much room under its control. */}
        <div css={{ marginBottom: tokens.space.lg }}>
          <PermissionTooltip allowed={mayWrite} message={genericPermissionNotice('rename this project')}>
            <Button type="submit" variant="primary" loading={rename.isPending} disabled={!mayWrite || name.trim() === project.name}>
              Save
            </Button>
          </PermissionTooltip>
        </div>
      </form>
      <KeyValueList
        items={[
          { key: 'ref', label: 'Reference ID', value: <code>{project.ref}</code> },
          { key: 'org', label: 'Organization', value: project.organization_slug },
          { key: 'created', label: 'Created', value: <time dateTime={project.inserted_at} title={created.toString()}>{`${created.toISOString().slice(0, 16).replace('T', ' ')} UTC`}</time> },
        ]}
      />
    </Section>
  );
}

function PauseProject({ project }: { project: Project }) {
  const { api, can, props } = useArea();
  const queryClient = useQueryClient();
  const mayWrite = can(PERMISSIONS.PROJECTS_WRITE);
  const [open, setOpen] = useState(false);
  const pause = useMutation({
    mutationFn: () => api.projects.pause(project.ref),
    onSuccess: ({ status }) => {
      setOpen(false);
      // The frame's status gate reads these: it shows the pausing screen, then the paused one.
      queryClient.setQueryData(queryKeys.projectStatus(project.ref), { status });
      queryClient.setQueryData(queryKeys.project(project.ref), (old: Project | undefined) => (old ? { ...old, status } : old));
      void queryClient.invalidateQueries({ queryKey: queryKeys.projects() });
    },
    onError: (err) => props.notify({ kind: 'error', message: `Failed to pause the project: ${errorMessage(err)}` }),
  });
  const active = project.status === 'ACTIVE_HEALTHY';
  return (
    <Section title="Pause project" description="Stops the project's database and its APIs until you restore it.">
      <p css={note}>
        Apps get no answer from a paused project. Its data, files, users, keys and settings are kept, and it can be restored from its home page. On the free plan, a restored project
        counts again toward each member's limit of free projects, so restoring may be refused while that limit is reached.
      </p>
      <div css={actionRow}>
        <PermissionTooltip allowed={mayWrite} message={genericPermissionNotice('pause this project')}>
          <Button disabled={!mayWrite || !active} onClick={() => setOpen(true)}>
            Pause project
          </Button>
        </PermissionTooltip>
      </div>
      {!active ? <p css={note}>Only a running project can be paused.</p> : null}
      <Dialog
        open={open}
        onOpenChange={(next) => !pause.isPending && setOpen(next)}
        title={`Pause ${project.name}?`}
        description="The database stops and the project's APIs stop answering until the project is restored."
        dismissible={!pause.isPending}
        footer={
          <>
            <DialogClose asChild>
              <Button disabled={pause.isPending}>Cancel</Button>
            </DialogClose>
            <Button variant="danger" loading={pause.isPending} onClick={() => pause.mutate()}>
              Pause project
            </Button>
          </>
        }
      />
    </Section>
  );
}

/** The project's deletion: typed confirmation of its name, then every member is sent to the projects page. */
function DeleteProject({ project }: { project: Project }) {
  const { api, can, props } = useArea();
  const queryClient = useQueryClient();
  const mayWrite = can(PERMISSIONS.PROJECTS_WRITE);
  const [open, setOpen] = useState(false);
  const remove = useMutation({
    mutationFn: () => api.projectDeletion.remove(project.ref),
    onSuccess: (deleted) => {
      setOpen(false);
      props.notify({ kind: 'success', message: `Project ${deleted.name} deleted` });
      props.navigate('/projects');
      queryClient.removeQueries({ queryKey: queryKeys.project(project.ref) });
      void queryClient.invalidateQueries({ queryKey: queryKeys.projects() });
    },
    onError: (err) => props.notify({ kind: 'error', message: `Failed to delete the project: ${errorMessage(err)}` }),
  });
  return (
    <Section title="Delete project" description="Removes the project and everything in it. This cannot be undone.">
      <p css={note}>
        The database with all its data, the files in storage, the project's users, logs, saved queries and API keys are deleted. Apps using its keys stop working at once.
      </p>
      <div css={actionRow}>
        <PermissionTooltip allowed={mayWrite} message={genericPermissionNotice('delete this project')}>
          <Button variant="danger" disabled={!mayWrite} onClick={() => setOpen(true)}>
            Delete project
          </Button>
        </PermissionTooltip>
      </div>
      <ConfirmByTypingDialog
        open={open}
        onOpenChange={(next) => !remove.isPending && setOpen(next)}
        title={`Delete ${project.name}`}
        description="This cannot be undone: the database, files, users, logs and keys of this project are deleted."
        confirmValue={project.name}
        confirmLabel="Delete project"
        loading={remove.isPending}
        onConfirm={() => remove.mutateAsync().catch(() => undefined)}
      />
    </Section>
  );
}
