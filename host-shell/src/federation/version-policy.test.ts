import { describe, expect, it } from 'vitest';
import { checkAreaModule } from './version-policy';

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
});
