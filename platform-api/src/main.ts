import { buildServer } from './server';
import { listenProjectServices } from './listen';

const port = Number(process.env.PORT ?? 4000);
const host = process.env.HOST ?? '127.0.0.1';
const app = await buildServer({ projectPort: Number(process.env.PROJECT_PORT) || (port ? port + 1 : 0) });
await app.listen({ port, host });
const services = await listenProjectServices(app, host);
console.log(`Platform API: http://${host}:${port}/api; project services: ${services}`);

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    void app.close().then(() => process.exit(0));
  });
}
