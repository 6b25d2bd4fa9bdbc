import { STORAGE_MESSAGES } from '@plinth/shared-contracts';
import { PlaceholderPage } from '@plinth/area-kit';

/** /storage/settings: the upload file size limit (page to come). */
export default function StorageSettingsPage() {
  return <PlaceholderPage title={STORAGE_MESSAGES.settingsTitle} />;
}
