import { Navigate, Route, Routes } from 'react-router-dom';
import { AreaLayout, PlaceholderPage } from '@plinth/area-kit';
import { StorageMenu } from './features/storage-menu/StorageMenu';
import BucketPage from './routes/bucket';
import BucketsPage from './routes/buckets';
import StoragePoliciesPage from './routes/policies';
import StorageSettingsPage from './routes/settings';

const notFound = <PlaceholderPage title="Page not found">This page is not part of Storage.</PlaceholderPage>;

/**
 * Root of the storage area, one route per page of its manifest. The host mounts it under basePath
 * "/project/{ref}" (a router whose basename is that path), so the routes are the project's storage/… segments.
 */
export default function App() {
  return (
    <div data-area="storage" css={{ height: '100%' }}>
      <Routes>
        <Route path="/storage" element={<AreaLayout menu={<StorageMenu />} />}>
          <Route index element={<Navigate to="buckets" replace />} />
          <Route path="buckets" element={<BucketsPage />} />
          <Route path="buckets/:bucketId" element={<BucketPage />} />
          <Route path="policies" element={<StoragePoliciesPage />} />
          <Route path="settings" element={<StorageSettingsPage />} />
          <Route path="*" element={notFound} />
        </Route>
        <Route path="*" element={notFound} />
      </Routes>
    </div>
  );
}
