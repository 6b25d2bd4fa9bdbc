import { describe, expect, it } from 'vitest';
import { OBJECT_NAME_MESSAGES, StorageDeleteBodySchema, StorageObjectNameSchema, StorageUploadQuerySchema } from './storage-objects';

const problem = (name: unknown) => {
  const r = StorageObjectNameSchema.safeParse(name);
  return r.success ? null : r.error.issues[0]?.message;
};

describe('object names', () => {
  it('takes ordinary names, unicode included, up to the limits', () => {
    for (const name of ['a.txt', 'docs/2024/report.pdf', 'ünïcödé/файл.txt', '.hidden', 'a..b/c...d', 'x'.repeat(255), `${'x'.repeat(255)}/`.repeat(3) + 'x'.repeat(255)]) {
      expect(problem(name), name).toBeNull();
    }
  });

  it('refuses traversal, empty and leading-slash segments', () => {
    for (const name of ['..', '.', '../x', 'a/../b', 'a/./b', 'a/..', '/etc/passwd', 'a//b', 'a/', '../../abcdefghijklmnopqrst/x']) {
      expect(problem(name), name).toBe(OBJECT_NAME_MESSAGES.segments);
    }
  });

  it('refuses NUL and other control characters', () => {
    for (const name of ['a\u0000b', 'a\nb', 'tab\there', 'del\u007f', 'c1\u0085']) expect(problem(name), JSON.stringify(name)).toBe('path may not contain control characters');
  });

  it('counts the limits in UTF-8 bytes and names them', () => {
    expect(problem('é'.repeat(128))).toBe(OBJECT_NAME_MESSAGES.segmentTooLong); // 256 bytes in one part
    expect(problem('x'.repeat(256))).toContain('255 bytes');
    expect(problem(`${'x'.repeat(200)}/`.repeat(5) + 'x'.repeat(20))).toContain('1024 bytes');
    expect(problem('')).toBe('path is required');
    expect(problem(undefined)).toBe('path is required');
  });

  it('is the rule of the upload query and of the delete body', () => {
    expect(StorageUploadQuerySchema.safeParse({ path: 'a/../b' }).success).toBe(false);
    const del = StorageDeleteBodySchema.safeParse({ paths: ['ok.txt', 'x'.repeat(300)] });
    expect(del.success).toBe(false);
    expect(del.error?.issues[0]?.path).toEqual(['paths', 1]);
  });
});
