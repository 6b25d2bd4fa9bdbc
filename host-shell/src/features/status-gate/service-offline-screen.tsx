import { Link } from 'react-router-dom';
import type { Project } from '@plinth/shared-contracts';
import { supportLink } from '../../support/support-link';
import { ScreenPanel, actionsCss, mutedCss } from './screen-panel';

/** Shown when the project's REST service reports OFFLINE (§4.1). */
export function ServiceOfflineScreen({ project }: { project: Project }) {
  return (
    <ScreenPanel title="Project API is offline" tone="danger">
      <p css={mutedCss}>
        The REST service of {project.name} is not answering, so this page cannot load its data. Reports and project settings stay available.
      </p>
      <div css={actionsCss}>
        <Link to={`/project/${project.ref}/settings/general`}>Project settings</Link>
        <Link to={supportLink({ category: 'Database_unresponsive', ref: project.ref, subject: `REST service offline for ${project.ref}` })}>
          Contact support
        </Link>
      </div>
    </ScreenPanel>
  );
}
