import { describe, expect, it } from 'vitest';
import { parseAreaManifest, type AreaManifest } from './area-manifest';
import { preloadsOfPath } from './area-preloads';
import { STORAGE_MANIFEST_WITH_PRELOADS } from './testing';

const scheduler: AreaManifest = {
  id: 'scheduler',
  title: 'Scheduler',
  routes: { project: ['scheduler'] },
  pages: [{ path: 'scheduler/*', title: 'Scheduled Jobs', shownWhile: ['service-offline'] }],
  nav: [{ key: 'scheduler', label: 'Scheduled Jobs', path: 'scheduler', icon: 'clock', order: 75, hostedOnly: true }],
  links: { buckets: { area: 'storage', target: 'buckets' } },
  targets: { jobs: '/project/:ref/scheduler' },
};

describe('area manifest', () => {
  it('accepts an area it has never heard of', () => {
    expect(parseAreaManifest(JSON.parse(JSON.stringify(scheduler)))).toEqual(scheduler);
  });

  it('names the fields that are wrong', () => {
    const broken = { ...scheduler, id: 'Scheduler Area', nav: [{ ...scheduler.nav[0], order: 'last' }] };
    expect(() => parseAreaManifest(broken, 'mfe-scheduler/area.manifest.ts')).toThrow(
      /^mfe-scheduler\/area\.manifest\.ts is not valid: id: id must be lowercase words joined by dashes; nav\.0\.order: /,
    );
  });

  it('refuses a status screen that does not exist and a target that is not a path', () => {
    expect(() => parseAreaManifest({ ...scheduler, pages: [{ path: 'scheduler', title: 'Jobs', shownWhile: ['upgrading'] }] })).toThrow('pages.0.shownWhile.0');
    expect(() => parseAreaManifest({ ...scheduler, targets: { jobs: 'scheduler' } })).toThrow('targets.jobs: a target is a path starting with /');
  });

  it('refuses pages and rail entries outside the segments the area owns', () => {
    const stray = {
      ...scheduler,
      pages: [{ path: 'storage/buckets', title: 'Buckets' }],
      nav: [scheduler.nav[0], { ...scheduler.nav[0], selfHostedPath: 'sql/1' }],
    };
    expect(() => parseAreaManifest(stray)).toThrow(
      'page "storage/buckets" is not under a route segment the area owns; nav entry "scheduler" is declared twice; nav entry "scheduler" leads to "sql/1", outside the area\'s project segments',
    );
  });

  it('keeps the side-menu entry and the redirect of a page, and drops what is not data', () => {
    const withMenu = {
      ...scheduler,
      pages: [
        { path: 'scheduler/jobs', title: 'Jobs', permission: 'projects_write', menu: { group: 'Manage', label: 'Jobs' }, load: () => null },
        { path: 'scheduler', title: 'Jobs', redirect: 'scheduler/jobs' },
      ],
    };
    expect(parseAreaManifest(withMenu).pages).toEqual([
      { path: 'scheduler/jobs', title: 'Jobs', permission: 'projects_write', menu: { group: 'Manage', label: 'Jobs' } },
      { path: 'scheduler', title: 'Jobs', redirect: 'scheduler/jobs' },
    ]);
    expect(() => parseAreaManifest({ ...scheduler, pages: [{ path: 'scheduler', title: 'Jobs', menu: { group: 'Manage' } }] })).toThrow('pages.0.menu.label');
  });

  describe("a page's preloads", () => {
    const storage = STORAGE_MANIFEST_WITH_PRELOADS;

    it('are filled with the project and the address parameters, each one encoded segment, for the most specific page', () => {
      expect(preloadsOfPath(storage, 'storage/buckets', 'abc')).toEqual(['/api/platform/storage/abc/buckets']);
      expect(preloadsOfPath(storage, '/storage/buckets/my%20files', 'abc')).toEqual(['/api/platform/storage/abc/buckets', '/api/platform/storage/abc/buckets/my%20files']);
      expect(preloadsOfPath(storage, 'storage/buckets/a%2Fb', 'abc')[1]).toBe('/api/platform/storage/abc/buckets/a%2Fb');
      expect(preloadsOfPath(storage, 'storage/settings', 'abc')).toEqual([]);
    });

    it('leave out a call whose value is a dot segment or missing', () => {
      expect(preloadsOfPath(storage, 'storage/buckets/..', 'abc')).toEqual(['/api/platform/storage/abc/buckets']);
      expect(preloadsOfPath(storage, 'storage/buckets', undefined)).toEqual([]);
    });

    it('must be API paths whose placeholders are the project or the page parameters (build and publish refuse others)', () => {
      const withPreload = (preload: string[]) => ({ ...storage, pages: [{ path: 'storage/buckets/:bucketId', title: 'Storage', preload }] });
      expect(() => parseAreaManifest(withPreload(['/platform/storage/{ref}/buckets/{bucketId}']))).not.toThrow();
      expect(() => parseAreaManifest(withPreload(['https://elsewhere.test/x']))).toThrow('preloads "https://elsewhere.test/x": a preload is an API path starting with one "/"');
      expect(() => parseAreaManifest(withPreload(['//elsewhere.test/x']))).toThrow('a preload is an API path starting with one "/"');
      expect(() => parseAreaManifest(withPreload(['/platform/../auth/x']))).toThrow('".." is not a path segment of the API');
      expect(() => parseAreaManifest(withPreload(['/platform/x?page=1&per_page=50']))).not.toThrow();
      expect(() => parseAreaManifest(withPreload(['/platform/x?page={bucketId}']))).toThrow("a preload's query is fixed name=value pairs");
      expect(() => parseAreaManifest(withPreload(['/platform/x#top']))).toThrow('a preload has no fragment');
      expect(() => parseAreaManifest(withPreload(['/platform/{slug}/x']))).toThrow("{slug} is neither {ref} nor a parameter of the page's path");
    });
  });
});
