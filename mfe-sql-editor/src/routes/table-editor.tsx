import { Route, Routes, useParams } from 'react-router-dom';
import { useQueryClient, type InfiniteData } from '@tanstack/react-query';
import { genericPermissionNotice, PERMISSIONS, queryKeys } from '@plinth/shared-contracts';
import type { EntityList } from '@plinth/contracts-database';
import { Suspense } from 'react';
import { LoadingSkeleton } from '@plinth/shared-ui/page';
import { useArea, AreaLayout, lazyWithPreload, PlainPlaceholderPage as PlaceholderPage } from '@plinth/area-kit';
import { TableEditorMenu } from '../features/table-editor/TableEditorMenu';

/** The grid (virtual list, cells, panels) loads in its own chunk, after the menu. */
const TableGrid = lazyWithPreload(() => import('../features/table-editor/TableGrid').then((m) => m.default));

export const TABLE_EDITOR_NO_ACCESS = genericPermissionNotice('view the table editor');

/** Looks the table up in the entity lists already loaded by the menu. */
function useKnownEntityName(tableId: string): string | undefined {
  const queryClient = useQueryClient();
  const { projectRef } = useArea();
  const lists = queryClient.getQueriesData<InfiniteData<EntityList>>({ queryKey: queryKeys.entities(projectRef, {}).slice(0, 3) });
  for (const [, data] of lists) {
    const pages = data && 'pages' in data ? data.pages : [];
    const hit = pages.flatMap((p) => p.entities).find((e) => String(e.id) === tableId);
    if (hit) return `${hit.schema}.${hit.name}`;
  }
  return undefined;
}

function TablePage() {
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

/** editor and editor/:tableId (000 §2.1, §2.9); without SQL admin read, a no-access page (000 §6). */
export default function TableEditorRoutes() {
  const { can } = useArea();
  if (!can(PERMISSIONS.SQL_ADMIN_READ)) {
    return (
      <PlaceholderPage title="No access to the table editor">
        <p role="alert">{TABLE_EDITOR_NO_ACCESS}</p>
      </PlaceholderPage>
    );
  }
  return (
    <Routes>
      <Route element={<AreaLayout menu={<TableEditorMenu />} />}>
        <Route
          index
          element={
            <PlaceholderPage title="Table Editor">
              <p>Choose a table from the menu, or create a new one.</p>
            </PlaceholderPage>
          }
        />
        <Route path=":tableId" element={<TablePage />} />
      </Route>
    </Routes>
  );
}
