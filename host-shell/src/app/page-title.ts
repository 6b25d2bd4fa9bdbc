import { useEffect } from 'react';
import { pageTitle } from '@plinth/shared-contracts';

/** Sets the document title to '{title} | Plinth' while the page is shown. */
export function usePageTitle(title: string): void {
  useEffect(() => {
    document.title = pageTitle(title);
  }, [title]);
}
