import * as z from '@plinth/shared-contracts/zod';

// Storage policy templates and limits (001 §3, §4, §5). Policies themselves are database
// policies on storage.objects / storage.buckets, managed through the database client.

export const STORAGE_POLICY_NAME_MAX_LENGTH = 50;
export const STORAGE_POLICY_COMMANDS = ['SELECT', 'INSERT', 'UPDATE', 'DELETE'] as const;

/** Texts of 001 §5 and §8, word for word. */
export const STORAGE_POLICY_MESSAGES = {
  nameRequired: 'Do give your policy a name',
  definitionRequired: 'Did you forget to provide a definition for your policy?',
  operationRequired: 'You will need to allow at least one operation in your policy',
  createFailed: (message: string) => `Error adding policy: ${message}`,
  updateFailed: (message: string) => `Error updating policy: ${message}`,
  deleteFailed: (message: string) => `Failed to delete policy: ${message}`,
  deleted: 'Successfully deleted policy!',
  saved: 'Successfully saved policy!',
} as const;

export const StoragePolicyTemplateSchema = z.object({
  id: z.string(),
  templateName: z.string(),
  description: z.string(),
  name: z.string(),
  statement: z.string(),
  /** Contains {bucket_id}, replaced by the quoted bucket name. */
  definition: z.string(),
  allowedOperations: z.array(z.enum(STORAGE_POLICY_COMMANDS)),
});
export type StoragePolicyTemplate = z.infer<typeof StoragePolicyTemplateSchema>;

/** Definition of a new policy for one bucket (001 §4). */
export const STORAGE_NEW_POLICY_DEFINITION = 'bucket_id = {bucket_id}';

export const STORAGE_POLICY_TEMPLATES: readonly StoragePolicyTemplate[] = [
  {
    id: 'public-jpg-images',
    templateName: 'Give anonymous users access to JPG images in a folder named public',
    description: 'Anyone can read .jpg files stored under the top-level folder "public" of this bucket.',
    name: 'Anyone reads JPG images in public',
    statement: `create policy "Anyone reads JPG images in public"\non storage.objects for select\nusing (bucket_id = {bucket_id} and storage.extension(name) = 'jpg' and lower((storage.foldername(name))[1]) = 'public' and auth.role() = 'anon');`,
    definition: `bucket_id = {bucket_id} and storage.extension(name) = 'jpg' and lower((storage.foldername(name))[1]) = 'public' and auth.role() = 'anon'`,
    allowedOperations: ['SELECT'],
  },
  {
    id: 'own-user-folder',
    templateName: 'Give users access to a folder named after their user id',
    description: "A signed-in user works only inside the top-level folder whose name is the user's id.",
    name: 'Users work in their own folder',
    statement: `create policy "Users work in their own folder"\non storage.objects for all\nusing (bucket_id = {bucket_id} and (storage.foldername(name))[1] = auth.uid()::text);`,
    definition: 'bucket_id = {bucket_id} and (storage.foldername(name))[1] = auth.uid()::text',
    allowedOperations: ['SELECT', 'INSERT', 'UPDATE', 'DELETE'],
  },
  {
    id: 'authenticated-private-folder',
    templateName: 'Give signed-in users access to a folder named private',
    description: 'Any signed-in user can use the top-level folder "private"; anonymous requests cannot.',
    name: 'Signed-in users use private',
    statement: `create policy "Signed-in users use private"\non storage.objects for all\nusing (bucket_id = {bucket_id} and (storage.foldername(name))[1] = 'private' and auth.role() = 'authenticated');`,
    definition: `bucket_id = {bucket_id} and (storage.foldername(name))[1] = 'private' and auth.role() = 'authenticated'`,
    allowedOperations: ['SELECT', 'INSERT', 'UPDATE', 'DELETE'],
  },
  {
    id: 'admin-assets-one-user',
    templateName: 'Give one user access to the nested folder admin/assets',
    description: 'Only the user with the given id can use files under admin/assets. Replace the id with yours.',
    name: 'One user uses admin/assets',
    statement: `create policy "One user uses admin/assets"\non storage.objects for all\nusing (bucket_id = {bucket_id} and (storage.foldername(name))[1] = 'admin' and (storage.foldername(name))[2] = 'assets' and auth.uid()::text = '00000000-0000-0000-0000-000000000000');`,
    definition: `bucket_id = {bucket_id} and (storage.foldername(name))[1] = 'admin' and (storage.foldername(name))[2] = 'assets' and auth.uid()::text = '00000000-0000-0000-0000-000000000000'`,
    allowedOperations: ['SELECT', 'INSERT', 'UPDATE', 'DELETE'],
  },
  {
    id: 'single-file-one-user',
    templateName: 'Give one user access to a single file',
    description: 'Only the user with the given id can use the file named example.png. Replace both with yours.',
    name: 'One user uses example.png',
    statement: `create policy "One user uses example.png"\non storage.objects for all\nusing (bucket_id = {bucket_id} and name = 'example.png' and auth.uid()::text = '00000000-0000-0000-0000-000000000000');`,
    definition: `bucket_id = {bucket_id} and name = 'example.png' and auth.uid()::text = '00000000-0000-0000-0000-000000000000'`,
    allowedOperations: ['SELECT', 'INSERT', 'UPDATE', 'DELETE'],
  },
];

/** Replaces {bucket_id} with the bucket name as a quoted SQL literal. */
export function fillBucketPlaceholder(text: string, bucketId: string): string {
  return text.split('{bucket_id}').join(`'${bucketId.replace(/'/g, "''")}'`);
}
