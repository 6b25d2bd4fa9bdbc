import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import {
  BucketCreateSchema,
  StorageConfigSchema,
  StorageObjectSchema,
  fillBucketPlaceholder,
  fromBytes,
  parseAllowedMimeTypes,
  STORAGE_POLICY_TEMPLATES,
  StorageListBodySchema,
  StorageSignBodySchema,
  toBytes,
} from './storage';

const firstMessage = (r: { success: boolean; error?: { issues: { message: string }[] } }) => r.error?.issues[0]?.message;

describe('storage contracts', () => {
  it('validates bucket names with the form texts', () => {
    expect(firstMessage(BucketCreateSchema.safeParse({ id: 'public' }))).toBe('"public" is a reserved name. Please choose another name');
    expect(firstMessage(BucketCreateSchema.safeParse({ id: '' }))).toBe('Please provide a name for your bucket');
    expect(firstMessage(BucketCreateSchema.safeParse({ id: 'ok', file_size_limit: -1 }))).toBe('File size upload limit has to be at least 0');
    expect(BucketCreateSchema.parse({ id: 'avatars', allowed_mime_types: [] }).allowed_mime_types).toBeNull();
    expect(parseAllowedMimeTypes(' image/png, ,text/plain ')).toEqual(['image/png', 'text/plain']);
    expect(parseAllowedMimeTypes('  ')).toBeNull();
  });

  it('converts sizes in base 1024 and fills the bucket placeholder as a quoted literal', () => {
    expect(toBytes(50, 'MB')).toBe(52_428_800);
    expect(fromBytes(5_368_709_120)).toEqual({ value: 5, unit: 'GB' });
    expect(fillBucketPlaceholder('bucket_id = {bucket_id}', "o'neil")).toBe("bucket_id = 'o''neil'");
    expect(STORAGE_POLICY_TEMPLATES).toHaveLength(5);
    expect(STORAGE_POLICY_TEMPLATES.every((t) => t.definition.includes('{bucket_id}'))).toBe(true);
  });

  it('defaults a folder listing to pages of 200 sorted by name', () => {
    expect(StorageListBodySchema.parse({ path: 'a' })).toEqual({ path: 'a', options: { limit: 200, offset: 0, search: '', sortBy: { column: 'name', order: 'asc' } } });
    expect(firstMessage(StorageSignBodySchema.safeParse({ path: 'a.txt', expiresIn: 0 }))).toBe('Expiry duration cannot be less than 0');
  });

  it('answers the form texts, and the English defaults where a schema gives none', () => {
    const messages = (r: { error?: { issues: { message: string }[] } }) => r.error?.issues.map((i) => i.message) ?? [];
    expect(messages(StorageConfigSchema.safeParse({ fileSizeLimit: 1.5, isFreeTier: false }))).toEqual(['Invalid input: expected int, received number']);
    expect(messages(BucketCreateSchema.safeParse({ id: 42 }))).toEqual(['Please provide a name for your bucket']);
    expect(messages(BucketCreateSchema.safeParse({ id: 'ok', file_size_limit: 'big' }))).toEqual(['file_size_limit must be a number of bytes']);
    // A message given to the type applies to the schema's checks too: a fraction reads the same text.
    expect(messages(StorageSignBodySchema.safeParse({ path: 'a.txt', expiresIn: 1.5 }))).toEqual(['expiresIn must be a number of seconds']);
    expect(BucketCreateSchema.parse({ id: ' avatars ', allowed_mime_types: [] })).toEqual({ id: 'avatars', public: false, allowed_mime_types: null });
  });

  it('strips unknown fields from objects and keeps them where the contract allows any', () => {
    const object = { name: 'a.txt', id: 'i', created_at: null, updated_at: null, last_accessed_at: null, extra: 1 };
    const parsed = StorageObjectSchema.parse({ ...object, metadata: { size: 3, custom: 'kept' } });
    expect(parsed).not.toHaveProperty('extra');
    expect(parsed.metadata).toEqual({ size: 3, custom: 'kept' });
  });

  it('takes z from the common contracts\' zod, never from zod itself', () => {
    const dir = dirname(fileURLToPath(import.meta.url));
    const offenders = readdirSync(dir)
      .filter((f) => f.endsWith('.ts'))
      .filter((f) => /from ['"]zod(\/v4|\/mini)?['"]/.test(readFileSync(join(dir, f), 'utf8')));
    expect(offenders).toEqual([]);
  });
});
