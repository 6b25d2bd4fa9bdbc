import { BUCKET_VALIDATION_MESSAGES, BucketCreateSchema, parseAllowedMimeTypes, STORAGE_SIZE_UNITS, STORAGE_UNIT_BYTES, toBytes, type Bucket, type BucketCreate, type BucketUpdate, type StorageSizeUnit } from '@plinth/contracts-storage';
import * as z from '@plinth/shared-contracts/zod';

// Values of the bucket create/edit form (000 §5.2) and their conversion to API payloads.

export interface BucketFormValues {
  name: string;
  public: boolean;
  limitEnabled: boolean;
  /** Digits only, as typed. */
  limitValue: string;
  limitUnit: StorageSizeUnit;
  /** Comma separated, as typed. */
  allowedMimeTypes: string;
}

export const EMPTY_BUCKET_FORM: BucketFormValues = {
  name: '',
  public: false,
  limitEnabled: false,
  limitValue: '',
  limitUnit: 'MB',
  allowedMimeTypes: '',
};

/** Keeps only the digits of what was typed in the size limit box. */
export function digitsOnly(text: string): string {
  return text.replace(/\D+/g, '');
}

/** A byte count as the largest unit that expresses it in whole numbers (so it stays digits only). */
export function wholeSize(bytes: number): { value: number; unit: StorageSizeUnit } {
  for (const unit of [...STORAGE_SIZE_UNITS].reverse()) {
    const size = STORAGE_UNIT_BYTES[unit];
    if (bytes >= size && bytes % size === 0) return { value: bytes / size, unit };
  }
  return { value: bytes, unit: 'bytes' };
}

export function formValuesOf(bucket: Bucket): BucketFormValues {
  const limit = bucket.file_size_limit === null ? null : wholeSize(bucket.file_size_limit);
  return {
    name: bucket.name,
    public: bucket.public,
    limitEnabled: limit !== null,
    limitValue: limit ? String(limit.value) : '',
    limitUnit: limit ? limit.unit : 'MB',
    allowedMimeTypes: (bucket.allowed_mime_types ?? []).join(', '),
  };
}

/** The bucket name rules of the API contract, on their own. */
const BucketNameSchema = z.pick(BucketCreateSchema, { id: true });

/** The form's rules; the name is checked only when creating (it cannot be changed later). */
export function bucketFormSchema(mode: 'create' | 'edit') {
  return z
    .object({
      name: z.string(),
      public: z.boolean(),
      limitEnabled: z.boolean(),
      limitValue: z.string(),
      limitUnit: z.enum(STORAGE_SIZE_UNITS),
      allowedMimeTypes: z.string(),
    })
    .check(
      z.superRefine((values, ctx) => {
        if (mode === 'create') {
          const name = BucketNameSchema.safeParse({ id: values.name });
          if (!name.success) ctx.addIssue({ code: 'custom', path: ['name'], message: name.error.issues[0]?.message ?? BUCKET_VALIDATION_MESSAGES.nameRequired });
        }
        if (values.limitEnabled) {
          const value = Number(values.limitValue);
          if (values.limitValue.trim() === '' || !Number.isFinite(value) || value < 0) {
            ctx.addIssue({ code: 'custom', path: ['limitValue'], message: BUCKET_VALIDATION_MESSAGES.sizeLimitNegative });
          }
        }
      }),
    );
}

function sizeLimitOf(values: BucketFormValues): number | null {
  return values.limitEnabled ? toBytes(Number(values.limitValue), values.limitUnit) : null;
}

export function createPayload(values: BucketFormValues): BucketCreate {
  return {
    id: values.name.trim(),
    public: values.public,
    file_size_limit: sizeLimitOf(values),
    allowed_mime_types: parseAllowedMimeTypes(values.allowedMimeTypes),
  };
}

export function updatePayload(values: BucketFormValues): BucketUpdate {
  return {
    public: values.public,
    file_size_limit: sizeLimitOf(values),
    allowed_mime_types: parseAllowedMimeTypes(values.allowedMimeTypes),
  };
}
