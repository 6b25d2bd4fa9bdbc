export { DataTable } from './DataTable';
export type { ActiveCell, DataTableColumn, DataTableProps } from './DataTable';
export { sortRows, nextSort } from './sort-rows';
export type { SortState, SortDirection } from './sort-rows';
