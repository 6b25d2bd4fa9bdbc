import { useState, type FormEvent } from 'react';
import { errorMessage, useArea } from '@plinth/area-kit';
import { INTEGRATION_MESSAGES, PreviewBranchCreateSchema, type PreviewBranch } from '@plinth/contracts-settings';
import { Button } from '@plinth/shared-ui/button';
import { Dialog, DialogClose, dialogFooterStyle } from '@plinth/shared-ui/dialog';
import { Checkbox, Field, Select, TextInput } from '@plinth/shared-ui/form';
import { InlineError } from '@plinth/shared-ui/page';
import { tokens } from '@plinth/shared-ui/theme';
import { useCreateBranch, useDeleteBranch, useEnableBranching, useRepositoryBranches, useResetBranch } from './use-branches';

/** The project's repository connection, as the branching dialogs need it. */
export interface RepositoryConnection {
  integrationId: string;
  /** owner/repo */
  repository: string;
}

/** The regions a branch can be made in: this server's. */
export const BRANCH_REGIONS = [{ value: 'local', label: 'Local (this server)' }] as const;

const formStyle = { display: 'grid', gap: tokens.space.lg } as const;

function GitBranchField({ connection, value, onChange, label, optional }: { connection: RepositoryConnection; value: string; onChange: (v: string) => void; label: string; optional?: boolean }) {
  const branches = useRepositoryBranches(connection.integrationId, connection.repository);
  if (branches.isError) return <InlineError message={INTEGRATION_MESSAGES.branchesFailed} detail={errorMessage(branches.error)} onRetry={() => void branches.refetch()} retrying={branches.isFetching} />;
  return (
    <Field label={label} hint={branches.isPending ? 'Loading branches…' : `Branches of ${connection.repository}.`}>
      <Select
        value={value}
        onChange={(e) => onChange(e.target.value)}
        placeholder={optional ? 'None' : 'Choose a branch'}
        options={(branches.data ?? []).map((b) => ({ value: b.name, label: b.name }))}
        disabled={branches.isPending}
      />
    </Field>
  );
}

/**
 * The branching enablement dialog (000 §2.6): it needs the project's ref and a selected git branch
 * of the connected repository, the one production follows ('No branch selected' in the console
 * otherwise, as 000 §8 has it).
 */
export function EnableBranchingDialog({ projectRef, connection, onClose, onConnect }: { projectRef: string; connection: RepositoryConnection | null; onClose: () => void; onConnect: () => void }) {
  const { notify } = useArea();
  const enable = useEnableBranching(projectRef);
  const [branch, setBranch] = useState('');
  const [error, setError] = useState<string | null>(null);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!projectRef) return console.warn(INTEGRATION_MESSAGES.projectRefRequired);
    if (!branch) {
      console.warn(INTEGRATION_MESSAGES.noBranchSelected);
      return setError('Choose the git branch production follows');
    }
    setError(null);
    enable.mutate(
      { git_branch: branch },
      {
        onSuccess: () => {
          notify({ kind: 'success', message: `Branching enabled from ${branch}` });
          onClose();
        },
        onError: (err) => setError(errorMessage(err)),
      },
    );
  };
  return (
    <Dialog
      open
      onOpenChange={(open) => (open ? undefined : onClose())}
      title="Enable branching"
      description="Preview branches are copies of this project's database, each a project of its own."
      dismissible={!enable.isPending}
      footer={
        <div css={dialogFooterStyle}>
          <DialogClose asChild>
            <Button disabled={enable.isPending}>Cancel</Button>
          </DialogClose>
          {connection ? (
            <Button variant="primary" type="submit" form="enable-branching" loading={enable.isPending}>
              Enable branching
            </Button>
          ) : (
            <Button variant="primary" onClick={onConnect}>
              Connect a repository
            </Button>
          )}
        </div>
      }
    >
      {connection ? (
        <form id="enable-branching" onSubmit={submit} css={formStyle}>
          <GitBranchField connection={connection} value={branch} onChange={setBranch} label="Production branch" />
          {error ? (
            <p role="alert" css={{ margin: 0, color: tokens.color.dangerText, fontSize: tokens.fontSize.sm }}>
              {error}
            </p>
          ) : null}
        </form>
      ) : (
        <p css={{ margin: 0 }}>Branching follows a git repository: connect one to this project first, in its integration settings.</p>
      )}
    </Dialog>
  );
}

/**
 * Create branch: a name, a git branch of the repository (optional), a region, and whether the
 * parent's rows are copied too (the schema alone by default). Success and failure are said with
 * the texts of 000 §8 and 001 §7.
 */
export function CreateBranchDialog({ projectRef, connection, onClose }: { projectRef: string; connection: RepositoryConnection | null; onClose: () => void }) {
  const { notify } = useArea();
  const create = useCreateBranch(projectRef);
  const [name, setName] = useState('');
  const [gitBranch, setGitBranch] = useState('');
  const [region, setRegion] = useState<string>(BRANCH_REGIONS[0].value);
  const [withData, setWithData] = useState(false);
  const [nameError, setNameError] = useState<string | null>(null);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const body = { branch_name: name, region, with_data: withData, ...(gitBranch ? { git_branch: gitBranch } : {}) };
    const parsed = PreviewBranchCreateSchema.safeParse(body);
    if (!parsed.success) return setNameError(name.trim() ? 'Use a valid git branch name: no spaces, no "..", and none of ~ ^ : ? * [ \\' : 'Give the branch a name');
    setNameError(null);
    create.mutate(body, {
      onSuccess: () => {
        notify({ kind: 'success', message: INTEGRATION_MESSAGES.branchCreated });
        onClose();
      },
      onError: (err) => notify({ kind: 'error', message: INTEGRATION_MESSAGES.branchCreateFailed(errorMessage(err)) }),
    });
  };
  return (
    <Dialog
      open
      onOpenChange={(open) => (open ? undefined : onClose())}
      title="Create branch"
      description="A new project with a copy of this project's database."
      dismissible={!create.isPending}
      footer={
        <div css={dialogFooterStyle}>
          <DialogClose asChild>
            <Button disabled={create.isPending}>Cancel</Button>
          </DialogClose>
          <Button variant="primary" type="submit" form="create-branch" loading={create.isPending}>
            Create branch
          </Button>
        </div>
      }
    >
      <form id="create-branch" onSubmit={submit} css={formStyle} noValidate>
        <Field label="Branch name" error={nameError ?? undefined} required>
          <TextInput value={name} onChange={(e) => setName(e.target.value)} placeholder="feature-login" autoComplete="off" />
        </Field>
        {connection ? <GitBranchField connection={connection} value={gitBranch} onChange={setGitBranch} label="Git branch" optional /> : null}
        <Field label="Region">
          <Select value={region} onChange={(e) => setRegion(e.target.value)} options={BRANCH_REGIONS} />
        </Field>
        <Checkbox label="Copy the data too (by default the branch gets the schema alone, every table empty)" checked={withData} onChange={(e) => setWithData(e.target.checked)} />
      </form>
    </Dialog>
  );
}

/** Reset a branch to its parent (its database copied again) or delete it (its project, database, files and keys), after confirmation. */
export function BranchActionDialog({ projectRef, branch, action, onClose }: { projectRef: string; branch: PreviewBranch; action: 'reset' | 'delete'; onClose: () => void }) {
  const { notify } = useArea();
  const reset = useResetBranch(projectRef);
  const remove = useDeleteBranch(projectRef);
  const running = action === 'reset' ? reset : remove;
  const confirm = () =>
    running.mutate(branch.id, {
      onSuccess: () => {
        notify({ kind: 'success', message: action === 'reset' ? `Branch ${branch.name} reset to its parent` : `Branch ${branch.name} deleted` });
        onClose();
      },
      onError: (err) => {
        notify({ kind: 'error', message: `Failed to ${action} branch: ${errorMessage(err)}` });
        onClose();
      },
    });
  return (
    <Dialog
      open
      onOpenChange={(open) => (open ? undefined : onClose())}
      title={action === 'reset' ? `Reset branch ${branch.name}?` : `Delete branch ${branch.name}?`}
      description={
        action === 'reset'
          ? `Its database is replaced by a new copy of its parent's (${branch.with_data ? 'schema and rows' : 'schema only'}); what was written on the branch is lost.`
          : 'Its project goes with its database, files and keys. The parent project is not changed.'
      }
      dismissible={!running.isPending}
      footer={
        <div css={dialogFooterStyle}>
          <DialogClose asChild>
            <Button disabled={running.isPending}>Cancel</Button>
          </DialogClose>
          <Button variant="danger" onClick={confirm} loading={running.isPending}>
            {action === 'reset' ? 'Reset branch' : 'Delete branch'}
          </Button>
        </div>
      }
    />
  );
}
