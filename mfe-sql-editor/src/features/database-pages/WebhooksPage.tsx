import { Suspense, useState } from 'react';
import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { WEBHOOK_MAX_ATTEMPTS, WEBHOOK_MESSAGES, type Webhook, type WebhookDelivery } from '@plinth/contracts-database';
import { PERMISSIONS } from '@plinth/shared-contracts';
import { errorMessage, lazyWithPreload, useArea } from '@plinth/area-kit';
import { Button } from '@plinth/shared-ui/button';
import { DataTable, type DataTableColumn } from '@plinth/shared-ui/data-table';
import { Dialog } from '@plinth/shared-ui/dialog';
import { EditIcon, PlusIcon, TrashIcon } from '@plinth/shared-ui/icons';
import { EmptyState, InlineNotice, PageHeader, StatusBadge } from '@plinth/shared-ui/layout';
import { InlineError, LoadingSkeleton, Section } from '@plinth/shared-ui/page';
import { densityValues, tokens } from '@plinth/shared-ui/theme';
import { PermissionTooltip } from '@plinth/shared-ui/tooltip';
import { keys } from '../../area/query-keys';
import { Code } from './ObjectsPage';
import { tableKey } from './webhook-form';

const WebhookPanel = lazyWithPreload(() => import('./WebhookPanel').then((m) => m.default));

/** Deliveries asked for at once; "Load more" asks for as many again. */
export const DELIVERIES_PAGE = 20;
/** How often the shown delivery log is asked again. */
export const DELIVERIES_REFRESH_MS = 3000;

/** A UTC time to the second, under a header that says UTC (2026-11-28 16:40:12). */
export function formatUtcSeconds(iso: string): string {
  return `${iso.slice(0, 10)} ${iso.slice(11, 19)}`;
}

/** The empty list's words: their first sentence as the title, the rest under it. */
const [EMPTY_TITLE, EMPTY_TEXT] = ((m: string) => {
  const end = m.indexOf('. ');
  return end < 0 ? [m, undefined] : [m.slice(0, end), m.slice(end + 2)];
})(WEBHOOK_MESSAGES.empty);

/** Height of a list of `rows` rows and its header, up to `most` rows (then it scrolls). */
const listHeight = (rows: number, most: number) => (Math.min(Math.max(rows, 1), most) + 1) * densityValues.comfortable.row + 2;

function DeliveryResult({ d }: { d: WebhookDelivery }) {
  if (d.status_code === null) return <StatusBadge tone="danger">{d.error ? 'Failed' : 'No answer'}</StatusBadge>;
  const ok = d.status_code >= 200 && d.status_code < 300;
  return <StatusBadge tone={ok ? 'success' : 'danger'}>{String(d.status_code)}</StatusBadge>;
}

/** One webhook's delivery log, newest first, asked again every few seconds while it is shown. */
function Deliveries({ webhook, onClose }: { webhook: Webhook; onClose: () => void }) {
  const { api, projectRef } = useArea();
  const query = useInfiniteQuery({
    queryKey: keys.webhookDeliveries(projectRef, webhook.id),
    queryFn: ({ pageParam }) => api.webhooks.listDeliveries(projectRef, webhook.id, { limit: DELIVERIES_PAGE, offset: pageParam }),
    initialPageParam: 0,
    getNextPageParam: (last, pages) => (last.hasMore ? pages.reduce((n, p) => n + p.deliveries.length, 0) : undefined),
    refetchInterval: DELIVERIES_REFRESH_MS,
  });
  // New deliveries move the later pages along: a row asked for twice is shown once.
  const seen = new Set<number>();
  const rows = (query.data?.pages ?? []).flatMap((p) => p.deliveries).filter((d) => (seen.has(d.id) ? false : (seen.add(d.id), true)));
  const columns: DataTableColumn<WebhookDelivery>[] = [
    { key: 'time', header: 'Time (UTC)', width: 'minmax(100px, 1.6fr)', cell: (d) => <span title={new Date(d.created_at).toLocaleString()}>{formatUtcSeconds(d.created_at)}</span> },
    { key: 'attempt', header: 'Attempt', width: '76px', cell: (d) => `${d.attempt} of ${WEBHOOK_MAX_ATTEMPTS}` },
    { key: 'result', header: 'Result', width: 'minmax(64px, 1fr)', cell: (d) => (
      <span css={{ display: 'flex', alignItems: 'center', gap: tokens.space.xs, minWidth: 0 }} title={d.error ?? undefined}>
        <DeliveryResult d={d} />
        {d.error ? <span css={{ overflow: 'hidden', textOverflow: 'ellipsis', color: tokens.color.textMuted }}>{d.error}</span> : null}
      </span>
    ) },
    { key: 'duration', header: 'Duration', width: '80px', align: 'end', cell: (d) => (d.duration_ms === null ? '–' : `${d.duration_ms} ms`) },
    { key: 'answer', header: 'Answer', width: 'minmax(0, 2fr)', cell: (d) => <span title={d.content ?? undefined}><Code>{d.content ?? ''}</Code></span> },
  ];
  return (
    <Section
      title={`Deliveries of ${webhook.name}`}
      description={`Each attempt to send a change of ${tableKey(webhook.schema, webhook.table)}, newest first. Refreshed every few seconds.`}
      actions={
        <Button size="small" onClick={onClose}>
          Close
        </Button>
      }
    >
      {query.isPending ? (
        <LoadingSkeleton label="Loading deliveries" rows={3} />
      ) : query.isError ? (
        <InlineError message="Failed to load deliveries" detail={query.error.message} onRetry={() => void query.refetch()} />
      ) : rows.length === 0 ? (
        <EmptyState framed title="No deliveries yet" description={WEBHOOK_MESSAGES.noDeliveries} />
      ) : (
        <>
          <DataTable aria-label={`Deliveries of ${webhook.name}`} columns={columns} rows={rows} getRowId={(d) => String(d.id)} height={listHeight(rows.length, 10)} />
          {query.hasNextPage ? (
            <div>
              <Button size="small" loading={query.isFetchingNextPage} onClick={() => void query.fetchNextPage()}>
                Load more
              </Button>
            </div>
          ) : null}
        </>
      )}
    </Section>
  );
}

/** Asks before a webhook is deleted; says why when the API refuses. */
function DeleteDialog({ webhook, onClose, onDeleted }: { webhook: Webhook; onClose: () => void; onDeleted: () => void }) {
  const { api, projectRef, notify } = useArea();
  const client = useQueryClient();
  const remove = useMutation({
    mutationFn: () => api.webhooks.deleteWebhook(projectRef, webhook.id),
    onSuccess: async () => {
      notify({ kind: 'success', message: `Deleted webhook ${webhook.name}` });
      onDeleted();
      await client.invalidateQueries({ queryKey: keys.webhooks(projectRef) });
      onClose();
    },
  });
  return (
    <Dialog
      open
      onOpenChange={(open) => (open || remove.isPending ? undefined : onClose())}
      title={`Delete webhook ${webhook.name}?`}
      description={WEBHOOK_MESSAGES.deleteConfirmation}
      dismissible={!remove.isPending}
      footer={
        <>
          <Button type="button" disabled={remove.isPending} onClick={onClose}>
            Cancel
          </Button>
          <Button type="button" variant="danger" loading={remove.isPending} onClick={() => remove.mutate()}>
            Delete webhook
          </Button>
        </>
      }
    >
      {remove.isError ? (
        <InlineNotice kind="danger" title="The webhook was not deleted">
          {errorMessage(remove.error)}
        </InlineNotice>
      ) : null}
    </Dialog>
  );
}

/**
 * database/hooks: the project's webhooks (a table's changes sent to an HTTP endpoint), create,
 * edit and delete one, and the delivery log of the one selected.
 */
export function WebhooksPage() {
  const { api, projectRef, can } = useArea();
  const canWrite = can(PERMISSIONS.TENANT_SQL_ADMIN_WRITE);
  const writeReason = canWrite ? '' : WEBHOOK_MESSAGES.noPermissionWrite;
  const [editing, setEditing] = useState<Webhook | 'new' | null>(null);
  const [deleting, setDeleting] = useState<Webhook | null>(null);
  const [selectedId, setSelectedId] = useState<number | null>(null);

  const query = useQuery({ queryKey: keys.webhooks(projectRef), queryFn: () => api.webhooks.listWebhooks(projectRef) });
  const webhooks = query.data?.webhooks ?? [];
  const selected = webhooks.find((w) => w.id === selectedId) ?? null;

  // Narrow minimums: at 768 px beside the side menu the list has about 420 px and must not scroll sideways.
  const columns: DataTableColumn<Webhook>[] = [
    { key: 'name', header: 'Name', width: 'minmax(56px, 1fr)', cell: (w) => <Code>{w.name}</Code>, sortValue: (w) => w.name },
    { key: 'table', header: 'Table', width: 'minmax(56px, 1fr)', cell: (w) => <Code>{tableKey(w.schema, w.table)}</Code>, sortValue: (w) => tableKey(w.schema, w.table) },
    { key: 'events', header: 'Events', width: 'minmax(48px, 1fr)', cell: (w) => <span title={w.events.join(', ')}>{w.events.join(', ')}</span> },
    { key: 'request', header: 'Request', width: 'minmax(72px, 2fr)', cell: (w) => <span title={`${w.method} ${w.url}`}><Code>{`${w.method} ${w.url}`}</Code></span> },
    {
      key: 'actions',
      header: 'Actions',
      width: '172px',
      cell: (w) => (
        <div css={{ display: 'flex', gap: tokens.space.xs }}>
          <Button size="small" aria-pressed={selectedId === w.id} aria-label={`Deliveries of ${w.name}`} onClick={(e) => {
              e.stopPropagation();
              setSelectedId(selectedId === w.id ? null : w.id);
            }}>
            Deliveries
          </Button>
          <PermissionTooltip allowed={canWrite} message={writeReason}>
            <Button size="small" variant="ghost" icon={<EditIcon />} aria-label={`Edit webhook ${w.name}`} onPointerEnter={() => void WebhookPanel.preload()} onClick={(e) => {
              e.stopPropagation();
              setEditing(w);
            }} />
          </PermissionTooltip>
          <PermissionTooltip allowed={canWrite} message={writeReason}>
            <Button size="small" variant="ghost" icon={<TrashIcon />} aria-label={`Delete webhook ${w.name}`} onClick={(e) => {
              e.stopPropagation();
              setDeleting(w);
            }} />
          </PermissionTooltip>
        </div>
      ),
    },
  ];

  return (
    <div css={{ display: 'flex', flexDirection: 'column', minHeight: '100%' }}>
      <PageHeader
        title="Webhooks"
        description="Send a table's inserted, updated or deleted rows to an HTTP endpoint, after each transaction commits."
        actions={
          <PermissionTooltip allowed={canWrite} message={writeReason}>
            <Button variant="primary" icon={<PlusIcon />} onPointerEnter={() => void WebhookPanel.preload()} onFocus={() => void WebhookPanel.preload()} onClick={() => setEditing('new')}>
              Create webhook
            </Button>
          </PermissionTooltip>
        }
      />
      <div css={{ display: 'flex', flexDirection: 'column', gap: tokens.space.xl, padding: tokens.space.lg, minWidth: 0 }}>
        {query.isPending ? (
          <LoadingSkeleton label="Loading webhooks" rows={4} />
        ) : query.isError ? (
          <InlineError message="Failed to load webhooks" detail={query.error.message} onRetry={() => void query.refetch()} />
        ) : webhooks.length === 0 ? (
          <EmptyState framed title={EMPTY_TITLE} description={EMPTY_TEXT} />
        ) : (
          <DataTable aria-label="Webhooks" columns={columns} rows={webhooks} getRowId={(w) => String(w.id)} height={listHeight(webhooks.length, 8)} onRowActivate={(w) => setSelectedId(w.id)} />
        )}
        {selected ? <Deliveries key={selected.id} webhook={selected} onClose={() => setSelectedId(null)} /> : null}
      </div>
      {editing ? (
        <Suspense fallback={null}>
          <WebhookPanel webhook={editing === 'new' ? undefined : editing} onClose={() => setEditing(null)} />
        </Suspense>
      ) : null}
      {deleting ? <DeleteDialog webhook={deleting} onClose={() => setDeleting(null)} onDeleted={() => setSelectedId((id) => (id === deleting.id ? null : id))} /> : null}
    </div>
  );
}
