import { Link } from 'react-router-dom';
import type { Project } from '@plinth/shared-contracts';
import { buttonCss } from '@plinth/shared-ui/button';
import { WarningIcon } from '@plinth/shared-ui/icons';
import { supportLink } from '../../support/support-link';
import { useShellLink } from '../../areas/shell-links';
import { ScreenPanel, actionsCss, mutedCss } from './screen-panel';

/** Shown when the project's REST service reports OFFLINE (§4.1). */
export function ServiceOfflineScreen({ project }: { project: Project }) {
  const settings = useShellLink()('projectSettings', {}, { projectRef: project.ref });
  return (
    <ScreenPanel title="Project API is offline" tone="danger" icon={<WarningIcon size={20} />}>
      <p css={mutedCss}>
        The REST service of {project.name} is not answering, so this page cannot load its data. Reports and project settings stay available.
      </p>
      <div css={actionsCss}>
        {settings ? (
          <Link css={buttonCss('primary')} to={settings}>
            Project settings
          </Link>
        ) : null}
        <Link css={buttonCss('default')} to={supportLink({ category: 'Database_unresponsive', ref: project.ref, subject: `REST service offline for ${project.ref}` })}>
          Contact support
        </Link>
      </div>
    </ScreenPanel>
  );
}
