import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { errorMessage, useArea } from '@plinth/area-kit';
import type { PreviewBranch } from '@plinth/contracts-settings';
import { Button } from '@plinth/shared-ui/button';
import { Dialog, DialogClose, dialogFooterStyle } from '@plinth/shared-ui/dialog';
import { EmptyState, InlineNotice, StatusBadge } from '@plinth/shared-ui/layout';
import { InlineError, LoadingSkeleton } from '@plinth/shared-ui/page';
import { tokens } from '@plinth/shared-ui/theme';
import { keys } from '../../area/query-keys';

const when = (iso: string) => new Date(iso).toLocaleString(undefined, { year: 'numeric', month: 'short', day: 'numeric', hour: '2-digit', minute: '2-digit' });
const listStyle = { listStyle: 'none', margin: 0, padding: 0, display: 'grid', gap: tokens.space.md } as const;
const sqlStyle = {
  margin: `${tokens.space.xs} 0 0`,
  padding: tokens.space.sm,
  background: tokens.color.surfaceRaised,
  borderRadius: tokens.radius.sm,
  fontFamily: tokens.font.mono,
  fontSize: tokens.fontSize.xs,
  whiteSpace: 'pre-wrap',
  overflowWrap: 'anywhere',
} as const;

const runsKey = (branchId: string) => [...keys.branches(branchId), 'migration-runs'] as const;

/**
 * A branch's migrations: the runs of its git branch's migration files (what a push runs), each with
 * its log, newest first; Run migrations runs the files not yet applied.
 */
export function MigrationRunsDialog({ branch, mayWrite, onClose }: { branch: PreviewBranch; mayWrite: boolean; onClose: () => void }) {
  const { api, notify } = useArea();
  const queryClient = useQueryClient();
  // Pushes run migrations too (GitHub's webhook): the runs are asked afresh each time the dialog opens.
  const runs = useQuery({ queryKey: runsKey(branch.id), queryFn: () => api.branching.listMigrationRuns(branch.id), refetchOnMount: 'always' });
  const run = useMutation({
    mutationFn: () => api.branching.runMigrations(branch.id),
    onSuccess: (made) => {
      void queryClient.invalidateQueries({ queryKey: runsKey(branch.id) });
      notify(made.ok ? { kind: 'success', message: made.entries.length ? `Applied ${made.entries.length} migration${made.entries.length === 1 ? '' : 's'} on ${branch.name}` : `No new migrations on ${branch.git_branch}` } : { kind: 'error', message: `A migration failed on ${branch.name}` });
    },
    onError: (err) => notify({ kind: 'error', message: `Failed to run migrations: ${errorMessage(err)}` }),
  });
  let body;
  if (runs.isError) body = <InlineError message="Failed to retrieve the migration runs" detail={errorMessage(runs.error)} onRetry={() => void runs.refetch()} retrying={runs.isFetching} />;
  else if (runs.isPending) body = <LoadingSkeleton label="Loading migration runs" rows={2} />;
  else if (runs.data.length === 0) body = <EmptyState title="No migration runs yet" description={branch.git_branch ? `A push to ${branch.git_branch} runs its supabase/migrations files here.` : 'This branch follows no git branch.'} />;
  else
    body = (
      <ul aria-label="Migration runs" css={listStyle}>
        {runs.data.map((r) => (
          <li key={r.id} css={{ borderTop: `1px solid ${tokens.color.border}`, paddingTop: tokens.space.sm }}>
            <div css={{ display: 'flex', gap: tokens.space.sm, alignItems: 'center', flexWrap: 'wrap' }}>
              <StatusBadge tone={r.ok ? 'success' : 'danger'}>{r.ok ? 'Succeeded' : 'Failed'}</StatusBadge>
              <span css={{ color: tokens.color.textMuted, fontSize: tokens.fontSize.sm }}>
                {r.git_branch} · {when(r.ran_at)}
              </span>
            </div>
            {r.entries.length === 0 ? (
              <p css={{ margin: `${tokens.space.xs} 0 0`, fontSize: tokens.fontSize.sm }}>Nothing new to apply.</p>
            ) : (
              <ul css={{ margin: `${tokens.space.xs} 0 0`, paddingLeft: tokens.space.lg, fontSize: tokens.fontSize.sm }}>
                {r.entries.map((e) => (
                  <li key={e.version}>
                    {e.version}_{e.name}: {e.status}
                    {e.error ? ` (${e.error})` : ''}
                  </li>
                ))}
              </ul>
            )}
          </li>
        ))}
      </ul>
    );
  return (
    <Dialog
      open
      onOpenChange={(open) => (open ? undefined : onClose())}
      title={`Migrations of ${branch.name}`}
      description={branch.git_branch ? `From the supabase/migrations files of ${branch.git_branch}.` : undefined}
      footer={
        <div css={dialogFooterStyle}>
          <DialogClose asChild>
            <Button>Close</Button>
          </DialogClose>
          {mayWrite && branch.git_branch ? (
            <Button variant="primary" onClick={() => run.mutate()} loading={run.isPending}>
              Run migrations
            </Button>
          ) : null}
        </div>
      }
    >
      {body}
    </Dialog>
  );
}

/**
 * Merge a branch into its main project, reviewed: the branch's migrations the main project lacks,
 * each with its SQL, applied together in one transaction; refused while the main project has
 * migrations the branch does not.
 */
export function MergeDialog({ projectRef, branch, onClose }: { projectRef: string; branch: PreviewBranch; onClose: () => void }) {
  const { api, notify } = useArea();
  const queryClient = useQueryClient();
  const preview = useQuery({ queryKey: [...keys.branches(branch.id), 'merge'], queryFn: () => api.branching.mergePreview(branch.id), gcTime: 0 });
  const merge = useMutation({
    mutationFn: () => api.branching.merge(branch.id),
    onSuccess: (done) => {
      notify({ kind: 'success', message: `Merged ${done.applied.length} migration${done.applied.length === 1 ? '' : 's'} of ${branch.name} into the main project` });
      void queryClient.invalidateQueries({ queryKey: keys.branches(projectRef) });
      onClose();
    },
    onError: (err) => notify({ kind: 'error', message: `Failed to merge branch: ${errorMessage(err)}` }),
  });
  const data = preview.data;
  let body;
  if (preview.isError) body = <InlineError message="Failed to compare the branch with its main project" detail={errorMessage(preview.error)} onRetry={() => void preview.refetch()} retrying={preview.isFetching} />;
  else if (!data) body = <LoadingSkeleton label="Comparing the branch with its main project" rows={2} />;
  else
    body = (
      <div css={{ display: 'grid', gap: tokens.space.md }}>
        {data.conflicts.length ? (
          <InlineNotice kind="warning" title="The main project has changed since this branch">
            It has migrations the branch does not ({data.conflicts.join(', ')}). Reset the branch, then merge again.
          </InlineNotice>
        ) : null}
        {data.migrations.length === 0 ? (
          <p css={{ margin: 0 }}>Nothing to merge: the main project has every migration of this branch.</p>
        ) : (
          <ol aria-label="Migrations to merge" css={{ ...listStyle, listStyle: 'decimal', paddingLeft: tokens.space.lg }}>
            {data.migrations.map((m) => (
              <li key={m.version}>
                <strong>
                  {m.version}_{m.name}
                </strong>
                <pre css={sqlStyle}>{m.statements.join('\n')}</pre>
              </li>
            ))}
          </ol>
        )}
      </div>
    );
  return (
    <Dialog
      open
      onOpenChange={(open) => (open ? undefined : onClose())}
      title={`Merge ${branch.name} into the main project?`}
      description="The statements below run on the main project in one transaction: all of them, or none."
      dismissible={!merge.isPending}
      size="large"
      footer={
        <div css={dialogFooterStyle}>
          <DialogClose asChild>
            <Button disabled={merge.isPending}>Cancel</Button>
          </DialogClose>
          <Button variant="primary" onClick={() => merge.mutate()} loading={merge.isPending} disabled={!data || data.conflicts.length > 0 || data.migrations.length === 0}>
            Merge
          </Button>
        </div>
      }
    >
      {body}
    </Dialog>
  );
}
