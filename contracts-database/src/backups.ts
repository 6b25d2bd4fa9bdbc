import * as z from '@plinth/shared-contracts/zod';
import { encodePath, PlanIdSchema, ProjectRefSchema, type Http, type PlanId } from '@plinth/shared-contracts';

// Database → Backups (issue 24): daily logical backups of every project, kept per plan, backups
// taken on demand, their download, and a restore into the project (it passes through RESTORING).

/**
 * Days a backup is kept, per plan (the plans table's "N days of backups"; the free plan keeps one
 * day). On-demand backups follow the same retention and do not count against any number.
 */
export const BACKUP_RETENTION_DAYS: Record<PlanId, number> = { free: 1, pro: 7, team: 14, enterprise: 30 };

export const BackupKindSchema = z.enum(['scheduled', 'on-demand']);
export type BackupKind = z.infer<typeof BackupKindSchema>;
/** A backup's own state: being written, ready to download and restore, or failed (with its error). */
export const BackupStatusSchema = z.enum(['RUNNING', 'COMPLETED', 'FAILED']);
export type BackupStatus = z.infer<typeof BackupStatusSchema>;
/** The last restore from a backup: running, done, or failed (the project's data left as it was). */
export const BackupRestoreStatusSchema = z.enum(['RESTORING', 'RESTORED', 'FAILED']);
export type BackupRestoreStatus = z.infer<typeof BackupRestoreStatusSchema>;

export const BackupSchema = z.object({
  id: z.string(),
  kind: BackupKindSchema,
  status: BackupStatusSchema,
  /** ISO 8601 in UTC. */
  started_at: z.string(),
  finished_at: z.nullable(z.string()),
  /** Bytes of the stored backup (compressed); null while it is written. */
  size_bytes: z.nullable(z.number()),
  /** The file name a download carries. */
  file_name: z.string(),
  /** When the retention removes it (ISO 8601, UTC). */
  expires_at: z.string(),
  error: z.nullable(z.string()),
  restore_status: z.nullable(BackupRestoreStatusSchema),
  restore_started_at: z.nullable(z.string()),
  restore_finished_at: z.nullable(z.string()),
  restore_error: z.nullable(z.string()),
});
export type Backup = z.infer<typeof BackupSchema>;

export const BackupListSchema = z.object({
  plan: PlanIdSchema,
  retention_days: z.number(),
  /** What a backup is: a PGlite data directory (embedded) or a plain SQL dump (server), gzipped. */
  format: z.enum(['pgdata-tar-gz', 'sql-gz']),
  backups: z.array(BackupSchema),
});
export type BackupList = z.infer<typeof BackupListSchema>;

export const BackupIdParamsSchema = z.object({
  ref: ProjectRefSchema,
  id: z.string().check(z.uuid('id must be a backup id (uuid)')),
});

/** A restore names the project's ref again, as its typed confirmation. */
export const BackupRestoreBodySchema = z.object({ confirm: z.string().check(z.minLength(1, 'confirm must be the project ref')) });
export type BackupRestoreBody = z.infer<typeof BackupRestoreBodySchema>;

export const BACKUP_MESSAGES = {
  restoreConfirmation: 'Restoring replaces all of the project database with this backup. The project is unavailable while it restores, and every change made after the backup was taken is lost.',
  noPermissionCreate: 'You need additional permissions to create backups',
  noPermissionRestore: 'You need additional permissions to restore backups',
  noPermissionDownload: 'You need additional permissions to download backups',
  empty: 'No backups yet. A backup is taken every day; create one now to have one at once.',
} as const;

const base = (ref: string) => encodePath`/platform/database/${ref}/backups`;

export function createBackupsClient(http: Http) {
  return {
    listBackups: (ref: string) => http('GET', base(ref), { schema: BackupListSchema }),
    /** Starts an on-demand backup: answers at once with its row (RUNNING); poll the list. */
    createBackup: (ref: string) => http('POST', base(ref), { body: {}, schema: BackupSchema }),
    downloadBackup: (ref: string, id: string, signal?: AbortSignal) => http<Blob>('GET', `${base(ref)}${encodePath`/${id}/download`}`, { binary: true, signal }),
    /** Starts the restore: the project goes RESTORING at once; poll the project status and the list. */
    restoreBackup: (ref: string, id: string, confirm: string) => http('POST', `${base(ref)}${encodePath`/${id}/restore`}`, { body: { confirm }, schema: BackupSchema }),
    deleteBackup: (ref: string, id: string) => http<void>('DELETE', `${base(ref)}${encodePath`/${id}`}`),
  };
}
