import { describe, expect, it } from 'vitest';
import { bucketHash, policiesForBucket, storagePolicyTemplates } from './storage-templates';

describe('storage policy templates', () => {
  it('offers the five templates of the spec and fills the quoted bucket name', () => {
    const templates = storagePolicyTemplates("team's files");
    expect(templates.slice(0, 5).map((t) => t.templateName)).toEqual([
      'Give anonymous users access to JPG images in a folder named public',
      'Give users access to a folder named after their user id',
      'Give signed-in users access to a folder named private',
      'Give one user access to the nested folder admin/assets',
      'Give one user access to a single file',
    ]);
    const own = templates.find((t) => t.id === 'own-user-folder')!;
    expect(own.definition).toBe("bucket_id = 'team''s files' and (storage.foldername(name))[1] = auth.uid()::text");
    expect(own.command).toBe('ALL');
    expect(templates.every((t) => !t.statement.includes('{bucket_id}') && !t.definition.includes('{bucket_id}'))).toBe(true);
  });

  it('puts an upload template in WITH CHECK for signed-in users', () => {
    const upload = storagePolicyTemplates('docs').find((t) => t.id === 'authenticated-upload-own-folder')!;
    expect(upload).toMatchObject({ command: 'INSERT', definition: '', check: "bucket_id = 'docs' and (storage.foldername(name))[1] = auth.uid()::text", roles: ['authenticated'] });
  });
});

describe('policies written for a bucket', () => {
  const base = { name: 'Users work in their own folder', schema: 'storage', table: 'objects', roles: [] };

  it('become one policy per operation, INSERT with WITH CHECK and the others with USING, named with the hash and a number', () => {
    const made = policiesForBucket({ ...base, command: 'ALL', definition: "bucket_id = 'docs'", check: "bucket_id = 'docs'" }, 'docs');
    const hash = bucketHash('docs');
    expect(made.map((p) => [p.name, p.command, p.definition, p.check])).toEqual([
      [`Users work in their own folder ${hash}_0`, 'SELECT', "bucket_id = 'docs'", null],
      [`Users work in their own folder ${hash}_1`, 'INSERT', null, "bucket_id = 'docs'"],
      [`Users work in their own folder ${hash}_2`, 'UPDATE', "bucket_id = 'docs'", null],
      [`Users work in their own folder ${hash}_3`, 'DELETE', "bucket_id = 'docs'", null],
    ]);
    expect(made.every((p) => p.roles?.length === 0)).toBe(true);
  });

  it('keeps a single operation single, and the same name stays unique across buckets', () => {
    const [insert] = policiesForBucket({ ...base, command: 'INSERT', check: "bucket_id = 'a'" }, 'a');
    expect(insert).toMatchObject({ command: 'INSERT', check: "bucket_id = 'a'", definition: null });
    expect(bucketHash('a')).not.toBe(bucketHash('b'));
    expect(bucketHash('a')).toMatch(/^[0-9a-z]{7}$/);
  });

  it('cuts the name to 50 characters before the suffix, so it stays within a Postgres name', () => {
    const [p] = policiesForBucket({ ...base, name: 'x'.repeat(63), command: 'SELECT', definition: 'true' }, 'docs');
    expect(p!.name).toBe(`${'x'.repeat(50)} ${bucketHash('docs')}_0`);
    expect(p!.name.length).toBeLessThanOrEqual(63);
  });
});
