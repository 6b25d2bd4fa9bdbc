import { afterEach, describe, expect, it, vi } from 'vitest';
import { createInstance, type ModuleFederation } from '@module-federation/enhanced/runtime';
import { createFederationAreaLoader, registerAreaRemotes, remoteNameOf } from './remotes';
import { parseEnvironment } from './environment';
import { CONSOLE_AREAS } from '../areas/testing/console-areas';

const environment = parseEnvironment({
  name: 'staging',
  buildMode: 'self-hosted',
  areas: {
    storage: { version: '1.0.0', url: '/remotes/storage/1.0.0/mf-manifest.json', manifest: CONSOLE_AREAS.storage },
    'auth-policies': { version: '1.0.0', url: 'http://127.0.0.1:9/remotes/auth-policies/1.0.0/mf-manifest.json', manifest: CONSOLE_AREAS['auth-policies'] },
  },
});

function freshFederation(name: string) {
  return createInstance({ name, remotes: [], shareStrategy: 'loaded-first' });
}

/**
 * What the federation runtime writes to the console (warnings, errors) while a test provokes it,
 * kept out of the test output; each test asserts that every line is the one it expected.
 */
function captureConsole() {
  const spies = [vi.spyOn(console, 'warn'), vi.spyOn(console, 'error')].map((spy) => spy.mockImplementation(() => undefined));
  return () => spies.flatMap((spy) => spy.mock.calls.map((args) => args.map(String).join(' ')));
}

afterEach(() => vi.restoreAllMocks());

describe('remote registration', () => {
  it('names each area container after the area', () => {
    expect(remoteNameOf('storage')).toBe('plinth_storage');
    expect(remoteNameOf('settings-billing')).toBe('plinth_settings_billing');
  });

  it('registers every area of the environment with an absolute manifest URL and fetches nothing yet', () => {
    const federation = freshFederation('plinth_host_registration');
    registerAreaRemotes(environment, federation);
    const remotes = federation.options.remotes.map((remote) => ({ name: remote.name, entry: 'entry' in remote ? remote.entry : '' }));
    expect(remotes).toEqual([
      { name: 'plinth_storage', entry: new URL('/remotes/storage/1.0.0/mf-manifest.json', window.location.href).href },
      { name: 'plinth_auth_policies', entry: 'http://127.0.0.1:9/remotes/auth-policies/1.0.0/mf-manifest.json' },
    ]);
    expect(federation.moduleCache.size).toBe(0);
  });

  it('keeps one registration per area when a retry registers it again', () => {
    const logged = captureConsole();
    const federation = freshFederation('plinth_host_retry');
    const loader = createFederationAreaLoader(environment, federation);
    loader.reset('storage');
    loader.reset('storage');
    expect(federation.options.remotes.filter((remote) => remote.name === 'plinth_storage')).toHaveLength(1);
    expect(logged()).not.toHaveLength(0);
    for (const line of logged()) expect(line).toMatch(/The remote "plinth_storage" is already registered/);
  });

  it('fails with an error when a remote is down, and refuses an area the environment lacks', async () => {
    const logged = captureConsole();
    const federation = freshFederation('plinth_host_down');
    const loader = createFederationAreaLoader(environment, federation);
    await expect(loader.load('auth-policies')).rejects.toThrow(/manifest/i);
    await expect(loader.load('logs')).rejects.toThrow('The logs area is not part of the "staging" environment.');
    expect(logged()).not.toHaveLength(0);
    for (const line of logged()) expect(line).toMatch(/Failed to get manifest[\s\S]*auth-policies\/1\.0\.0\/mf-manifest\.json/);
  });

  it('shares one load between callers, and a failed load is tried again by the next call', async () => {
    const requests: string[] = [];
    let fail = true;
    const federation = {
      registerRemotes: () => undefined,
      loadRemote: async (id: string) => {
        requests.push(id);
        await new Promise((resolve) => setTimeout(resolve, 5));
        if (fail) throw new Error('Failed to get manifest: connection refused');
        return { area: 'storage' };
      },
    } as unknown as ModuleFederation;
    const loader = createFederationAreaLoader(environment, federation);
    const first = loader.load('storage');
    const second = loader.load('storage');
    await expect(first).rejects.toThrow('connection refused');
    await expect(second).rejects.toThrow('connection refused');
    expect(requests).toEqual(['plinth_storage/area']);

    fail = false;
    const [a, b] = await Promise.all([loader.load('storage'), loader.load('storage')]);
    expect(a).toBe(b);
    expect(requests).toEqual(['plinth_storage/area', 'plinth_storage/area']);
    await loader.load('storage');
    expect(requests).toHaveLength(2);
    loader.reset('storage');
    await loader.load('storage');
    expect(requests).toHaveLength(3);
  });
});
