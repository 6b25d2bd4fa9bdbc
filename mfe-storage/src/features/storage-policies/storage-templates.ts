import type { PolicyCommand, PolicyCreate, PolicyTemplate } from '@plinth/contracts-database';
import { fillBucketPlaceholder, STORAGE_POLICY_COMMANDS, STORAGE_POLICY_NAME_MAX_LENGTH, STORAGE_POLICY_TEMPLATES, type StoragePolicyTemplate } from '@plinth/contracts-storage';

// The storage templates offered in the policy editor for one bucket (001 §3), and how a policy
// written for a bucket becomes one policy per allowed operation (001 §4).

/** Starting points beyond the spec's five that people ask for most. */
const EXTRA_TEMPLATES: readonly StoragePolicyTemplate[] = [
  {
    id: 'public-read-bucket',
    templateName: 'Allow public read access to this bucket',
    description: 'Anyone, signed in or not, can download and list every file of this bucket.',
    name: 'Public read of this bucket',
    statement: 'create policy "Public read of this bucket"\non storage.objects for select\nusing (bucket_id = {bucket_id});',
    definition: 'bucket_id = {bucket_id}',
    allowedOperations: ['SELECT'],
  },
  {
    id: 'authenticated-upload-own-folder',
    templateName: "Allow signed-in users to upload to their own folder",
    description: "A signed-in user can upload only inside the top-level folder named after the user's id.",
    name: 'Users upload to their own folder',
    statement: 'create policy "Users upload to their own folder"\non storage.objects for insert to authenticated\nwith check (bucket_id = {bucket_id} and (storage.foldername(name))[1] = auth.uid()::text);',
    definition: 'bucket_id = {bucket_id} and (storage.foldername(name))[1] = auth.uid()::text',
    allowedOperations: ['INSERT'],
  },
  {
    id: 'owner-delete',
    templateName: 'Allow only the owner of a file to delete it',
    description: 'A signed-in user can delete the files they uploaded, and no others.',
    name: 'Owners delete their files',
    statement: 'create policy "Owners delete their files"\non storage.objects for delete to authenticated\nusing (bucket_id = {bucket_id} and owner = auth.uid());',
    definition: 'bucket_id = {bucket_id} and owner = auth.uid()',
    allowedOperations: ['DELETE'],
  },
];

const ROLES_OF: Record<string, string[]> = { 'authenticated-upload-own-folder': ['authenticated'], 'owner-delete': ['authenticated'] };

/** One operation, or ALL when a template allows all four (created as four policies). */
function commandOf(operations: readonly string[]): PolicyCommand {
  return operations.length === 1 ? (operations[0] as PolicyCommand) : 'ALL';
}

/** The templates of the editor with `{bucket_id}` replaced by the bucket's quoted name. */
export function storagePolicyTemplates(bucketId: string): PolicyTemplate[] {
  return [...STORAGE_POLICY_TEMPLATES, ...EXTRA_TEMPLATES].map((t) => {
    const command = commandOf(t.allowedOperations);
    const definition = fillBucketPlaceholder(t.definition, bucketId);
    return {
      id: t.id,
      templateName: t.templateName,
      description: t.description,
      name: t.name,
      statement: fillBucketPlaceholder(t.statement, bucketId),
      command,
      definition: command === 'INSERT' ? '' : definition,
      check: command === 'INSERT' ? definition : '',
      roles: ROLES_OF[t.id] ?? [],
    };
  });
}

/** A short stable hash of the bucket's name: the same policy name stays unique across buckets. */
export function bucketHash(bucketId: string): string {
  let h = 2166136261;
  for (const ch of bucketId) h = Math.imul(h ^ ch.codePointAt(0)!, 16777619);
  return (h >>> 0).toString(36).padStart(7, '0').slice(0, 7);
}

/**
 * The policies a bucket's new policy becomes: one per operation (ALL is the four), each named
 * "{name} {hash}_{n}" (the name cut to 50 characters) so that every name is unique; INSERT takes the expression as WITH CHECK,
 * the others as USING; no role means public. `allowed` (the dialog's checked operations) replaces the command.
 */
export function policiesForBucket(payload: PolicyCreate, bucketId: string, allowed?: readonly PolicyCommand[]): PolicyCreate[] {
  const operations = allowed ?? (payload.command === 'ALL' || payload.command === undefined ? STORAGE_POLICY_COMMANDS : [payload.command]);
  const expression = payload.command === 'INSERT' ? (payload.check ?? payload.definition) : (payload.definition ?? payload.check);
  const hash = bucketHash(bucketId);
  const name = [...payload.name.trim()].slice(0, STORAGE_POLICY_NAME_MAX_LENGTH).join('');
  return operations.map((command, n) => ({
    ...payload,
    name: `${name} ${hash}_${n}`,
    command,
    definition: command === 'INSERT' ? null : (expression ?? null),
    check: command === 'INSERT' ? (expression ?? null) : null,
  }));
}
