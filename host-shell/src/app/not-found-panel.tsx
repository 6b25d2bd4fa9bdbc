import { Link } from 'react-router-dom';
import { EmptyState } from '@plinth/shared-ui/layout';
import { buttonCss } from '@plinth/shared-ui/button';
import { NotFoundIcon } from '@plinth/shared-ui/icons';
import { tokens } from '@plinth/shared-ui/theme';

interface Props {
  title?: string;
  description?: string;
}

/** What an address that leads nowhere shows (an unknown page, organization or project), with the way back. */
export function NotFoundPanel({ title = 'Page not found', description = 'There is nothing at this address. Check the link, or go back to your projects.' }: Props) {
  return (
    <div role="alert" css={{ padding: `${tokens.space.xxxl} ${tokens.space.xl}` }}>
      <EmptyState
        icon={<NotFoundIcon size={24} />}
        headingLevel={1}
        title={title}
        description={description}
        action={
          <Link to="/projects" css={buttonCss('primary')}>
            Go to your projects
          </Link>
        }
      />
    </div>
  );
}
