import { lazyWithPreload } from '@plinth/area-kit';
import { STORAGE_MESSAGES } from '@plinth/contracts-storage';
import { LoadingSkeleton } from '@plinth/shared-ui/page';
import { Suspense } from 'react';

// Its own chunk: the explorer and bucket pages do not carry the settings page.
const StorageSettings = lazyWithPreload(() => import(/* webpackChunkName: "storage-settings" */ '../features/storage-settings/StorageSettings').then((m) => m.StorageSettings));

/** /storage/settings: the project's upload file size limit. */
export default function StorageSettingsPage() {
  return (
    <Suspense fallback={<LoadingSkeleton label={STORAGE_MESSAGES.settingsTitle} rows={2} shape="card" />}>
      <StorageSettings />
    </Suspense>
  );
}
