// Page titles (000 §2.3).
export const PRODUCT_NAME = 'Plinth';

/** "Storage | Plinth". */
export function pageTitle(title: string): string {
  return `${title} | ${PRODUCT_NAME}`;
}
