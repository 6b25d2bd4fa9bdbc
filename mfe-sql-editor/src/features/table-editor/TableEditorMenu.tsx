import { Suspense, useEffect, useState } from 'react';
import { Button } from '@plinth/shared-ui/button';
import { Select } from '@plinth/shared-ui/form';
import { PermissionTooltip } from '@plinth/shared-ui/tooltip';
import { PlusIcon, RefreshIcon } from '@plinth/shared-ui/icons';
import { PERMISSIONS, PERMISSION_MESSAGES } from '@plinth/shared-contracts';
import type { TableSort } from '@plinth/contracts-database';
import { useArea, menuStyles, AreaSideMenu } from '@plinth/area-kit';
import { EntityList } from './EntityList';
import { SchemaPicker } from './SchemaPicker';
import { useProjectChoice, useTableEditorStore } from './table-editor-store';
import { useRefreshTableEditor } from './use-table-editor-data';
import { CreateTablePanel } from './table-panels';

export const SORT_OPTIONS: { value: TableSort; label: string }[] = [
  { value: 'alphabetical', label: 'Alphabetical' },
  { value: 'grouped-alphabetical', label: 'Entity Type' },
];
export const SEARCH_DEBOUNCE_MS = 300;

/** Side menu of the table editor (000 §2.9). */
export function TableEditorMenu() {
  const { projectRef, can } = useArea();
  const { schema, sort } = useProjectChoice(projectRef);
  const setSchema = useTableEditorStore((s) => s.setSchema);
  const setSort = useTableEditorStore((s) => s.setSort);
  const refresh = useRefreshTableEditor();
  const [refreshing, setRefreshing] = useState(false);
  const [createOpen, setCreateOpen] = useState(false);
  const [searchText, setSearchText] = useState('');
  const [search, setSearch] = useState('');
  useEffect(() => {
    const timer = setTimeout(() => setSearch(searchText.trim()), SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [searchText]);
  const mayCreate = can(PERMISSIONS.TENANT_SQL_ADMIN_WRITE);

  return (
    <AreaSideMenu title="Table Editor" aria-label="Table editor" groups={[]}>
      <SchemaPicker value={schema} onChange={(s) => setSchema(projectRef, s)} />
      <PermissionTooltip allowed={mayCreate} message={PERMISSION_MESSAGES.createTables}>
        <Button block icon={<PlusIcon size={14} />} onPointerEnter={() => CreateTablePanel.preload()} onFocus={() => CreateTablePanel.preload()} onClick={() => setCreateOpen(true)}>
          Create table
        </Button>
      </PermissionTooltip>
      <div css={[menuStyles.row, { gap: 6 }]}>
        <input
          type="search"
          css={menuStyles.input}
          aria-label="Search tables"
          placeholder="Search tables…"
          value={searchText}
          onChange={(e) => setSearchText(e.target.value)}
          onKeyDown={(e) => {
            if (e.key === 'Escape') setSearchText('');
          }}
        />
        <button
          type="button"
          css={menuStyles.iconButton}
          aria-label="Refresh tables"
          aria-busy={refreshing || undefined}
          onClick={async () => {
            setRefreshing(true);
            await refresh().finally(() => setRefreshing(false));
          }}
        >
          <RefreshIcon size={14} />
        </button>
      </div>
      <Select aria-label="Sort tables" value={sort} options={SORT_OPTIONS} onChange={(e) => setSort(projectRef, e.target.value as TableSort)} />
      <EntityList schema={schema} search={search} sort={sort} />
      <Suspense fallback={null}>{createOpen ? <CreateTablePanel schema={schema} onClose={() => setCreateOpen(false)} /> : null}</Suspense>
    </AreaSideMenu>
  );
}
