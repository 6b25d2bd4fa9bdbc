// Standalone page of the auth-policies area: mounts it alone with test props, against the real platform API
// (GET /api/auth/session through the dev server's proxy). Open /?project=<ref> to pick a project.
import { mountStandaloneArea } from '@plinth/area-kit/standalone';

mountStandaloneArea(() => import('./index'));
