import type { Policy, PolicyCreate, PolicyTemplate, PolicyUpdate } from '@plinth/contracts-database';
import { fillBucketPlaceholder, STORAGE_NEW_POLICY_DEFINITION, STORAGE_POLICY_COMMANDS, STORAGE_POLICY_MESSAGES, STORAGE_POLICY_NAME_MAX_LENGTH } from '@plinth/contracts-storage';
import type { NoticeKind } from '@plinth/shared-ui/layout';
import { policiesForBucket } from './storage-templates';

// The storage policy dialog's form (001 §3 "Policy form", §4, §5): a name of at most 50
// characters, the allowed operations (several at once), the roles (none = public) and one
// definition; what Review requires, and the policies a new one becomes.

export type StorageOperation = (typeof STORAGE_POLICY_COMMANDS)[number];

export interface StoragePolicyForm {
  name: string;
  roles: string[];
  definition: string;
  allowedOperations: StorageOperation[];
}

/** Extra input past 50 characters is ignored (counted in characters, not UTF-16 units). */
export function limitStoragePolicyName(name: string): string {
  const chars = [...name];
  return chars.length > STORAGE_POLICY_NAME_MAX_LENGTH ? chars.slice(0, STORAGE_POLICY_NAME_MAX_LENGTH).join('') : name;
}

export const nameCounter = (name: string) => `${[...name].length}/${STORAGE_POLICY_NAME_MAX_LENGTH}`;

/** A new policy from scratch: for a bucket the definition starts as `bucket_id = '<bucket>'`. */
export function newStoragePolicyForm(bucketId: string | null): StoragePolicyForm {
  return { name: '', roles: [], definition: bucketId === null ? '' : fillBucketPlaceholder(STORAGE_NEW_POLICY_DEFINITION, bucketId), allowedOperations: [] };
}

/** A template (already filled for the bucket) as the form: ALL allows the four operations. */
export function formFromTemplate(template: PolicyTemplate): StoragePolicyForm {
  return {
    name: limitStoragePolicyName(template.name),
    roles: [...template.roles],
    definition: template.definition || template.check,
    allowedOperations: template.command === 'ALL' ? [...STORAGE_POLICY_COMMANDS] : [template.command as StorageOperation],
  };
}

/** An existing policy: its one command (an ALL policy shows the four, and cannot change). */
export function formFromPolicy(policy: Policy): StoragePolicyForm {
  return {
    name: limitStoragePolicyName(policy.name),
    roles: policy.roles.filter((role) => role !== 'public'),
    definition: (policy.command === 'INSERT' ? policy.check : policy.definition) ?? policy.definition ?? policy.check ?? '',
    allowedOperations: policy.command === 'ALL' ? [...STORAGE_POLICY_COMMANDS] : [policy.command as StorageOperation],
  };
}

export function toggleOperation(form: StoragePolicyForm, operation: StorageOperation, on: boolean): StoragePolicyForm {
  const chosen = new Set(form.allowedOperations);
  if (on) chosen.add(operation);
  else chosen.delete(operation);
  return { ...form, allowedOperations: STORAGE_POLICY_COMMANDS.filter((op) => chosen.has(op)) };
}

export interface ReviewProblem {
  kind: Extract<NoticeKind, 'info' | 'danger'>;
  message: string;
}

/** What keeps the form from Review, first problem first (001 §5): a name, a definition, an operation. */
export function reviewProblem(form: StoragePolicyForm): ReviewProblem | null {
  if (form.name.trim() === '') return { kind: 'info', message: STORAGE_POLICY_MESSAGES.nameRequired };
  if (form.definition.trim() === '') return { kind: 'danger', message: STORAGE_POLICY_MESSAGES.definitionRequired };
  if (form.allowedOperations.length === 0) return { kind: 'danger', message: STORAGE_POLICY_MESSAGES.operationRequired };
  return null;
}

/**
 * The policies a new one becomes: one per allowed operation, named '{name} {hash}_{n}' with the
 * bucket's hash (without a bucket, the table's), INSERT with WITH CHECK, the others with USING.
 */
export function policiesToCreate(form: StoragePolicyForm, table: 'objects' | 'buckets', bucketId: string | null): PolicyCreate[] {
  const definition = form.definition.trim();
  const payload: PolicyCreate = { name: form.name.trim(), schema: 'storage', table, roles: form.roles, definition, check: definition, action: 'PERMISSIVE' };
  return policiesForBucket(payload, bucketId ?? `storage.${table}`, form.allowedOperations);
}

/** The change to an existing policy: name, roles and its expression (WITH CHECK for INSERT). */
export function policyUpdate(policy: Policy, form: StoragePolicyForm): PolicyUpdate {
  const definition = form.definition.trim();
  const usesCheck = policy.command === 'INSERT';
  const alsoCheck = policy.command === 'ALL' || policy.command === 'UPDATE';
  return {
    name: form.name.trim(),
    roles: form.roles,
    ...(usesCheck ? { check: definition } : { definition, ...(alsoCheck && policy.check ? { check: definition } : {}) }),
  };
}

/** Whether closing should ask to discard. */
export function changedFrom(start: StoragePolicyForm, form: StoragePolicyForm): boolean {
  return JSON.stringify(start) !== JSON.stringify(form);
}
