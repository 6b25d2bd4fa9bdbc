import { FREE_TIER_UPLOAD_LIMIT_BYTES, MAX_UPLOAD_SIZE_BYTES, STORAGE_MESSAGES, type StorageConfig } from '@plinth/contracts-storage';
import { HttpError, type ControlDatabase } from '@plinth/platform-core/deps';

// The project's storage settings (upload limit) in the control database. The free plan's limit
// is fixed at 50 MB; other plans choose up to 5 GB.


export async function organizationPlan(control: ControlDatabase, organizationId: number): Promise<string> {
  const r = await control.query<{ plan: string }>('select plan from organizations where id = $1', [organizationId]);
  return r.rows[0]?.plan ?? 'free';
}

export async function getStorageConfig(control: ControlDatabase, ref: string, organizationId: number): Promise<StorageConfig> {
  const isFreeTier = (await organizationPlan(control, organizationId)) === 'free';
  if (isFreeTier) return { fileSizeLimit: FREE_TIER_UPLOAD_LIMIT_BYTES, isFreeTier };
  const r = await control.query<{ file_size_limit: string | number }>('select file_size_limit from project_storage_configs where project_ref = $1', [ref]);
  const stored = r.rows[0]?.file_size_limit;
  return { fileSizeLimit: stored === undefined ? MAX_UPLOAD_SIZE_BYTES : Number(stored), isFreeTier };
}

export async function setStorageConfig(control: ControlDatabase, ref: string, organizationId: number, fileSizeLimit: number): Promise<StorageConfig> {
  if (fileSizeLimit > MAX_UPLOAD_SIZE_BYTES) throw new HttpError(400, STORAGE_MESSAGES.uploadLimitTooLarge, 'VALIDATION', 'fileSizeLimit');
  const current = await getStorageConfig(control, ref, organizationId);
  if (current.isFreeTier) {
    throw new HttpError(400, 'The upload file size limit is fixed at 50 MB on the free plan; upgrade the organization to change it', 'FREE_TIER_FIXED');
  }
  await control.query(
    `insert into project_storage_configs (project_ref, file_size_limit) values ($1, $2)
     on conflict (project_ref) do update set file_size_limit = excluded.file_size_limit, updated_at = now()`,
    [ref, fileSizeLimit],
  );
  return { fileSizeLimit, isFreeTier: false };
}
