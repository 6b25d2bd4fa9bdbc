import type { Policy } from '@plinth/contracts-database';

// The page's dialog state: the page sets it, PolicyDialogs (and the content it loads lazily) draws it.

/** Which dialog of the storage policies page is open; `bucketId` is the bucket a new policy is written for. */
export type StoragePolicyDialog =
  | { kind: 'closed' }
  | { kind: 'editor'; table: 'objects' | 'buckets'; bucketId: string | null; policy?: Policy }
  | { kind: 'delete'; policy: Policy };
