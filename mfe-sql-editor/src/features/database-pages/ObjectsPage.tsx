import type { ReactNode } from 'react';
import type { UseQueryResult } from '@tanstack/react-query';
import { DataTable, type DataTableColumn } from '@plinth/shared-ui/data-table';
import { EmptyState, PageHeader } from '@plinth/shared-ui/layout';
import { InlineError, LoadingSkeleton } from '@plinth/shared-ui/page';
import { tokens } from '@plinth/shared-ui/theme';

export interface ObjectsPageProps<T> {
  title: string;
  description: string;
  /** Buttons beside the title (Create…). */
  actions?: ReactNode;
  /** Above the list: a schema picker, a notice. */
  toolbar?: ReactNode;
  query: UseQueryResult<T[]>;
  columns: DataTableColumn<T>[];
  getRowId: (row: T) => string;
  empty: { title: string; description: string };
  children?: ReactNode;
}

/** One database page: header, toolbar, and the list in its loading, failed, empty or filled state. */
export function ObjectsPage<T>({ title, description, actions, toolbar, query, columns, getRowId, empty, children }: ObjectsPageProps<T>) {
  return (
    <div css={{ display: 'flex', flexDirection: 'column', minHeight: '100%' }}>
      <PageHeader title={title} description={description} actions={actions} />
      <div css={{ display: 'flex', flexDirection: 'column', gap: tokens.space.md, padding: tokens.space.lg, minWidth: 0 }}>
        {toolbar}
        {query.isPending ? (
          <LoadingSkeleton label={`Loading ${title.toLowerCase()}`} rows={6} />
        ) : query.isError ? (
          <InlineError message={`Failed to load ${title.toLowerCase()}`} detail={query.error.message} onRetry={() => void query.refetch()} />
        ) : query.data.length === 0 ? (
          <EmptyState framed title={empty.title} description={empty.description} />
        ) : (
          <DataTable aria-label={title} columns={columns} rows={query.data} getRowId={getRowId} height="min(70vh, 720px)" />
        )}
        {children}
      </div>
    </div>
  );
}

/** Monospaced text that keeps to one line (names, definitions). */
export function Code({ children }: { children: ReactNode }) {
  return (
    <span css={{ fontFamily: tokens.font.mono, fontSize: tokens.fontSize.xs, overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap', display: 'block' }}>
      {children}
    </span>
  );
}
