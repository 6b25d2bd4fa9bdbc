import { useLayoutEffect } from 'react';
import { pageTitle } from '@plinth/shared-contracts';

/**
 * Sets the document title to '{title} | Plinth' while the page is shown; null leaves it to the page inside.
 * Set as the page is put in place, before it paints: the tab's title never lags behind the page it names.
 */
export function usePageTitle(title: string | null): void {
  useLayoutEffect(() => {
    if (title !== null) document.title = pageTitle(title);
  }, [title]);
}
