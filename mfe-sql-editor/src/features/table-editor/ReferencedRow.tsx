import { useQuery } from '@tanstack/react-query';
import { Dialog } from '@plinth/shared-ui/dialog';
import { KeyValueList, LoadingSkeleton, InlineError } from '@plinth/shared-ui/page';
import type { TableColumn } from '@plinth/contracts-database';
import { useArea, errorMessage } from '@plinth/area-kit';
import { formatCell } from './cell-value';
import { keys } from '../../area/query-keys';

/** The row a foreign key points at, looked up in the referenced table by the referenced column. */
export function ReferencedRowDialog({ column, value, onClose }: { column: TableColumn; value: unknown; onClose: () => void }) {
  const { api, projectRef } = useArea();
  const ref = column.references!;
  const lookup = useQuery({
    queryKey: keys.referencedRow(projectRef, ref.tableId, ref.column, String(value)),
    queryFn: () => api.tableRows.rowPage(projectRef, ref.tableId, { limit: 1, filters: [{ column: ref.column, op: 'eq', value: String(value) }] }),
  });
  const row = lookup.data?.rows[0];
  return (
    <Dialog open onOpenChange={(o) => !o && onClose()} title={`Row of ${ref.schema}.${ref.table} where ${ref.column} = ${formatCell(value)}`}>
      {lookup.isPending ? <LoadingSkeleton label="Loading the referenced row" rows={3} /> : null}
      {lookup.isError ? <InlineError message="Failed to load the referenced row" detail={errorMessage(lookup.error)} onRetry={() => void lookup.refetch()} /> : null}
      {lookup.isSuccess && !row ? <p>No row of {ref.table} has this value: the reference is broken or the row is hidden by a policy.</p> : null}
      {row ? <KeyValueList items={Object.entries(row).map(([label, v]) => ({ key: label, label, value: formatCell(v) }))} /> : null}
    </Dialog>
  );
}
