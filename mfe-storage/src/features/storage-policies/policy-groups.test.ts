import { policy } from '@plinth/area-kit/testing';
import type { Bucket } from '@plinth/contracts-storage';
import { describe, expect, it } from 'vitest';
import { expressionText, groupStoragePolicies, rolesText } from './policy-groups';

const bucket = (id: string): Bucket => ({ id, name: id, owner: null, public: false, file_size_limit: null, allowed_mime_types: null, created_at: '2026-01-01T00:00:00Z', updated_at: '2026-01-01T00:00:00Z' });

describe('storage policies by bucket', () => {
  const buckets = [bucket('videos'), bucket('avatars')];

  it('puts a policy under a bucket only when it restricts bucket_id to exactly that bucket', () => {
    const groups = groupStoragePolicies(buckets, [
      policy('read avatars', { bucketIds: ['avatars'] }),
      policy('read both', { bucketIds: ['avatars', 'videos'] }),
      policy('no bucket', { bucketIds: [] }),
      policy('not parsed'),
      policy('gone bucket', { bucketIds: ['old'] }),
      policy('list buckets', { table: 'buckets' }),
      policy('public table', { schema: 'public', table: 'objects', bucketIds: ['avatars'] }),
    ]);
    expect(groups.buckets.map((b) => [b.bucket.id, b.policies.map((p) => p.name)])).toEqual([
      ['avatars', ['read avatars']],
      ['videos', []],
    ]);
    expect(groups.otherObjectPolicies.map((p) => p.name)).toEqual(['gone bucket', 'no bucket', 'not parsed', 'read both']);
    expect(groups.bucketTablePolicies.map((p) => p.name)).toEqual(['list buckets']);
  });

  it('shows USING, and WITH CHECK when it says something else', () => {
    expect(expressionText({ definition: "(bucket_id = 'a'::text)", check: null })).toBe("USING (bucket_id = 'a'::text)");
    expect(expressionText({ definition: null, check: "(bucket_id = 'a'::text)" })).toBe("WITH CHECK (bucket_id = 'a'::text)");
    expect(expressionText({ definition: 'x', check: 'x' })).toBe('USING x');
  });

  it('names the roles, public when none', () => {
    expect(rolesText([])).toBe('public');
    expect(rolesText(['anon', 'authenticated'])).toBe('anon, authenticated');
  });
});
