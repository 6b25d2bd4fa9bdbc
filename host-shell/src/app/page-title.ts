import { useEffect } from 'react';

export const PRODUCT_NAME = 'Plinth';

export function pageTitle(title: string): string {
  return `${title} | ${PRODUCT_NAME}`;
}

/** Sets the document title to '{title} | Plinth' while the page is shown. */
export function usePageTitle(title: string): void {
  useEffect(() => {
    document.title = pageTitle(title);
  }, [title]);
}
