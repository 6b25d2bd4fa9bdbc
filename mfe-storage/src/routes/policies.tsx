import { STORAGE_MESSAGES } from '@plinth/shared-contracts';
import { PlaceholderPage } from '@plinth/area-kit';

/** /storage/policies: policies on storage.objects and storage.buckets (page to come). */
export default function StoragePoliciesPage() {
  return <PlaceholderPage title={STORAGE_MESSAGES.storagePoliciesHeading} />;
}
