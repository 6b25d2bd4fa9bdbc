import { describe, expect, it } from 'vitest';
import { createInstance } from '@module-federation/enhanced/runtime';
import { createFederationAreaLoader, registerAreaRemotes, remoteNameOf } from './remotes';
import { parseEnvironment } from './environment';

const environment = parseEnvironment({
  name: 'staging',
  buildMode: 'self-hosted',
  areas: {
    storage: { version: '1.0.0', url: '/remotes/storage/1.0.0/mf-manifest.json' },
    'auth-policies': { version: '1.0.0', url: 'http://127.0.0.1:9/remotes/auth-policies/1.0.0/mf-manifest.json' },
  },
});

function freshFederation(name: string) {
  return createInstance({ name, remotes: [], shareStrategy: 'loaded-first' });
}

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
    const federation = freshFederation('plinth_host_retry');
    const loader = createFederationAreaLoader(environment, federation);
    loader.reset('storage');
    loader.reset('storage');
    expect(federation.options.remotes.filter((remote) => remote.name === 'plinth_storage')).toHaveLength(1);
  });

  it('fails with an error when a remote is down, and refuses an area the environment lacks', async () => {
    const federation = freshFederation('plinth_host_down');
    const loader = createFederationAreaLoader(environment, federation);
    await expect(loader.load('auth-policies')).rejects.toThrow(/manifest/i);
    await expect(loader.load('logs')).rejects.toThrow('The Logs area is not part of the "staging" environment.');
  });
});
