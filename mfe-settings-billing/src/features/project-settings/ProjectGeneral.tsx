import { useEffect, useState } from 'react';
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
import { RenameForm } from '../../area/RenameForm';

/**
 * Project Settings → General: the project's name (renamed for every member at once: the header,
 * the project lists), its reference and creation time, restarting, pausing and deleting it. The project and its status
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
      <RestartProject project={project.data} />
      <PauseProject project={project.data} />
      <DeleteProject project={project.data} />
    </div>
  );
}

/** How often the status is read while a restart runs. */
const RESTART_POLL_MS = 1_000;

/** A row of buttons under a section's text, each as wide as its label. */
const actionRow = { display: 'flex', gap: tokens.space.sm, justifySelf: 'start' } as const;
const note = { margin: 0, maxWidth: 640, color: tokens.color.textMuted, fontSize: tokens.fontSize.sm } as const;

function ProjectDetails({ project }: { project: Project }) {
  const { api, can, props } = useArea();
  const queryClient = useQueryClient();
  const rename = async (name: string) => {
    const saved = await api.projects.update(project.ref, { name });
    queryClient.setQueryData(queryKeys.project(project.ref), (old: Project | undefined) => (old ? { ...old, ...saved } : saved));
    void queryClient.invalidateQueries({ queryKey: queryKeys.projects() });
    props.notify({ kind: 'success', message: `Project renamed to ${saved.name}` });
  };
  const created = new Date(project.inserted_at);
  return (
    <Section title="Project details" description="The name every member sees; the reference is part of the project's URLs and never changes.">
      <RenameForm
        label="Project name"
        current={project.name}
        mayWrite={can(PERMISSIONS.PROJECTS_WRITE)}
        deniedAction="rename this project"
        check={(name) => UpdateProjectBodySchema.safeParse({ name })}
        emptyMessage="Enter a project name"
        rename={rename}
      />
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

/** Restart: the database goes down and comes back on the same data; the frame follows the status (001: GOING_DOWN, COMING_UP, ACTIVE_HEALTHY). */
function RestartProject({ project }: { project: Project }) {
  const { api, can, props } = useArea();
  const queryClient = useQueryClient();
  const mayWrite = can(PERMISSIONS.PROJECTS_WRITE);
  const [open, setOpen] = useState(false);
  // After a restart is asked, the status is followed here until the project is back, the page
  // staying open (the shared status would put the frame's pausing screen over it for the second
  // the database is down); the shared project query then carries the status it came back with.
  const [following, setFollowing] = useState(false);
  const [settled, setSettled] = useState<Project['status'] | null>(null);
  useEffect(() => {
    if (!following) return;
    let stopped = false;
    const read = async () => {
      const answer = await api.projects.getStatus(project.ref).catch(() => null);
      if (stopped) return;
      if (answer && answer.status !== 'GOING_DOWN' && answer.status !== 'COMING_UP') setSettled(answer.status);
      else timer = setTimeout(() => void read(), RESTART_POLL_MS);
    };
    let timer = setTimeout(() => void read(), RESTART_POLL_MS);
    return () => {
      stopped = true;
      clearTimeout(timer);
    };
  }, [following, api.projects, project.ref]);
  useEffect(() => {
    if (!following || !settled) return;
    setFollowing(false);
    setSettled(null);
    queryClient.setQueryData(queryKeys.project(project.ref), (old: Project | undefined) => (old ? { ...old, status: settled } : old));
    void queryClient.invalidateQueries({ queryKey: queryKeys.project(project.ref), exact: true });
    void queryClient.invalidateQueries({ queryKey: queryKeys.projects() });
    if (settled === 'ACTIVE_HEALTHY') props.notify({ kind: 'success', message: `${project.name} is running again` });
    else props.notify({ kind: 'error', message: `${project.name} did not come back after the restart (${settled}); see its home page` });
  }, [following, settled, project.ref, project.name, queryClient, props]);
  const restart = useMutation({
    mutationFn: () => api.projectRestart.restartProject(project.ref),
    onSuccess: () => {
      setOpen(false);
      setFollowing(true);
      props.notify({ kind: 'success', message: `Restarting ${project.name}` });
    },
    onError: (err) => props.notify({ kind: 'error', message: `Failed to restart the project: ${errorMessage(err)}` }),
  });
  const active = project.status === 'ACTIVE_HEALTHY';
  return (
    <Section title="Restart project" description="Stops the project's database and starts it again on the same data.">
      <p css={note}>
        For a few seconds the project's APIs do not answer and open database connections end; clients connect again once it is back. Nothing is lost: data, files, users, keys and
        settings stay as they are.
      </p>
      <div css={actionRow}>
        <PermissionTooltip allowed={mayWrite} message={genericPermissionNotice('restart this project')}>
          <Button disabled={!mayWrite || !active || following} onClick={() => setOpen(true)}>
            Restart project
          </Button>
        </PermissionTooltip>
      </div>
      {following ? (
        <p css={note} role="status">
          Restarting: the database is going down and coming back…
        </p>
      ) : !active ? (
        <p css={note}>Only a running project can be restarted.</p>
      ) : null}
      <Dialog
        open={open}
        onOpenChange={(next) => !restart.isPending && setOpen(next)}
        title={`Restart ${project.name}?`}
        description="The database stops and starts again; the project's APIs stop answering for a few seconds."
        dismissible={!restart.isPending}
        footer={
          <>
            <DialogClose asChild>
              <Button disabled={restart.isPending}>Cancel</Button>
            </DialogClose>
            <Button variant="primary" loading={restart.isPending} onClick={() => restart.mutate()}>
              Restart project
            </Button>
          </>
        }
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
