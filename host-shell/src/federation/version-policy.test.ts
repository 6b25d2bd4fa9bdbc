import { describe, expect, it } from 'vitest';
import type { RuntimeProvides, RuntimeRequires } from '@plinth/shared-contracts';
import { checkAreaModule, checkAreaNeeds } from './version-policy';

const lifecycles = { bootstrap: async () => undefined, mount: async () => undefined, unmount: async () => undefined };

describe('version policy', () => {
  it('accepts an area built against the console’s contracts major', () => {
    expect(checkAreaModule('logs', { area: 'logs', version: '2.0.0', contractsMajor: 1, ...lifecycles }, 1, 'Logs').ok).toBe(true);
  });

  it('accepts an area the console has never heard of, named by its manifest\'s title', () => {
    expect(checkAreaModule('scheduler', { area: 'scheduler', version: '1.0.0', contractsMajor: 1, ...lifecycles }, 1, 'Scheduler').ok).toBe(true);
    expect(checkAreaModule('scheduler', { area: 'scheduler', version: '1.0.0', ...lifecycles }, 1)).toMatchObject({
      message: 'The scheduler area (version 1.0.0) does not state which contracts version it was built for.',
    });
  });

  it('refuses another major with a message naming the area, its version and both majors', () => {
    expect(checkAreaModule('logs', { area: 'logs', version: '0.9.0', contractsMajor: 0, ...lifecycles }, 1, 'Logs')).toEqual({
      ok: false,
      message:
        'The Logs area (version 0.9.0) was built for contracts v0 and cannot run in this console (contracts v1). Ask its team to publish a compatible version.',
    });
  });

  it('refuses a remote that is another area, states no major, or lacks a lifecycle', () => {
    expect(checkAreaModule('logs', { area: 'storage', version: '1.0.0', contractsMajor: 1, ...lifecycles }, 1, 'Logs')).toMatchObject({
      message: 'The remote registered for the Logs area is the "storage" area.',
    });
    expect(checkAreaModule('logs', { area: 'logs', version: '1.0.0', ...lifecycles }, 1, 'Logs')).toMatchObject({
      message: 'The Logs area (version 1.0.0) does not state which contracts version it was built for.',
    });
    expect(checkAreaModule('logs', { area: 'logs', version: '1.0.0', contractsMajor: 1, bootstrap: lifecycles.bootstrap }, 1, 'Logs')).toMatchObject({
      message: 'The Logs area (version 1.0.0) does not export its "mount" lifecycle.',
    });
  });

  describe('what the area needs of the shell (its environment entry\'s requires)', () => {
    const shell: RuntimeProvides = {
      modules: {
        react: { version: '19.3.1' },
        '@plinth/shared-ui/button': { version: '1.1.0', exports: ['Button', 'IconButton'] },
        'react-router-dom': { version: '7.18.5', exports: ['Link', 'Route', 'Routes'] },
      },
      contracts: { '@plinth/shared-contracts': 1 },
    };
    const needs = (modules: RuntimeRequires['modules'], contracts?: RuntimeRequires['contracts']): RuntimeRequires => ({ modules, contracts });
    const logs = { area: 'logs', version: '1.4.0', contractsMajor: 1, ...lifecycles };

    it('accepts an area built against an older minor of what the shell provides', () => {
      const older = needs({ '@plinth/shared-ui/button': { requiredVersion: '^1.0.0', imports: ['Button'] }, react: { requiredVersion: '^19.0.0', imports: null } });
      expect(checkAreaModule('logs', logs, 1, 'Logs', older, shell).ok).toBe(true);
    });

    it('refuses an area built against a newer minor, naming the module and both versions', () => {
      const newer = needs({ '@plinth/shared-ui/button': { requiredVersion: '^1.2.0', imports: ['Button'] } });
      expect(checkAreaModule('logs', logs, 1, 'Logs', newer, shell)).toEqual({
        ok: false,
        message:
          'The Logs area (version 1.4.0) cannot run in this console: it was built against @plinth/shared-ui/button ^1.2.0 and the shell provides @plinth/shared-ui/button 1.1.0. Ask its team to publish a compatible version, or update the shell.',
      });
    });

    it('refuses an area importing an export the shell\'s module lacks, naming the export', () => {
      const badge = needs({ '@plinth/shared-ui/button': { requiredVersion: '^1.0.0', imports: ['Button', 'SplitButton'] } });
      expect(checkAreaModule('logs', logs, 1, 'Logs', badge, shell)).toMatchObject({
        message:
          'The Logs area (version 1.4.0) cannot run in this console: it imports "SplitButton" from @plinth/shared-ui/button, which the shell\'s @plinth/shared-ui/button 1.1.0 does not export. Ask its team to publish a compatible version, or update the shell.',
      });
    });

    it('refuses an area needing a shared module the shell does not provide', () => {
      const table = needs({ '@plinth/shared-ui/grid': { requiredVersion: '^1.3.0', imports: ['Grid'] } });
      expect(checkAreaNeeds('Logs', '1.4.0', table, shell)).toEqual({
        ok: false,
        message:
          'The Logs area (version 1.4.0) cannot run in this console: it needs the shared module @plinth/shared-ui/grid ^1.3.0, which the shell does not provide. Ask its team to publish a compatible version, or update the shell.',
      });
    });

    it('refuses an area built for another major of a contracts package the shell carries, and ignores one it does not', () => {
      expect(checkAreaNeeds('Logs', '1.4.0', needs({}, { '@plinth/shared-contracts': 2, '@plinth/contracts-logs': 7 }), shell)).toMatchObject({
        message:
          'The Logs area (version 1.4.0) cannot run in this console: it was built for @plinth/shared-contracts v2 and the shell carries @plinth/shared-contracts v1. Ask its team to publish a compatible version, or update the shell.',
      });
    });

    it('names every missing piece at once, and lets an entry without requires through', () => {
      const both = needs({
        'react-router-dom': { requiredVersion: '^7.20.0', imports: ['Link', 'useBlocker'] },
      });
      const check = checkAreaNeeds('Logs', '1.4.0', both, shell);
      expect(check.ok).toBe(false);
      expect(!check.ok && check.message).toContain(
        'it was built against react-router-dom ^7.20.0 and the shell provides react-router-dom 7.18.5; it imports "useBlocker" from react-router-dom, which the shell\'s react-router-dom 7.18.5 does not export.',
      );
      expect(checkAreaNeeds('Logs', '1.4.0', undefined, shell).ok).toBe(true);
    });
  });
});
