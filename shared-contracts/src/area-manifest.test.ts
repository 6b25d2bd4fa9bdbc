import { describe, expect, it } from 'vitest';
import { parseAreaManifest, type AreaManifest } from './area-manifest';

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
});
