import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApiClient } from '@plinth/platform-api/testing/api-client';
import { CookieJar } from '@plinth/platform-api/testing/cookie-jar';
import { seedEmbeddedDataDir } from '@plinth/platform-api/testing/pglite-cache';
import type { BuildMode } from '@plinth/shared-contracts';
import { buildModeNote, createEnvironmentServer } from './environment-server';
import { temporaryDirs } from './test-fixtures';
import type { DeployDirs } from './paths';

// The server serve.ts starts for an environment: its API answers in the environment's build mode,
// with nothing set by hand (saved log queries are a hosted feature: 404 hosted_only elsewhere).

let dirs: DeployDirs;
const dataDirs: string[] = [];
const variableWas = process.env.PLINTH_BUILD_MODE;

beforeAll(async () => {
  dirs = await temporaryDirs();
  const environment = (name: string, buildMode: BuildMode) =>
    writeFile(path.join(dirs.environments, `${name}.json`), JSON.stringify({ name, buildMode, areas: {} }));
  await environment('on-premises', 'self-hosted');
  await environment('cloud', 'hosted');
});
afterAll(async () => {
  if (variableWas === undefined) delete process.env.PLINTH_BUILD_MODE;
  else process.env.PLINTH_BUILD_MODE = variableWas;
  for (const dir of [...dataDirs, dirs.workspace]) await rm(dir, { recursive: true, force: true });
});

/** Serves the environment on a new data directory; a member signs up and creates a project. */
async function serveWithProject(env: string) {
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'plinth-deploy-mode-'));
  dataDirs.push(dataDir);
  await seedEmbeddedDataDir(dataDir);
  const { app, manifest } = await createEnvironmentServer({ env, dirs, apiOptions: { dataDir, logger: false, admin: null, spareDatabase: false } });
  const jar = new CookieJar();
  const fetch = jar.injectFetch(app);
  const api = createApiClient({ baseUrl: '/api', fetch, csrfToken: () => jar.get('plinth_csrf') });
  await api.auth.getSession();
  await api.auth.signUp({ email: `member-${env}@example.com`, password: 'correct horse battery staple' });
  const org = await api.organizations.create({ name: 'Mode organization' });
  const { ref } = await api.projects.create({ name: 'Mode project', organization_slug: org.slug });
  for (let i = 0; i < 1200 && (await api.projects.getStatus(ref)).status !== 'ACTIVE_HEALTHY'; i++) await new Promise((r) => setTimeout(r, 50));
  expect((await api.projects.getStatus(ref)).status).toBe('ACTIVE_HEALTHY');
  const savedQueries = async (init: RequestInit = {}) => {
    const headers = { 'content-type': 'application/json', 'x-csrf-token': jar.get('plinth_csrf') ?? '' };
    const res = await fetch(`/api/platform/projects/${ref}/analytics/saved-queries`, { ...init, headers });
    return { status: res.status, body: (await res.json()) as { message?: string; code?: string; queries?: { name: string }[]; name?: string } };
  };
  return { app, manifest, savedQueries };
}

describe('an environment server answers in its build mode', () => {
  it("refuses saved log queries in a self-hosted environment without PLINTH_BUILD_MODE, even when the variable says hosted", async () => {
    for (const variable of [undefined, 'hosted']) {
      if (variable === undefined) delete process.env.PLINTH_BUILD_MODE;
      else process.env.PLINTH_BUILD_MODE = variable;
      const { app, manifest, savedQueries } = await serveWithProject('on-premises');
      try {
        expect(manifest.buildMode).toBe('self-hosted');
        expect((await app.inject('/environment.json')).json().buildMode).toBe('self-hosted');
        for (const answer of [await savedQueries(), await savedQueries({ method: 'POST', body: JSON.stringify({ name: 'Errors', sql: 'select 1' }) })]) {
          expect(answer.status, `PLINTH_BUILD_MODE=${variable}`).toBe(404);
          expect(answer.body).toMatchObject({ code: 'hosted_only', message: expect.stringMatching(/only available on the hosted platform/) });
        }
      } finally {
        await app.close();
      }
    }
  }, 240_000);

  it('serves saved log queries in a hosted environment, even when PLINTH_BUILD_MODE says self-hosted', async () => {
    process.env.PLINTH_BUILD_MODE = 'self-hosted';
    const { app, savedQueries } = await serveWithProject('cloud');
    try {
      const saved = await savedQueries({ method: 'POST', body: JSON.stringify({ name: 'Errors', sql: 'select 1' }) });
      expect(saved.status, saved.body.message).toBe(200);
      expect(saved.body.name).toBe('Errors');
      const list = await savedQueries();
      expect(list.status).toBe(200);
      expect(list.body.queries?.map((q) => q.name)).toEqual(['Errors']);
    } finally {
      await app.close();
    }
  }, 240_000);

  it('says when PLINTH_BUILD_MODE disagrees with the environment', () => {
    expect(buildModeNote({ name: 'on-premises', buildMode: 'self-hosted' }, 'hosted')).toBe(
      'PLINTH_BUILD_MODE=hosted is ignored: the "on-premises" environment is self-hosted, and so is its API.',
    );
    expect(buildModeNote({ name: 'cloud', buildMode: 'hosted' }, 'hosted')).toBeNull();
    expect(buildModeNote({ name: 'cloud', buildMode: 'hosted' }, undefined)).toBeNull();
  });
});
