import { useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { BACKUP_MESSAGES, type Backup } from '@plinth/contracts-database';
import { PERMISSIONS } from '@plinth/shared-contracts';
import { errorMessage, useArea } from '@plinth/area-kit';
import { Button } from '@plinth/shared-ui/button';
import { ConfirmByTypingDialog } from '@plinth/shared-ui/confirm-dialog';
import { DataTable, type DataTableColumn } from '@plinth/shared-ui/data-table';
import { EmptyState, InlineNotice, PageHeader, StatusBadge } from '@plinth/shared-ui/layout';
import { InlineError, LoadingSkeleton } from '@plinth/shared-ui/page';
import { tokens } from '@plinth/shared-ui/theme';
import { PermissionTooltip } from '@plinth/shared-ui/tooltip';
import { keys } from '../../area/query-keys';

/** Bytes in words (1.2 MB). */
export function formatSize(bytes: number | null): string {
  if (bytes === null) return '–';
  const units = ['B', 'KB', 'MB', 'GB', 'TB'];
  let n = bytes;
  let u = 0;
  while (n >= 1024 && u < units.length - 1) {
    n /= 1024;
    u += 1;
  }
  return `${u === 0 ? n : n.toFixed(1)} ${units[u]}`;
}

/** A UTC time as the list shows it (2026-11-28 16:40 UTC). */
export function formatUtc(iso: string | null): string {
  return iso ? `${iso.slice(0, 10)} ${iso.slice(11, 16)} UTC` : '–';
}

const busy = (b: Backup) => b.status === 'RUNNING' || b.restore_status === 'RESTORING';

function BackupState({ b }: { b: Backup }) {
  if (b.restore_status === 'RESTORING') return <StatusBadge tone="info" busy>Restoring</StatusBadge>;
  if (b.status === 'RUNNING') return <StatusBadge tone="info" busy>In progress</StatusBadge>;
  if (b.status === 'FAILED') return <StatusBadge tone="danger">Failed</StatusBadge>;
  if (b.restore_status === 'FAILED') return <StatusBadge tone="warning">Restore failed</StatusBadge>;
  if (b.restore_status === 'RESTORED') return <StatusBadge tone="success">Restored</StatusBadge>;
  return <StatusBadge tone="success">Completed</StatusBadge>;
}

/** database/backups/scheduled: the plan's retention, the project's backups, take one, download one, restore one. */
export function BackupsPage() {
  const { api, projectRef, can, notify } = useArea();
  const client = useQueryClient();
  const canCreate = can(PERMISSIONS.TENANT_SQL_ADMIN_WRITE);
  const canRestore = can(PERMISSIONS.PROJECTS_WRITE);
  const [restoring, setRestoring] = useState<Backup | null>(null);
  const [downloading, setDownloading] = useState<string | null>(null);

  const query = useQuery({
    queryKey: keys.backups(projectRef),
    queryFn: () => api.backups.listBackups(projectRef),
    // While a backup is written or restored, the list is asked again until it is done.
    refetchInterval: (q) => (q.state.data?.backups.some(busy) ? 2000 : false),
  });
  const refresh = () => client.invalidateQueries({ queryKey: keys.backups(projectRef) });

  const create = useMutation({
    mutationFn: () => api.backups.createBackup(projectRef),
    onSuccess: async () => {
      notify({ kind: 'success', message: 'Backup started' });
      await refresh();
    },
    onError: (err) => notify({ kind: 'error', message: errorMessage(err) }),
  });
  const restore = useMutation({
    mutationFn: (b: Backup) => api.backups.restoreBackup(projectRef, b.id, projectRef),
    onSuccess: async () => {
      notify({ kind: 'success', message: 'Restore started: the project is unavailable until it finishes' });
      await refresh();
    },
    onError: (err) => notify({ kind: 'error', message: errorMessage(err) }),
  });

  const download = async (b: Backup) => {
    setDownloading(b.id);
    try {
      const blob = await api.backups.downloadBackup(projectRef, b.id);
      const href = URL.createObjectURL(blob);
      const a = document.createElement('a');
      a.href = href;
      a.download = b.file_name;
      document.body.appendChild(a);
      a.click();
      a.remove();
      setTimeout(() => URL.revokeObjectURL(href), 10_000);
    } catch (err) {
      notify({ kind: 'error', message: errorMessage(err) });
    } finally {
      setDownloading(null);
    }
  };

  const data = query.data;
  const anyBusy = data?.backups.some(busy) ?? false;
  const restoringNow = data?.backups.find((b) => b.restore_status === 'RESTORING');
  const lastFailedRestore = data?.backups
    .filter((b) => b.restore_status === 'FAILED' && b.restore_finished_at)
    .sort((a, b) => (a.restore_finished_at! < b.restore_finished_at! ? 1 : -1))[0];
  const createReason = canCreate ? null : BACKUP_MESSAGES.noPermissionCreate;
  const restoreReason = canRestore ? null : BACKUP_MESSAGES.noPermissionRestore;

  const columns: DataTableColumn<Backup>[] = [
    { key: 'started', header: 'Started (UTC)', width: 'minmax(150px, 1fr)', cell: (b) => <span title={new Date(b.started_at).toLocaleString()}>{formatUtc(b.started_at)}</span>, sortValue: (b) => b.started_at },
    { key: 'kind', header: 'Kind', width: '110px', cell: (b) => (b.kind === 'scheduled' ? 'Scheduled' : 'On demand') },
    { key: 'size', header: 'Size', width: '90px', cell: (b) => formatSize(b.size_bytes), sortValue: (b) => b.size_bytes ?? 0 },
    { key: 'status', header: 'Status', width: '140px', cell: (b) => <span title={b.error ?? b.restore_error ?? undefined}><BackupState b={b} /></span> },
    {
      key: 'actions',
      header: 'Actions',
      width: 'minmax(190px, auto)',
      cell: (b) => (
        <div css={{ display: 'flex', gap: tokens.space.xs }}>
          <PermissionTooltip allowed={canCreate} message={canCreate ? '' : BACKUP_MESSAGES.noPermissionDownload}>
            <Button size="small" disabled={!canCreate || b.status !== 'COMPLETED'} loading={downloading === b.id} aria-label={`Download the backup of ${formatUtc(b.started_at)}`} onClick={() => void download(b)}>
              Download
            </Button>
          </PermissionTooltip>
          <PermissionTooltip allowed={canRestore} message={restoreReason ?? ''}>
            <Button size="small" variant="danger" disabled={!canRestore || b.status !== 'COMPLETED' || anyBusy} aria-label={`Restore the backup of ${formatUtc(b.started_at)}`} onClick={() => setRestoring(b)}>
              Restore
            </Button>
          </PermissionTooltip>
        </div>
      ),
    },
  ];

  return (
    <div css={{ display: 'flex', flexDirection: 'column', minHeight: '100%' }}>
      <PageHeader
        title="Backups"
        description="Copies of the project database: one taken every day, kept as long as the plan says, and any you take yourself."
        actions={
          <PermissionTooltip allowed={canCreate} message={createReason ?? ''}>
            <Button variant="primary" disabled={!canCreate || anyBusy} loading={create.isPending} onClick={() => create.mutate()}>
              Create backup
            </Button>
          </PermissionTooltip>
        }
      />
      <div css={{ display: 'flex', flexDirection: 'column', gap: tokens.space.md, padding: tokens.space.lg, minWidth: 0 }}>
        {data && (
          <p css={{ margin: 0, color: tokens.color.textMuted, fontSize: tokens.fontSize.sm }}>
            Backups are kept for {data.retention_days} {data.retention_days === 1 ? 'day' : 'days'} on the {data.plan[0]!.toUpperCase() + data.plan.slice(1)} plan, backups you take included.
          </p>
        )}
        {restoringNow && (
          <InlineNotice kind="warning" title="Restoring">
            The project is being restored from the backup of {formatUtc(restoringNow.started_at)}. It is unavailable until the restore finishes.
          </InlineNotice>
        )}
        {!restoringNow && lastFailedRestore && (
          <InlineNotice kind="danger" title="The last restore failed">
            The restore from the backup of {formatUtc(lastFailedRestore.started_at)} failed and the data was left as it was: {lastFailedRestore.restore_error}
          </InlineNotice>
        )}
        {query.isPending ? (
          <LoadingSkeleton label="Loading backups" rows={4} />
        ) : query.isError ? (
          <InlineError message="Failed to load backups" detail={query.error.message} onRetry={() => void query.refetch()} />
        ) : data!.backups.length === 0 ? (
          <EmptyState framed title="No backups yet" description={BACKUP_MESSAGES.empty} />
        ) : (
          <DataTable aria-label="Backups" columns={columns} rows={data!.backups} getRowId={(b) => b.id} height="min(70vh, 720px)" />
        )}
      </div>
      {restoring && (
        <ConfirmByTypingDialog
          open
          onOpenChange={(open) => (open ? undefined : setRestoring(null))}
          title={`Restore the backup of ${formatUtc(restoring.started_at)}`}
          description={BACKUP_MESSAGES.restoreConfirmation}
          confirmValue={projectRef}
          inputLabel={`Type ${projectRef} to confirm`}
          confirmLabel="Restore backup"
          variant="danger"
          loading={restore.isPending}
          onConfirm={() => restore.mutateAsync(restoring).then(() => setRestoring(null), () => undefined)}
        />
      )}
    </div>
  );
}
