import type { Policy } from '@plinth/contracts-database';
import type { Bucket } from '@plinth/contracts-storage';

// Where each policy of the storage schema shows on the storage policies page (001 §2). A policy on
// storage.objects belongs to a bucket's panel only when the API (reading the expression with
// PostgreSQL's parser) found it restricts bucket_id to exactly that one bucket; everything else on
// storage.objects is an "other" policy, and storage.buckets policies have their own section.

export interface BucketPolicies {
  bucket: Bucket;
  policies: Policy[];
}

export interface StoragePolicyGroups {
  buckets: BucketPolicies[];
  otherObjectPolicies: Policy[];
  bucketTablePolicies: Policy[];
}

const byName = (a: Policy, b: Policy) => a.name.localeCompare(b.name);

export function groupStoragePolicies(buckets: readonly Bucket[], policies: readonly Policy[]): StoragePolicyGroups {
  const panels = new Map(buckets.map((bucket) => [bucket.id, { bucket, policies: [] as Policy[] }]));
  const otherObjectPolicies: Policy[] = [];
  const bucketTablePolicies: Policy[] = [];
  for (const policy of policies) {
    if (policy.schema !== 'storage') continue;
    if (policy.table === 'buckets') {
      bucketTablePolicies.push(policy);
    } else if (policy.table === 'objects') {
      const only = policy.bucketIds?.length === 1 ? panels.get(policy.bucketIds[0]!) : undefined;
      (only ? only.policies : otherObjectPolicies).push(policy);
    }
  }
  const sorted = [...panels.values()].sort((a, b) => a.bucket.name.localeCompare(b.bucket.name));
  for (const panel of sorted) panel.policies.sort(byName);
  return { buckets: sorted, otherObjectPolicies: otherObjectPolicies.sort(byName), bucketTablePolicies: bucketTablePolicies.sort(byName) };
}

/** "anon, authenticated" or "public" when the policy names no role. */
export function rolesText(roles: readonly string[]): string {
  return roles.length === 0 ? 'public' : roles.join(', ');
}

/** What the row shows of a policy's expressions: USING, then WITH CHECK when it differs. */
export function expressionText(policy: Pick<Policy, 'definition' | 'check'>): string {
  const using = policy.definition ? `USING ${policy.definition}` : '';
  const check = policy.check && policy.check !== policy.definition ? `WITH CHECK ${policy.check}` : '';
  return [using, check].filter(Boolean).join(' ');
}
