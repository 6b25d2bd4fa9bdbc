import { afterEach, describe, expect, it, vi } from 'vitest';
import { createHttp, dropPreloaded, type AreaManifest } from '@plinth/shared-contracts';
import { STORAGE_MANIFEST_WITH_PRELOADS } from '@plinth/shared-contracts/testing';
import { areaPreloadsOf, startAreaPreloads } from './area-preloads';
import type { AreaManifests } from './area-table';

const storage = STORAGE_MANIFEST_WITH_PRELOADS;
const account: AreaManifest = { id: 'settings-billing', title: 'Settings', routes: { project: ['settings'], root: ['account'] }, pages: [{ path: 'account/me', title: 'Account', preload: ['/platform/profile'] }], nav: [] };
const areas = { storage, 'settings-billing': account } as unknown as AreaManifests;

afterEach(() => dropPreloaded());

describe("an area page's first calls", () => {
  it('are the calls its manifest lists, for the project and the page the address opens', () => {
    expect(areaPreloadsOf('/project/abc/storage/buckets', areas)).toEqual(['/api/platform/storage/abc/buckets']);
    expect(areaPreloadsOf('/project/abc/storage/buckets/avatars', areas)).toEqual(['/api/platform/storage/abc/buckets', '/api/platform/storage/abc/buckets/avatars']);
    expect(areaPreloadsOf('/account/me', areas)).toEqual(['/api/platform/profile']);
    expect(areaPreloadsOf('/project/abc', areas)).toEqual([]);
    expect(areaPreloadsOf('/project/abc/storage/policies', areas)).toEqual([]);
  });

  it('start when the shell opens the area, and the page’s own first call takes the answer', async () => {
    const shellFetch = vi.fn(async () => new Response(JSON.stringify([{ id: 'avatars' }]), { status: 200 })) as unknown as typeof fetch;
    expect(startAreaPreloads('/project/abc/storage/buckets', areas, { fetch: shellFetch })).toEqual(['/api/platform/storage/abc/buckets']);
    const areaFetch = vi.fn(async () => new Response('[]', { status: 200 })) as unknown as typeof fetch;
    const areaHttp = createHttp({ baseUrl: '/api', fetch: areaFetch });
    expect(await areaHttp('GET', '/platform/storage/abc/buckets')).toEqual([{ id: 'avatars' }]);
    expect(shellFetch).toHaveBeenCalledTimes(1);
    expect(areaFetch).not.toHaveBeenCalled();
  });
});
