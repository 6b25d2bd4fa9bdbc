import { createAreaApp } from '@plinth/area-kit';
import definition from '../area.manifest';

/**
 * Root of the auth-policies area: its pages and side menu as its definition (area.manifest.ts)
 * states them. The host mounts it under basePath "/project/{ref}", so the pages are the project's auth/… segments.
 */
export default createAreaApp(definition);
