export interface PickerItem {
  key: string;
  /** What the list shows and the filter matches. */
  label: string;
  /** Other words the filter matches (a project's ref, an organization's slug). */
  keywords?: readonly string[];
}

/**
 * Items whose label or keywords contain every word typed, case and accents ignored; labels that
 * start with the query come first, otherwise the given order is kept.
 */
export function filterPickerItems<T extends PickerItem>(items: readonly T[], query: string): T[] {
  const fold = (text: string) => text.normalize('NFD').replace(/\p{Diacritic}/gu, '').toLowerCase();
  const q = fold(query.trim());
  if (!q) return [...items];
  const words = q.split(/\s+/);
  const matches = items.filter((item) => {
    const haystack = fold([item.label, ...(item.keywords ?? [])].join(' '));
    return words.every((word) => haystack.includes(word));
  });
  const starts = matches.filter((item) => fold(item.label).startsWith(q));
  return [...starts, ...matches.filter((item) => !starts.includes(item))];
}
