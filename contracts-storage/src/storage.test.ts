import { describe, expect, it } from 'vitest';
import { BUCKET_VALIDATION_MESSAGES, BucketCreateSchema, BucketIdSchema } from './storage';

const firstMessage = (r: { success: boolean; error?: { issues: { message: string }[] } }) => r.error?.issues[0]?.message;

describe('bucket names', () => {
  it('takes the names the established object stores take', () => {
    for (const id of ['a', 'avatars', 'my-files.2024', 'a.b-c', '0', 'x'.repeat(63)]) {
      expect(BucketIdSchema.safeParse(id).success, id).toBe(true);
    }
  });

  it('refuses "." and ".." and dots at either end or in a row, with the form texts', () => {
    expect(firstMessage(BucketIdSchema.safeParse('.'))).toBe(BUCKET_VALIDATION_MESSAGES.nameDotEdge);
    expect(firstMessage(BucketIdSchema.safeParse('..'))).toBe(BUCKET_VALIDATION_MESSAGES.nameDotEdge);
    expect(firstMessage(BucketIdSchema.safeParse('.hidden'))).toBe('Bucket names cannot start or end with a dot');
    expect(firstMessage(BucketIdSchema.safeParse('files.'))).toBe('Bucket names cannot start or end with a dot');
    expect(firstMessage(BucketIdSchema.safeParse('a..b'))).toBe('Bucket names cannot contain two dots in a row');
  });

  it('refuses other characters and names over 63 characters, naming the limit', () => {
    for (const id of ['My Files', 'a/b', 'a\\b', 'a_b', 'ä', 'a\u0000b', '%2e%2e']) {
      expect(firstMessage(BucketIdSchema.safeParse(id)), id).toBe('Bucket names may contain only lowercase letters, numbers, dots and hyphens');
    }
    expect(firstMessage(BucketIdSchema.safeParse('x'.repeat(64)))).toBe('Bucket names must be at most 63 characters long');
    expect(firstMessage(BucketIdSchema.safeParse(''))).toBe('Please provide a name for your bucket');
  });

  it('applies the same rules when creating, after trimming, plus the reserved name', () => {
    expect(BucketCreateSchema.parse({ id: ' avatars ' }).id).toBe('avatars');
    expect(firstMessage(BucketCreateSchema.safeParse({ id: '..' }))).toBe(BUCKET_VALIDATION_MESSAGES.nameDotEdge);
    expect(firstMessage(BucketCreateSchema.safeParse({ id: 'a..b' }))).toBe(BUCKET_VALIDATION_MESSAGES.nameDoubleDot);
    expect(firstMessage(BucketCreateSchema.safeParse({ id: 'x'.repeat(64) }))).toBe(BUCKET_VALIDATION_MESSAGES.nameTooLong);
    expect(firstMessage(BucketCreateSchema.safeParse({ id: 'public' }))).toBe('"public" is a reserved name. Please choose another name');
  });
});
