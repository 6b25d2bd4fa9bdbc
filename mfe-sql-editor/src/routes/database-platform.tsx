import { PlatformPage } from '../features/database-pages/PlatformPage';

// The database pages of the platform's own features (000 §2.1: replication, backups, wrappers, webhooks), in one chunk.

export const ReplicationPage = () => <PlatformPage feature="replication" />;
export const BackupsPage = () => <PlatformPage feature="backups" />;
export const WrappersPage = () => <PlatformPage feature="wrappers" />;
export const WebhooksPage = () => <PlatformPage feature="hooks" />;
