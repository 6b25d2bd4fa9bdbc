import { createAreaApp } from '@plinth/area-kit';
import definition from '../area.manifest';
import { StorageMenu } from './features/storage-menu/StorageMenu';

/**
 * Root of the storage area: its pages and side menu as its definition (area.manifest.ts) states
 * them. The host mounts it under basePath "/project/{ref}", so the pages are the project's storage/… segments.
 */
export default createAreaApp(definition, { menus: { StorageMenu } });
