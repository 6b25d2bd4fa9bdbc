import { StorageSettings } from '../features/storage-settings/StorageSettings';

/** /storage/settings: the project's upload file size limit. */
export default function StorageSettingsPage() {
  return <StorageSettings />;
}
