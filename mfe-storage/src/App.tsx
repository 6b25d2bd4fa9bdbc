import { Navigate, Route, Routes } from 'react-router-dom';
import type { AreaMountProps } from '@plinth/shared-contracts';
import { StorageAreaProvider } from './area/area-context';
import { PlaceholderPage, StorageLayout } from './area/StorageLayout';
import BucketPage from './routes/bucket';
import BucketsPage from './routes/buckets';
import StoragePoliciesPage from './routes/policies';
import StorageSettingsPage from './routes/settings';

/**
 * Root of the storage area. The host mounts it under basePath "/project/{ref}" (a router whose
 * basename is that path), so the routes below are the project's storage/… segments.
 */
export default function App(props: AreaMountProps) {
  return (
    <StorageAreaProvider props={props}>
      <div data-area="storage" css={{ height: '100%' }}>
        <Routes>
          <Route path="/storage" element={<StorageLayout />}>
            <Route index element={<Navigate to="buckets" replace />} />
            <Route path="buckets" element={<BucketsPage />} />
            <Route path="buckets/:bucketId" element={<BucketPage />} />
            <Route path="policies" element={<StoragePoliciesPage />} />
            <Route path="settings" element={<StorageSettingsPage />} />
            <Route path="*" element={<PlaceholderPage title="Page not found">This page is not part of Storage.</PlaceholderPage>} />
          </Route>
          <Route path="*" element={<PlaceholderPage title="Page not found">This page is not part of Storage.</PlaceholderPage>} />
        </Routes>
      </div>
    </StorageAreaProvider>
  );
}
