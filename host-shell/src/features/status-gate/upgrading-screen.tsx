import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Link } from 'react-router-dom';
import { ErrorIcon, SuccessIcon } from '@plinth/shared-ui/icons';
import { InlineNotice } from '@plinth/shared-ui/layout';
import { queryKeys, UPGRADE_STATUS_POLL_MS, type Project } from '@plinth/shared-contracts';
import { Button, buttonCss } from '@plinth/shared-ui/button';
import { tokens } from '@plinth/shared-ui/theme';
import { useApi } from '../../app/use-api';
import { supportLink } from '../../support/support-link';
import { ScreenPanel, actionsCss, mutedCss } from './screen-panel';
import { formatUtc, upgradeSteps } from './upgrade-steps';

const STEP_MARK = { pending: '○', 'in-progress': '◌', completed: '✓' } as const;
const STEP_WORDS = { pending: 'pending', 'in-progress': 'in progress', completed: 'completed' } as const;

/** Database upgrade screen (§4.4): the ordered checklist, then the completed or failed state. */
export function UpgradingScreen({ project }: { project: Project }) {
  const api = useApi();
  const queryClient = useQueryClient();
  const upgrade = useQuery({
    queryKey: queryKeys.upgradeStatus(project.ref),
    queryFn: () => api.projects.getUpgradeStatus(project.ref),
    staleTime: 0,
    refetchInterval: (query) => {
      const s = query.state.data?.databaseUpgradeStatus?.status;
      return s === 'Upgraded' || s === 'Failed' ? false : UPGRADE_STATUS_POLL_MS;
    },
    refetchIntervalInBackground: true,
  });
  const status = upgrade.data?.databaseUpgradeStatus ?? null;
  const refetchProject = () => void queryClient.invalidateQueries({ queryKey: queryKeys.project(project.ref), exact: true });
  const startedAt = status?.initiated_at ? (
    <p css={mutedCss}>
      Started{' '}
      <time dateTime={status.initiated_at} title={`Local time: ${new Date(status.initiated_at).toLocaleString()}`}>
        {formatUtc(status.initiated_at)}
      </time>
    </p>
  ) : null;

  if (status?.status === 'Failed') {
    return (
      <ScreenPanel title="Database upgrade failed" tone="danger" icon={<ErrorIcon size={20} />}>
        <p role="alert">Your project is back online and its data is unaffected.</p>
        {startedAt}
        <div css={actionsCss}>
          <Link
            css={buttonCss('default')}
            to={supportLink({
              category: 'Database_unresponsive',
              ref: project.ref,
              subject: `Database upgrade failed for project ${project.ref}`,
              message: `Upgrade initiated at ${status.initiated_at} to version ${status.target_version} failed with error: ${status.error ?? 'none given'}`,
            })}
          >
            Contact support
          </Link>
          <Button onClick={refetchProject}>Return to project</Button>
        </div>
      </ScreenPanel>
    );
  }
  if (status?.status === 'Upgraded') {
    return (
      <ScreenPanel title="Database upgrade complete" tone="success" icon={<SuccessIcon size={20} />}>
        <p css={mutedCss}>{project.name} now runs Postgres {status.target_version}.</p>
        {startedAt}
        <div css={actionsCss}>
          <Button variant="primary" onClick={refetchProject}>
            Return to project
          </Button>
        </div>
      </ScreenPanel>
    );
  }
  return (
    <ScreenPanel title="Upgrading database" busy>
      <p css={mutedCss}>
        {status ? `Upgrading to Postgres ${status.target_version}. ` : ''}An upgrade can take from a few minutes to several hours; the project is unavailable meanwhile.
      </p>
      {startedAt}
      {upgrade.isError ? <InlineNotice kind="danger" title="Could not load the upgrade status">{(upgrade.error as Error).message}</InlineNotice> : null}
      <ol aria-label="Upgrade steps" css={{ listStyle: 'none', padding: 0, margin: 0, display: 'grid', gap: tokens.space.sm }}>
        {upgradeSteps(status).map((step) => (
          <li key={step.key} data-state={step.state} aria-label={`${step.label}: ${STEP_WORDS[step.state]}`} css={{ display: 'flex', gap: tokens.space.sm, color: step.state === 'pending' ? tokens.color.textMuted : tokens.color.text }}>
            <span aria-hidden="true" css={step.state === 'in-progress' ? { display: 'inline-block', animation: 'plinth-spin 1s linear infinite' } : undefined}>
              {STEP_MARK[step.state]}
            </span>
            {step.label}
          </li>
        ))}
      </ol>
    </ScreenPanel>
  );
}
