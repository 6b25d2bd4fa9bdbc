// Serves one environment: PLINTH_ENV (default production), the console on HOST:PORT (default
// 127.0.0.1:3000) and the project services apps call on PROJECT_PORT (default PORT + 1).
// The API answers in the environment's build mode (environment-server.ts).
import { listenProjectServices } from '@plinth/platform-api';
import { buildModeNote, createEnvironmentServer } from './environment-server';
import { DeployError } from './paths';

const env = process.env.PLINTH_ENV ?? 'production';
const port = Number(process.env.PORT ?? 3000);
const host = process.env.HOST ?? '127.0.0.1';
const admin = {
  email: process.env.PLINTH_ADMIN_EMAIL ?? 'admin@example.com',
  password: process.env.PLINTH_ADMIN_PASSWORD ?? 'plinth-admin',
};

try {
  const { app, manifest } = await createEnvironmentServer({ env, apiOptions: { admin, logger: { level: process.env.LOG_LEVEL ?? 'warn' } } });
  const note = buildModeNote(manifest, process.env.PLINTH_BUILD_MODE);
  if (note) console.warn(note);
  await app.listen({ port, host });
  const services = await listenProjectServices(app, host);
  const areas = Object.entries(manifest.areas)
    .map(([area, release]) => `${area} ${release?.version}`)
    .join(', ');
  console.log(`Plinth console (${env}, ${manifest.buildMode}): http://${host}:${port}/`);
  if (services) console.log(`Project services (apps call /auth/v1, /rest/v1, /storage/v1 here): ${services}`);
  console.log(`Areas: ${areas}`);
  console.log(`Sign in as ${admin.email} with password ${admin.password} (set PLINTH_ADMIN_EMAIL / PLINTH_ADMIN_PASSWORD to choose).`);
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.once(signal, () => void app.close().then(() => process.exit(0)));
  }
} catch (error) {
  if (error instanceof DeployError) {
    console.error(error.message);
    process.exit(1);
  }
  throw error;
}
