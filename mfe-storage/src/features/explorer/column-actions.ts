import type { StoreApi } from 'zustand';
import { genericPermissionNotice } from '@plinth/shared-contracts';
import { STORAGE_SORT_KEYS } from '@plinth/contracts-storage';
import type { RowAction } from '@plinth/area-kit';
import type { ExplorerState } from './explorer-store';

const COLUMN_SORT_LABELS = { name: 'Name', created_at: 'Last created', updated_at: 'Last modified', last_accessed_at: 'Last accessed' } as const;

/** The column menu of 001 §2: New folder, Select all items, View as, Sort by, Sort order; the current choices marked. */
export function columnActions(store: StoreApi<ExplorerState>, column: number, files: string[], mayWrite: boolean): RowAction[] {
  const s = store.getState();
  const mark = (on: boolean, label: string) => (on ? `✓ ${label}` : label);
  return [
    {
      label: 'New folder',
      onSelect: () => store.getState().setEditing({ column, mode: 'new-folder' }),
      disabledReason: mayWrite ? null : genericPermissionNotice('create folders'),
    },
    { label: 'Select all items', onSelect: () => store.getState().setSelection(column, files), disabledReason: files.length ? null : 'There are no files in this folder' },
    { label: mark(s.prefs.view === 'columns', 'View as columns'), onSelect: () => store.getState().setPrefs({ view: 'columns' }) },
    { label: mark(s.prefs.view === 'list', 'View as list'), onSelect: () => store.getState().setPrefs({ view: 'list' }) },
    ...STORAGE_SORT_KEYS.map((key) => ({ label: mark(s.prefs.sortBy === key, `Sort by ${COLUMN_SORT_LABELS[key]}`), onSelect: () => store.getState().setPrefs({ sortBy: key }) })),
    { label: mark(s.prefs.sortByOrder === 'asc', 'Sort order: Ascending'), onSelect: () => store.getState().setPrefs({ sortByOrder: 'asc' }) },
    { label: mark(s.prefs.sortByOrder === 'desc', 'Sort order: Descending'), onSelect: () => store.getState().setPrefs({ sortByOrder: 'desc' }) },
  ];
}
