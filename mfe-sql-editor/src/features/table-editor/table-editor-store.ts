import { create } from 'zustand';
import { persist } from 'zustand/middleware';
import type { TableSort } from '@plinth/contracts-database';

interface ProjectChoice {
  schema: string;
  sort: TableSort;
}

interface TableEditorState {
  /** Chosen schema and sort per project; the sort is stored as 'alphabetical' or 'grouped-alphabetical' (000 §9). */
  byProject: Record<string, ProjectChoice>;
  setSchema: (ref: string, schema: string) => void;
  setSort: (ref: string, sort: TableSort) => void;
}

export const DEFAULT_CHOICE: ProjectChoice = { schema: 'public', sort: 'alphabetical' };
export const TABLE_EDITOR_STORAGE_KEY = 'plinth.table-editor';

export const useTableEditorStore = create<TableEditorState>()(
  persist(
    (set) => ({
      byProject: {},
      setSchema: (ref, schema) =>
        set((s) => ({ byProject: { ...s.byProject, [ref]: { ...(s.byProject[ref] ?? DEFAULT_CHOICE), schema } } })),
      setSort: (ref, sort) =>
        set((s) => ({ byProject: { ...s.byProject, [ref]: { ...(s.byProject[ref] ?? DEFAULT_CHOICE), sort } } })),
    }),
    { name: TABLE_EDITOR_STORAGE_KEY, partialize: (s) => ({ byProject: s.byProject }) },
  ),
);

export function useProjectChoice(ref: string): ProjectChoice {
  return useTableEditorStore((s) => s.byProject[ref] ?? DEFAULT_CHOICE);
}
