import { useEffect, useState, type FormEvent } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { errorMessage, useArea } from '@plinth/area-kit';
import { INTEGRATION_MESSAGES, type OrganizationIntegration } from '@plinth/contracts-settings';
import { Button } from '@plinth/shared-ui/button';
import { Dialog, DialogClose, dialogFooterStyle } from '@plinth/shared-ui/dialog';
import { Checkbox, Field, Select } from '@plinth/shared-ui/form';
import { InlineError } from '@plinth/shared-ui/page';
import { tokens } from '@plinth/shared-ui/theme';
import { keys } from '../../area/query-keys';
import { useCreateConnection, useGitBranches, useRepositories } from './use-integrations';

/**
 * The repository connection dialog (000 §2.6): a repository the integration reaches (loaded by the
 * integration's id), then one of its branches (by integration id, owner and repository name), the
 * branch production follows; connecting binds the repository to the project and, when asked,
 * enables branching from that branch.
 */
export function ConnectRepositoryDialog({ integration, projectRef, onClose }: { integration: OrganizationIntegration; projectRef: string; onClose: () => void }) {
  const { api, notify } = useArea();
  const queryClient = useQueryClient();
  const slug = integration.organization_slug ?? '';
  const repositories = useRepositories(integration.id);
  const [repo, setRepo] = useState('');
  const [branch, setBranch] = useState('');
  const [enable, setEnable] = useState(true);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const branches = useGitBranches(integration.id, repo || null);
  const connect = useCreateConnection(slug);

  // A repository chosen: its default branch is chosen too, when it has one.
  useEffect(() => {
    if (!branches.data) return;
    const preferred = repositories.data?.repositories.find((r) => r.full_name === repo)?.default_branch;
    setBranch((current) => (branches.data.some((b) => b.name === current) ? current : (branches.data.find((b) => b.name === preferred) ?? branches.data[0])?.name ?? ''));
  }, [branches.data, repo, repositories.data]);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!projectRef) {
      console.warn(INTEGRATION_MESSAGES.projectRefRequired);
      return;
    }
    if (!repo) return setError('Choose a repository');
    setError(null);
    setBusy(true);
    try {
      const name = repo.split('/')[1] ?? repo;
      await connect.mutateAsync({ organization_integration_id: integration.id, connection: { supabase_project_ref: projectRef, foreign_project_id: repo, metadata: { name } } });
      if (enable && branch) {
        await api.branching.enableBranching(projectRef, { git_branch: branch });
        void queryClient.invalidateQueries({ queryKey: keys.branching(projectRef) });
      }
      notify({ kind: 'success', message: `Connected ${repo} to this project` });
      onClose();
    } catch (err) {
      setError(errorMessage(err));
    } finally {
      setBusy(false);
    }
  };

  const repoOptions = (repositories.data?.repositories ?? []).map((r) => ({ value: r.full_name, label: r.full_name }));
  return (
    <Dialog
      open
      onOpenChange={(open) => (open ? undefined : onClose())}
      title="Connect a repository"
      description={`Through ${integration.integration.name} (account ${integration.metadata.account.name}).`}
      dismissible={!busy}
      footer={
        <div css={dialogFooterStyle}>
          <DialogClose asChild>
            <Button disabled={busy}>Cancel</Button>
          </DialogClose>
          <Button variant="primary" type="submit" form="connect-repository" loading={busy} disabled={!repo}>
            Connect
          </Button>
        </div>
      }
    >
      <form id="connect-repository" onSubmit={(e) => void submit(e)} css={{ display: 'grid', gap: tokens.space.lg }}>
        {repositories.isError ? (
          <InlineError message="Failed to retrieve repositories" detail={errorMessage(repositories.error)} onRetry={() => void repositories.refetch()} retrying={repositories.isFetching} />
        ) : (
          <Field label="Repository" hint={repositories.isPending ? 'Loading repositories…' : repoOptions.length === 0 ? 'No repository is reachable through this integration yet.' : undefined}>
            <Select value={repo} onChange={(e) => setRepo(e.target.value)} placeholder="Choose a repository" options={repoOptions} disabled={repositories.isPending} />
          </Field>
        )}
        {repo ? (
          branches.isError ? (
            <InlineError message={INTEGRATION_MESSAGES.branchesFailed} detail={errorMessage(branches.error)} onRetry={() => void branches.refetch()} retrying={branches.isFetching} />
          ) : (
            <Field label="Production branch" hint={branches.isPending ? 'Loading branches…' : 'The git branch your project follows; preview branches are made from the others.'}>
              <Select value={branch} onChange={(e) => setBranch(e.target.value)} options={(branches.data ?? []).map((b) => ({ value: b.name, label: b.name }))} disabled={branches.isPending} />
            </Field>
          )
        ) : null}
        {repo && branch ? <Checkbox label="Enable branching from this branch" checked={enable} onChange={(e) => setEnable(e.target.checked)} /> : null}
        {error ? (
          <p role="alert" css={{ margin: 0, color: tokens.color.dangerText, fontSize: tokens.fontSize.sm }}>
            {error}
          </p>
        ) : null}
      </form>
    </Dialog>
  );
}
