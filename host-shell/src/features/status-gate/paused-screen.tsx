import { PERMISSION_MESSAGES, PERMISSIONS, type PermissionKey, type Project } from '@plinth/shared-contracts';
import { Button } from '@plinth/shared-ui/button';
import { Dialog } from '@plinth/shared-ui/dialog';
import { DisabledReason } from '@plinth/shared-ui/tooltip';
import { PausedIcon, RestoreIcon } from '@plinth/shared-ui/icons';
import { useRestoreProject } from './restore-project';
import { ScreenPanel, actionsCss, mutedCss } from './screen-panel';

interface Props {
  project: Project;
  permissions: readonly PermissionKey[];
}

/** Why the project was paused, when the platform recorded it: the detail of its last PAUSING status event (the free plan's inactivity job writes one; a member's pause has none). */
export function pauseReason(project: Project): string | null {
  const pausing = (project.status_history ?? []).filter((event) => event.status === 'PAUSING').at(-1);
  return pausing?.detail ?? null;
}

/** Paused-project screen (§2.3, §4.3, §6) with its restore button and dialogs; the reason it was paused, when one was recorded. */
export function PausedScreen({ project, permissions }: Props) {
  const reason = pauseReason(project);
  return (
    <ScreenPanel title="This project is paused" icon={<PausedIcon size={20} />}>
      <p css={mutedCss}>{project.name} is not running. Its data is kept; restore the project to use it again.</p>
      {reason ? <p css={mutedCss}>{reason}.</p> : null}
      <RestoreProjectButton project={project} permissions={permissions} />
    </ScreenPanel>
  );
}

/** The restore button with its permission tooltip, confirmation and free-limit dialog. */
export function RestoreProjectButton({ project, permissions }: Props) {
  const restore = useRestoreProject(project);
  const canResume = permissions.includes(PERMISSIONS.INFRA_EXECUTE_RESUME);
  return (
    <div css={actionsCss}>
      <DisabledReason reason={canResume ? null : PERMISSION_MESSAGES.resumeProject}>
        <Button variant="primary" icon={<RestoreIcon size={14} />} loading={restore.step === 'checking'} onClick={() => void restore.start()}>
          Restore project
        </Button>
      </DisabledReason>
      <Dialog
        open={restore.step === 'confirm' || restore.step === 'restoring'}
        onOpenChange={(open) => (open ? undefined : restore.close())}
        title="Restore this project"
        description={`${project.name} will be restored. This can take from a few minutes to several hours.`}
        footer={
          <>
            <Button onClick={restore.close} disabled={restore.step === 'restoring'}>
              Cancel
            </Button>
            <Button variant="primary" loading={restore.step === 'restoring'} onClick={() => void restore.confirm()}>
              Confirm restore
            </Button>
          </>
        }
      />
      <Dialog
        open={restore.step === 'free-limit'}
        onOpenChange={(open) => (open ? undefined : restore.close())}
        title="Free project limit reached"
        description="These members of the organization already run as many free projects as the free plan allows. Pause one of their projects or upgrade the organization before restoring this one."
        footer={<Button onClick={restore.close}>Understood</Button>}
      >
        <ul aria-label="Members over their free project limit">
          {restore.membersOverLimit.map((member) => (
            <li key={member.primary_email}>
              {member.username} ({member.primary_email}) — limit of {member.free_project_limit} free projects
            </li>
          ))}
        </ul>
      </Dialog>
    </div>
  );
}
