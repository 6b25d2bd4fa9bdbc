import { MAX_UPLOAD_SIZE_BYTES, STORAGE_MESSAGES, STORAGE_SIZE_UNITS, STORAGE_UNIT_BYTES, StorageConfigUpdateSchema, type StorageConfigUpdate, type StorageSizeUnit } from '@plinth/contracts-storage';

// The upload file size limit form of the storage settings page (001 §5): digits only, a unit in
// base 1024, at most 5 GB.

export interface UploadLimitForm {
  /** Digits only; may be empty while the user types. */
  value: string;
  unit: StorageSizeUnit;
}

/** The largest unit that holds the byte count as a whole number: 52,428,800 → 50 MB. */
export function formFromBytes(bytes: number): UploadLimitForm {
  for (const unit of [...STORAGE_SIZE_UNITS].reverse()) {
    const size = STORAGE_UNIT_BYTES[unit];
    if (bytes >= size && bytes % size === 0) return { value: String(bytes / size), unit };
  }
  return { value: String(bytes), unit: 'bytes' };
}

/** What the field keeps of the user's typing. */
export const digitsOnly = (text: string): string => text.replace(/\D/g, '');

export const formBytes = (form: UploadLimitForm): number => Number(form.value || '0') * STORAGE_UNIT_BYTES[form.unit];

/** 'Maximum limit is up to 5,120 MB.' while the value is over 5 GB in the chosen unit; null otherwise. */
export function inlineLimitError(form: UploadLimitForm): string | null {
  if (formBytes(form) <= MAX_UPLOAD_SIZE_BYTES) return null;
  const most = Math.floor(MAX_UPLOAD_SIZE_BYTES / STORAGE_UNIT_BYTES[form.unit]);
  return STORAGE_MESSAGES.uploadLimitInline(most.toLocaleString('en-US'), form.unit);
}

/** The save request, or the notice of 001 §5 when it cannot be sent. */
export function uploadLimitUpdate(form: UploadLimitForm): { ok: true; body: StorageConfigUpdate } | { ok: false; message: string } {
  const bytes = formBytes(form);
  if (bytes > MAX_UPLOAD_SIZE_BYTES) return { ok: false, message: STORAGE_MESSAGES.uploadLimitTooLarge };
  const parsed = StorageConfigUpdateSchema.safeParse({ fileSizeLimit: bytes });
  if (!parsed.success) return { ok: false, message: parsed.error.issues[0]?.message ?? 'The upload file size limit is not a number of bytes' };
  return { ok: true, body: parsed.data };
}
