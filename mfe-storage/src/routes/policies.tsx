import { StoragePolicies } from '../features/storage-policies/StoragePolicies';

/** /storage/policies: policies on storage.objects by bucket, the other ones, and those on storage.buckets. */
export default function StoragePoliciesPage() {
  return <StoragePolicies />;
}
