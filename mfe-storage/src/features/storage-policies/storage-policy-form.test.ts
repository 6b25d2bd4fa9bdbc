import { policy } from '@plinth/area-kit/testing';
import { describe, expect, it } from 'vitest';
import {
  formFromPolicy,
  formFromTemplate,
  limitStoragePolicyName,
  nameCounter,
  newStoragePolicyForm,
  policiesToCreate,
  reviewProblem,
  toggleOperation,
} from './storage-policy-form';
import { bucketHash, storagePolicyTemplates } from './storage-templates';

const ready = { name: 'Read avatars', roles: [], definition: "bucket_id = 'avatars'", allowedOperations: ['SELECT' as const] };

describe('storage policy form', () => {
  it('ignores the name past 50 characters and counts n/50', () => {
    expect(limitStoragePolicyName('a'.repeat(60))).toBe('a'.repeat(50));
    expect(limitStoragePolicyName('short')).toBe('short');
    expect(nameCounter('a'.repeat(50))).toBe('50/50');
    expect(nameCounter('')).toBe('0/50');
  });

  it("prefills a new bucket policy with bucket_id = '<bucket>' (quoted)", () => {
    expect(newStoragePolicyForm("team's")).toEqual({ name: '', roles: [], definition: "bucket_id = 'team''s'", allowedOperations: [] });
    expect(newStoragePolicyForm(null).definition).toBe('');
  });

  it('asks for a name (info), then a definition, then an operation, with the texts of the spec', () => {
    expect(reviewProblem({ ...ready, name: '  ' })).toEqual({ kind: 'info', message: 'Do give your policy a name' });
    expect(reviewProblem({ ...ready, definition: ' ' })).toEqual({ kind: 'danger', message: 'Did you forget to provide a definition for your policy?' });
    expect(reviewProblem({ ...ready, allowedOperations: [] })).toEqual({ kind: 'danger', message: 'You will need to allow at least one operation in your policy' });
    expect(reviewProblem(ready)).toBeNull();
  });

  it('keeps the checked operations in the order SELECT, INSERT, UPDATE, DELETE', () => {
    const form = toggleOperation(toggleOperation(toggleOperation(ready, 'DELETE', true), 'INSERT', true), 'SELECT', false);
    expect(form.allowedOperations).toEqual(['INSERT', 'DELETE']);
  });

  it('fills the form from a template: all four operations for ALL, the roles and the one definition', () => {
    const upload = formFromTemplate(storagePolicyTemplates('docs').find((t) => t.id === 'authenticated-upload-own-folder')!);
    expect(upload).toEqual({ name: 'Users upload to their own folder', roles: ['authenticated'], definition: "bucket_id = 'docs' and (storage.foldername(name))[1] = auth.uid()::text", allowedOperations: ['INSERT'] });
    expect(formFromTemplate(storagePolicyTemplates('docs').find((t) => t.id === 'own-user-folder')!).allowedOperations).toEqual(['SELECT', 'INSERT', 'UPDATE', 'DELETE']);
  });

  it('makes one policy per checked operation, numbered after the bucket hash, INSERT with WITH CHECK', () => {
    const made = policiesToCreate({ ...ready, allowedOperations: ['SELECT', 'INSERT'], roles: ['anon'] }, 'objects', 'avatars');
    const hash = bucketHash('avatars');
    expect(made.map((p) => [p.name, p.command, p.definition, p.check, p.roles])).toEqual([
      [`Read avatars ${hash}_0`, 'SELECT', "bucket_id = 'avatars'", null, ['anon']],
      [`Read avatars ${hash}_1`, 'INSERT', null, "bucket_id = 'avatars'", ['anon']],
    ]);
  });

  it('opens an existing INSERT policy on its WITH CHECK expression and its one operation', () => {
    const existing = policy('Uploads', { command: 'INSERT', definition: null, check: "(bucket_id = 'a'::text)", roles: ['authenticated'] });
    expect(formFromPolicy(existing)).toEqual({ name: 'Uploads', roles: ['authenticated'], definition: "(bucket_id = 'a'::text)", allowedOperations: ['INSERT'] });
  });
});
