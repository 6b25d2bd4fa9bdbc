import { PlatformPage } from '../features/database-pages/PlatformPage';
import { BackupsPage as Backups } from '../features/database-pages/BackupsPage';
import { WebhooksPage as Webhooks } from '../features/database-pages/WebhooksPage';

// The database pages of the platform's own features (000 §2.1: replication, backups, wrappers, webhooks), in one chunk.

export const ReplicationPage = () => <PlatformPage feature="replication" />;
export const BackupsPage = () => <Backups />;
export const WrappersPage = () => <PlatformPage feature="wrappers" />;
export const WebhooksPage = () => <Webhooks />;
