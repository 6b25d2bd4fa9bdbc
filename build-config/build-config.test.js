import { mkdtempSync, writeFileSync, mkdirSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { areaBuildStamp, createSharedModules, remoteNameOf, sharedSubpaths } from './index.js';

const hostDir = path.resolve(import.meta.dirname, '../host-shell');

describe('shared modules', () => {
  it('shares React, its subpath entries, the router, query, zustand and emotion as singletons at their installed versions', () => {
    const shared = createSharedModules(hostDir);
    for (const name of ['react', 'react/jsx-runtime', 'react-dom', 'react-dom/client', 'react-router', 'react-router/dom', 'react-router-dom', '@tanstack/react-query', 'zustand', '@emotion/react', '@emotion/react/jsx-runtime']) {
      expect(shared[name], name).toMatchObject({ singleton: true });
    }
    expect(shared.react.version).toMatch(/^19\./);
    expect(shared.react.requiredVersion).toBe(`^${shared.react.version}`);
  });

  it('shares every shipped subpath of shared-ui as a singleton and shared-contracts by major, not as a singleton', () => {
    const shared = createSharedModules(hostDir);
    expect(shared['@plinth/shared-ui/theme']).toMatchObject({ singleton: true });
    expect(shared['@plinth/shared-ui/area']).toMatchObject({ singleton: true });
    expect(Object.keys(shared).some((key) => key.includes('testing'))).toBe(false);
    expect(shared['@plinth/shared-contracts']).toMatchObject({ singleton: false, requiredVersion: '^1.0.0' });
  });

  it('derives the subpath list from a package’s exports, leaving out package.json, test helpers and missing files', () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'plinth-exports-'));
    mkdirSync(path.join(dir, 'src/menu'), { recursive: true });
    writeFileSync(path.join(dir, 'src/index.ts'), '');
    writeFileSync(path.join(dir, 'src/menu/index.ts'), '');
    writeFileSync(
      path.join(dir, 'package.json'),
      JSON.stringify({
        name: '@plinth/kit',
        exports: { '.': './src/index.ts', './menu': './src/menu/index.ts', './toast': './src/toast/index.ts', './testing/setup': './src/testing/setup.ts', './package.json': './package.json' },
      }),
    );
    expect(sharedSubpaths(path.join(dir, 'package.json'))).toEqual(['@plinth/kit', '@plinth/kit/menu']);
  });
});

describe('area build stamp', () => {
  it('takes the package version unless AREA_VERSION overrides it, and the workspace contracts major', () => {
    expect(areaBuildStamp({ area: 'logs', version: '1.2.0', env: {} })).toEqual({ area: 'logs', version: '1.2.0', contractsMajor: 1, fault: null });
    expect(areaBuildStamp({ area: 'logs', version: '1.2.0', env: { AREA_VERSION: '0.9.0', AREA_CONTRACTS_MAJOR: '0', AREA_FAULT: 'throw-on-mount' } })).toEqual({
      area: 'logs',
      version: '0.9.0',
      contractsMajor: 0,
      fault: 'throw-on-mount',
    });
  });

  it('rejects an unknown fault or a major that is not a number, saying what is allowed', () => {
    expect(() => areaBuildStamp({ area: 'logs', version: '1.0.0', env: { AREA_FAULT: 'explode' } })).toThrow(
      'AREA_FAULT="explode" is not a known test fault; use one of: throw-on-mount.',
    );
    expect(() => areaBuildStamp({ area: 'logs', version: '1.0.0', env: { AREA_CONTRACTS_MAJOR: 'two' } })).toThrow('AREA_CONTRACTS_MAJOR="two" must be a whole number.');
  });

  it('names each area container after the area', () => {
    expect(remoteNameOf('settings-billing')).toBe('plinth_settings_billing');
  });
});
