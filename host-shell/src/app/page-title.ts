import { useEffect } from 'react';
import { pageTitle } from '@plinth/shared-contracts';

/** Sets the document title to '{title} | Plinth' while the page is shown; null leaves it to the page inside. */
export function usePageTitle(title: string | null): void {
  useEffect(() => {
    if (title !== null) document.title = pageTitle(title);
  }, [title]);
}
