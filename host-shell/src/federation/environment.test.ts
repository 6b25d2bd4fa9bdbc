import { afterEach, describe, expect, it, vi } from 'vitest';
import { forgetEnvironment, loadEnvironment, parseEnvironment } from './environment';
import { requestEnvironmentEarly } from './environment-request';
import { CONSOLE_AREAS, SCHEDULER_AREA } from '../areas/testing/console-areas';

const production = {
  name: 'production',
  buildMode: 'hosted',
  areas: {
    storage: { version: '1.1.0', url: '/remotes/storage/1.1.0/mf-manifest.json', manifest: CONSOLE_AREAS.storage },
    logs: { version: '1.0.0', url: '/remotes/logs/1.0.0/mf-manifest.json', manifest: CONSOLE_AREAS.logs },
  },
};

function answer(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
}

afterEach(() => {
  forgetEnvironment();
  vi.unstubAllGlobals();
});

describe('environment manifest', () => {
  it('accepts an area no build of the console knows, described by its manifest', () => {
    const release = { version: '1.0.0', url: '/remotes/scheduler/1.0.0/mf-manifest.json', manifest: SCHEDULER_AREA };
    expect(parseEnvironment({ ...production, areas: { ...production.areas, scheduler: release } }).areas.scheduler?.manifest.title).toBe('Scheduler');
  });

  it('accepts a manifest naming areas with a version and the URL of their mf-manifest.json', () => {
    const environment = parseEnvironment(production);
    expect(environment.buildMode).toBe('hosted');
    expect(environment.areas.storage?.url).toBe('/remotes/storage/1.1.0/mf-manifest.json');
  });

  it('names the field that is wrong', () => {
    expect(() => parseEnvironment({ ...production, buildMode: 'cloud' })).toThrow(/buildMode/);
    expect(() => parseEnvironment({ ...production, areas: { storage: { version: 'latest', url: '/x', manifest: CONSOLE_AREAS.storage } } })).toThrow(
      'areas.storage.version: version must look like 1.2.3',
    );
    expect(() => parseEnvironment({ ...production, areas: { storage: { version: '1.0.0', url: '/x' } } })).toThrow('areas.storage.manifest');
    expect(() => parseEnvironment({ ...production, areas: { 'Billing Area': { version: '1.0.0', url: '/x', manifest: CONSOLE_AREAS.storage } } })).toThrow(
      'areas.Billing Area: Invalid key in record',
    );
    expect(() => parseEnvironment({ ...production, areas: { logs: { version: '1.0.0', url: '/x', manifest: CONSOLE_AREAS.storage } } })).toThrow(
      'areas.logs.manifest.id: the manifest is the "storage" area\'s',
    );
  });

  it('reads /environment.json once and reuses it', async () => {
    const asked: string[] = [];
    const fetch = async (url: string) => {
      asked.push(url);
      return answer(200, production);
    };
    const first = await loadEnvironment({ fetch });
    const second = await loadEnvironment({ fetch });
    expect(second).toBe(first);
    expect(asked).toEqual(['/environment.json']);
  });

  it('says which address failed, and tries again on the next call', async () => {
    await expect(loadEnvironment({ fetch: async () => answer(404, { message: 'Not found' }) })).rejects.toThrow(
      'Could not load /environment.json: the server answered 404.',
    );
    await expect(loadEnvironment({ fetch: async () => answer(200, production) })).resolves.toMatchObject({ name: 'production' });
  });

  it('takes the answer the entry asked for early, and asks again only after a failure', async () => {
    const requests: string[] = [];
    let status = 503;
    vi.stubGlobal('fetch', async (url: string) => {
      requests.push(url);
      return answer(status, status === 200 ? production : { message: 'Unavailable' });
    });
    requestEnvironmentEarly();
    await expect(loadEnvironment()).rejects.toThrow('Could not load /environment.json: the server answered 503.');
    expect(requests).toEqual(['/environment.json']);
    status = 200;
    await expect(loadEnvironment()).resolves.toMatchObject({ name: 'production' });
    expect(requests).toEqual(['/environment.json', '/environment.json']);
  });

  it("takes the request the console document's script started, asking nothing itself", async () => {
    const requests: string[] = [];
    vi.stubGlobal('fetch', async (url: string) => {
      requests.push(url);
      return answer(200, production);
    });
    const scope: Record<string, unknown> = { __plinthEnvironment: Promise.resolve(answer(200, { ...production, name: 'from-the-document' })) };
    requestEnvironmentEarly(scope);
    expect(scope.__plinthEnvironment).toBeUndefined();
    await expect(loadEnvironment()).resolves.toMatchObject({ name: 'from-the-document' });
    expect(requests).toEqual([]);
  });
});
