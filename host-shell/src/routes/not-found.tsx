import { usePageTitle } from '../app/page-title';
import { NotFoundPanel } from '../app/not-found-panel';
import { tokens } from '@plinth/shared-ui/theme';

/** Any address no page of the shell or of an area claims. */
export default function NotFoundPage() {
  usePageTitle('Page not found');
  return (
    <main id="content" css={{ minHeight: '100vh', background: tokens.color.background, color: tokens.color.text }}>
      <NotFoundPanel />
    </main>
  );
}
