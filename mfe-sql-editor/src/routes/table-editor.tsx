import { useParams } from 'react-router-dom';
import { useQueryClient, type InfiniteData } from '@tanstack/react-query';
import type { EntityList } from '@plinth/contracts-database';
import { Suspense } from 'react';
import { LoadingSkeleton } from '@plinth/shared-ui/page';
import { useArea, lazyWithPreload, PlainPlaceholderPage as PlaceholderPage } from '@plinth/area-kit';
import { keys } from '../area/query-keys';

/** The grid (virtual list, cells, panels) loads in its own chunk, after the menu. */
const TableGrid = lazyWithPreload(() => import('../features/table-editor/TableGrid').then((m) => m.default));

/** Looks the table up in the entity lists already loaded by the menu. */
function useKnownEntityName(tableId: string): string | undefined {
  const queryClient = useQueryClient();
  const { projectRef } = useArea();
  const lists = queryClient.getQueriesData<InfiniteData<EntityList>>({ queryKey: keys.allEntities(projectRef) });
  for (const [, data] of lists) {
    const pages = data && 'pages' in data ? data.pages : [];
    const hit = pages.flatMap((p) => p.entities).find((e) => String(e.id) === tableId);
    if (hit) return `${hit.schema}.${hit.name}`;
  }
  return undefined;
}

/** /editor/:tableId: a table's grid (000 §2.1, §2.9); the kit shows the no-access page without SQL admin read (000 §6). */
export default function TablePage() {
  const { tableId = '' } = useParams();
  const name = useKnownEntityName(tableId);
  const id = Number(tableId);
  if (!Number.isInteger(id) || id <= 0) {
    return (
      <PlaceholderPage title="Table not found">
        <p>There is no table {tableId} in this project.</p>
      </PlaceholderPage>
    );
  }
  return (
    <Suspense fallback={<LoadingSkeleton label={`Loading ${name ?? 'the table'}`} rows={8} />}>
      <TableGrid key={id} tableId={id} />
    </Suspense>
  );
}

/** /editor: the table editor before a table is chosen. */
export function TableEditorHome() {
  return (
    <PlaceholderPage title="Table Editor">
      <p>Choose a table from the menu, or create a new one.</p>
    </PlaceholderPage>
  );
}
