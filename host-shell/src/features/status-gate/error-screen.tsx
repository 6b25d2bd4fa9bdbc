import { Link } from 'react-router-dom';
import { PROJECT_MESSAGES } from '@plinth/shared-contracts';
import { buttonCss } from '@plinth/shared-ui/button';
import { ErrorIcon } from '@plinth/shared-ui/icons';
import { tokens } from '@plinth/shared-ui/theme';
import { supportLink } from '../../support/support-link';
import { ScreenPanel, actionsCss, mutedCss } from './screen-panel';

/** Generic error screen (§2.3): 'Head back' to /projects, a support request, the error code and message. */
export function ErrorScreen({ code, message, projectRef }: { code?: string | number; message: string; projectRef?: string }) {
  return (
    <ScreenPanel title={PROJECT_MESSAGES.somethingWentWrong} tone="danger" icon={<ErrorIcon size={20} />}>
      <p css={mutedCss}>The page could not be shown.</p>
      <dl css={{ display: 'grid', gridTemplateColumns: 'max-content minmax(0, 1fr)', gap: `${tokens.space.xs} ${tokens.space.lg}`, margin: 0, fontSize: tokens.fontSize.sm, '& dt': { color: tokens.color.textMuted }, '& dd': { margin: 0, overflowWrap: 'anywhere' } }}>
        <dt>Error code</dt>
        <dd css={{ fontFamily: tokens.font.mono }}>{code ?? 'unknown'}</dd>
        <dt>Message</dt>
        <dd>{message}</dd>
      </dl>
      <div css={actionsCss}>
        <Link css={buttonCss('primary')} to="/projects">
          Head back
        </Link>
        <Link css={buttonCss('default')} to={supportLink({ category: 'Dashboard_bug', ref: projectRef, subject: 'Something went wrong', message: `Error ${code ?? 'unknown'}: ${message}` })}>
          Submit a support request
        </Link>
      </div>
    </ScreenPanel>
  );
}
