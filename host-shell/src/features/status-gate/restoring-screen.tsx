import { useQueryClient } from '@tanstack/react-query';
import { Link } from 'react-router-dom';
import { PROJECT_MESSAGES, queryKeys, type Project } from '@plinth/shared-contracts';
import { Button, buttonCss } from '@plinth/shared-ui/button';
import { ErrorIcon, SuccessIcon } from '@plinth/shared-ui/icons';
import { supportLink } from '../../support/support-link';
import { ScreenPanel, actionsCss, mutedCss } from './screen-panel';
import { useStatusPolling } from './use-status-polling';

/**
 * Restoring screen (§2.3, §4.2): polls the status every 4 s. RESTORATION_FAILED shows the failure
 * state; ACTIVE_HEALTHY the success state, whose 'Return to project' refetches the project.
 */
export function RestoringScreen({ project }: { project: Project }) {
  const queryClient = useQueryClient();
  const alreadyFailed = project.status === 'RESTORATION_FAILED';
  const latest = useStatusPolling(project, 'restoring', { enabled: !alreadyFailed });

  if (alreadyFailed || latest === 'RESTORATION_FAILED') {
    return (
      <ScreenPanel title="Restoration failed" tone="danger" icon={<ErrorIcon size={20} />}>
        <p role="alert">{PROJECT_MESSAGES.restorationFailed}</p>
        <p css={mutedCss}>Our engineers have been notified. Your data is safe; contact support if you need the project back urgently.</p>
        <div css={actionsCss}>
          <Link
            css={buttonCss('default')}
            to={supportLink({
              category: 'Database_unresponsive',
              ref: project.ref,
              subject: `Restoration failed for project ${project.ref}`,
              message: `Restoring project ${project.name} (${project.ref}) failed.`,
            })}
          >
            Contact support
          </Link>
        </div>
      </ScreenPanel>
    );
  }
  if (latest === 'ACTIVE_HEALTHY') {
    return (
      <ScreenPanel title="Restoration complete" tone="success" icon={<SuccessIcon size={20} />}>
        <p css={mutedCss}>{project.name} has been restored and is ready to use.</p>
        <div css={actionsCss}>
          <Button variant="primary" onClick={() => void queryClient.invalidateQueries({ queryKey: queryKeys.project(project.ref), exact: true })}>
            Return to project
          </Button>
        </div>
      </ScreenPanel>
    );
  }
  return (
    <ScreenPanel title="Restoring project" busy>
      <p css={mutedCss}>{project.name} is being restored. This can take from a few minutes to several hours; this page updates by itself.</p>
    </ScreenPanel>
  );
}
