import { AreaLayout } from '@plinth/shared-ui/area';
import { StorageMenu } from '../features/storage-menu/StorageMenu';

export { PlaceholderPage } from '@plinth/shared-ui/area';

/** The storage menu on the left and the current storage page on the right. */
export function StorageLayout() {
  return <AreaLayout menu={<StorageMenu />} />;
}
