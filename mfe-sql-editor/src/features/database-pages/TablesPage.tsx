import { useState } from 'react';
import { Link } from 'react-router-dom';
import type { DatabaseTableSummary } from '@plinth/contracts-database';
import type { DataTableColumn } from '@plinth/shared-ui/data-table';
import { StatusBadge } from '@plinth/shared-ui/layout';
import { tokens } from '@plinth/shared-ui/theme';
import { ObjectsPage } from './ObjectsPage';
import { useObjects } from './queries';
import { SchemaSelect } from './SchemaSelect';

const bytes = new Intl.NumberFormat('en-US', { style: 'unit', unit: 'kilobyte', maximumFractionDigits: 0 });

/** database/tables: the schema's tables with size, rows and RLS; they are created, edited and dropped in the Table Editor. */
export function TablesPage() {
  const [schema, setSchema] = useState('public');
  const query = useObjects('tables', (api, ref) => api.databaseObjects.listTableSummaries(ref, { schema }), schema);
  const columns: DataTableColumn<DatabaseTableSummary>[] = [
    { key: 'name', header: 'Name', width: 'minmax(140px, 1.5fr)', sortValue: (t) => t.name, cell: (t) => <Link to={`/editor/${t.id}`} css={{ color: tokens.color.brandText }}>{t.name}</Link> },
    { key: 'comment', header: 'Description', width: 'minmax(140px, 2fr)', cell: (t) => t.comment ?? '' },
    { key: 'rows', header: 'Rows (estimated)', width: '140px', align: 'end', cell: (t) => t.rowsEstimate.toLocaleString('en-US'), sortValue: (t) => t.rowsEstimate },
    { key: 'size', header: 'Size', width: '100px', align: 'end', cell: (t) => bytes.format(t.sizeBytes / 1024), sortValue: (t) => t.sizeBytes },
    { key: 'columns', header: 'Columns', width: '90px', align: 'end', cell: (t) => t.columns, sortValue: (t) => t.columns },
    { key: 'rls', header: 'RLS', width: '110px', cell: (t) => <StatusBadge tone={t.rlsEnabled ? 'success' : 'warning'}>{t.rlsEnabled ? 'Enabled' : 'Disabled'}</StatusBadge> },
  ];
  return (
    <ObjectsPage
      title="Database Tables"
      description="Tables of the schema. Open one in the Table Editor to see its rows, change its columns or delete it."
      toolbar={<SchemaSelect value={schema} onChange={setSchema} />}
      query={query}
      columns={columns}
      getRowId={(t) => String(t.id)}
      empty={{ title: 'No tables in this schema', description: 'Create a table in the Table Editor or with SQL.' }}
    />
  );
}
