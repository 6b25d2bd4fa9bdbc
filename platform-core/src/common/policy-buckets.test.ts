import { describe, expect, it } from 'vitest';
import { policyBucketIds } from './policy-buckets';

const of = (using: string | null, check: string | null = null) => policyBucketIds(using, check);

describe('the buckets a storage.objects policy is written for', () => {
  it('reads bucket_id compared with a name either way round, in a list, qualified, cast, and as Postgres shows it back', async () => {
    expect(await of("bucket_id = 'avatars'")).toEqual(['avatars']);
    expect(await of("'avatars' = bucket_id")).toEqual(['avatars']);
    expect(await of("(bucket_id = 'avatars'::text)")).toEqual(['avatars']);
    expect(await of("(bucket_id)::text = 'avatars'")).toEqual(['avatars']);
    expect(await of("storage.objects.bucket_id = 'avatars'")).toEqual(['avatars']);
    expect(await of("objects.bucket_id = 'avatars'")).toEqual(['avatars']);
    expect(await of("bucket_id IN ('docs', 'avatars')")).toEqual(['avatars', 'docs']);
    expect(await of("(bucket_id = ANY (ARRAY['docs'::text, 'avatars'::text]))")).toEqual(['avatars', 'docs']);
  });

  it('looks inside AND and OR, and in WITH CHECK', async () => {
    expect(await of("((bucket_id = 'avatars'::text) AND (auth.uid() IS NOT NULL))")).toEqual(['avatars']);
    expect(await of("(bucket_id = 'a') OR ((bucket_id = 'b') AND (owner = auth.uid()))")).toEqual(['a', 'b']);
    expect(await of(null, "((bucket_id = 'uploads'::text) AND ((storage.foldername(name))[1] = (auth.uid())::text))")).toEqual(['uploads']);
    expect(await of("bucket_id = 'a'", "bucket_id = 'b'")).toEqual(['a', 'b']);
  });

  it('keeps names exact: quotes, a name that is a prefix of another, dots', async () => {
    expect(await of("bucket_id = 'it''s'")).toEqual(["it's"]);
    expect(await of("(bucket_id = 'avatars-old'::text)")).toEqual(['avatars-old']);
    expect(await of("bucket_id = 'a.b'")).toEqual(['a.b']);
    expect(await of("bucket_id = 'AVATARS'")).toEqual(['AVATARS']);
  });

  it('does not tie a policy to a bucket by a comparison that does not say so', async () => {
    expect(await of("NOT (bucket_id = 'avatars')")).toEqual([]);
    expect(await of("bucket_id <> 'avatars'")).toEqual([]);
    expect(await of("name = 'avatars'")).toEqual([]);
    expect(await of('bucket_id = name')).toEqual([]);
    expect(await of("lower(bucket_id) = 'avatars'")).toEqual([]);
    expect(await of("name = 'bucket_id = ''avatars'''")).toEqual([]);
    expect(await of("other.bucket_id = 'avatars'")).toEqual([]);
    expect(await of("exists (select 1 from storage.buckets b where b.id = 'avatars' and bucket_id = 'avatars')")).toEqual([]);
    expect(await of('true')).toEqual([]);
    expect(await of(null)).toEqual([]);
    expect(await of('not sql at all (')).toEqual([]);
  });
});
