import { Link } from 'react-router-dom';
import { PROJECT_MESSAGES } from '@plinth/shared-contracts';
import { supportLink } from '../../support/support-link';
import { ScreenPanel, actionsCss, mutedCss } from './screen-panel';

/** Generic error screen (§2.3): 'Head back' to /projects, a support request, the error code and message. */
export function ErrorScreen({ code, message, projectRef }: { code?: string | number; message: string; projectRef?: string }) {
  return (
    <ScreenPanel title={PROJECT_MESSAGES.somethingWentWrong} tone="danger">
      <p css={mutedCss}>The page could not be shown.</p>
      <dl>
        <dt>Error code</dt>
        <dd>{code ?? 'unknown'}</dd>
        <dt>Message</dt>
        <dd>{message}</dd>
      </dl>
      <div css={actionsCss}>
        <Link to="/projects">Head back</Link>
        <Link to={supportLink({ category: 'Dashboard_bug', ref: projectRef, subject: 'Something went wrong', message: `Error ${code ?? 'unknown'}: ${message}` })}>
          Submit a support request
        </Link>
      </div>
    </ScreenPanel>
  );
}
