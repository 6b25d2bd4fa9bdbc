/** Shared by the API benches: an embedded platform API on loopback with a signed-in user and an organization. */
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { buildServer } from '@plinth/platform-api';
import { CookieJar } from '@plinth/platform-api/testing';
import type { ProjectStatus } from '@plinth/shared-contracts';
import { createApiClient, type ApiClient } from '@plinth/platform-api/testing/api-client';

export interface BenchApi {
  baseUrl: string;
  api: ApiClient;
  jar: CookieJar;
  orgSlug: string;
  /** Waits for the project template and the spare database, as a running server has them ready between creations. */
  warm(): Promise<void>;
  waitForStatus(ref: string, status: ProjectStatus, timeoutMs?: number): Promise<number>;
  /** Project databases holding a worker now. */
  openDatabases(): number;
  close(): Promise<void>;
}

export async function startBenchApi(): Promise<BenchApi> {
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'plinth-bench-'));
  const app = await buildServer({ dataDir, databaseUrl: undefined, logger: false, admin: null });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  const baseUrl = `http://127.0.0.1:${port}`;
  const jar = new CookieJar();
  const api = createApiClient({ baseUrl: `${baseUrl}/api`, fetch: jar.networkFetch(), csrfToken: () => jar.get('plinth_csrf') });
  await api.auth.getSession();
  await api.auth.signUp({ email: 'bench@example.com', password: 'bench password 123' });
  const org = await api.organizations.create({ name: 'Bench' });
  await api.plans.updateSubscription(org.slug, { plan: 'pro' });
  return {
    baseUrl,
    api,
    jar,
    orgSlug: org.slug,
    openDatabases: () => app.plinth.databases.runningCount(),
    warm: async () => {
      await app.plinth.databases.ready();
    },
    async waitForStatus(ref, status, timeoutMs = 120_000) {
      const start = performance.now();
      let last = '';
      while (performance.now() - start < timeoutMs) {
        last = (await api.projects.getStatus(ref)).status;
        if (last === status) return performance.now() - start;
        await new Promise((r) => setTimeout(r, 10));
      }
      throw new Error(`${ref} did not reach ${status} within ${timeoutMs} ms (last: ${last})`);
    },
    async close() {
      await app.close();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}

export function verdict(ok: boolean): string {
  return ok ? 'meets target' : 'MISSES target';
}
