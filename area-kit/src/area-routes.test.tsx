import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useParams } from 'react-router-dom';
import { useQuery } from '@tanstack/react-query';
import { ALL_PERMISSIONS, PERMISSIONS } from '@plinth/shared-contracts';
import { createAreaApp } from './area-routes';
import { areaDefinitionProblems, defineArea, type SectionMenuProps } from './define-area';
import { AreaSideMenu } from './AreaSideMenu';
import { PROJECT_REF, renderArea } from './testing';

function JobList() {
  return <h1>All jobs</h1>;
}
function JobPage() {
  const { jobId } = useParams();
  const runs = useQuery({ queryKey: ['runs', jobId], queryFn: () => Promise.resolve([] as string[]) });
  return <h1>{`Job ${jobId}${runs.isSuccess ? ' (runs known)' : ''}`}</h1>;
}
function CostsPage() {
  return <h1>Job costs</h1>;
}
function CloudPage() {
  return <h1>Runner fleet</h1>;
}
function ArchiveMenu({ title, groups }: SectionMenuProps) {
  return (
    <AreaSideMenu title={title} groups={groups}>
      <p>Archived jobs are kept 30 days.</p>
    </AreaSideMenu>
  );
}

const definition = defineArea({
  id: 'scheduler',
  title: 'Scheduler',
  routes: { project: ['jobs', 'archive'] },
  sections: [
    { path: 'jobs', title: 'Jobs', index: 'jobs/list', notFound: 'This page is not part of Jobs.' },
    { path: 'archive', title: 'Archive', index: 'archive/old', menu: 'ArchiveMenu', permission: PERMISSIONS.PROJECTS_WRITE, noAccess: { title: 'The archive is closed to you', action: 'open the archive' } },
  ],
  pages: [
    { path: 'jobs/list', title: 'Jobs', menu: { label: 'All jobs' }, load: () => Promise.resolve({ default: JobList }) },
    { path: 'jobs/costs', title: 'Jobs', permission: PERMISSIONS.BILLING_READ, menu: { group: 'Reports', label: 'Costs' }, load: () => Promise.resolve(CostsPage) },
    { path: 'jobs/cloud', title: 'Jobs', hostedOnly: true, menu: { group: 'Reports', label: 'Cloud runners' }, load: () => Promise.resolve(CloudPage) },
    { path: 'jobs/:jobId', title: 'Jobs', load: () => Promise.resolve({ default: JobPage }), queries: async ({ params }) => [{ queryKey: ['runs', params.jobId], queryFn: () => ['first'] }] },
    { path: 'archive/old', title: 'Archive', menu: { label: 'Old jobs' }, load: () => Promise.resolve(() => <h1>Old jobs</h1>) },
    { path: 'jobs-legacy', title: 'Jobs', redirect: 'jobs/list' },
  ],
  nav: [{ key: 'jobs', label: 'Jobs', path: 'jobs/list', icon: 'clock', order: 75 }],
  targets: { job: '/project/:ref/jobs/:jobId' },
});
const App = createAreaApp(definition, { menus: { ArchiveMenu } });
const manifest = { id: 'scheduler' };
const WITHOUT_BILLING = ALL_PERMISSIONS.filter((p) => p !== PERMISSIONS.BILLING_READ);

const menuLinks = (name: string) =>
  within(screen.getByRole('navigation', { name })).getAllByRole('link').map((link) => [link.textContent, link.getAttribute('href')]);

describe('an area rendered from its definition', () => {
  it("opens the section's index, and draws its side menu from the pages' menu entries, grouped in declared order", async () => {
    const { location } = renderArea(App, { manifest, at: 'jobs' });
    expect(await screen.findByRole('heading', { name: 'All jobs' })).toBeTruthy();
    expect(location()).toBe('/jobs/list');
    expect(menuLinks('Jobs')).toEqual([
      ['All jobs', `/project/${PROJECT_REF}/jobs/list`],
      ['Costs', `/project/${PROJECT_REF}/jobs/costs`],
      ['Cloud runners', `/project/${PROJECT_REF}/jobs/cloud`],
    ]);
    expect(screen.getByText('Reports')).toBeTruthy();
  });

  it('moves between pages from the menu', async () => {
    const { location } = renderArea(App, { manifest, at: 'jobs/list' });
    await userEvent.click(await screen.findByRole('link', { name: 'Costs' }));
    expect(await screen.findByRole('heading', { name: 'Job costs' })).toBeTruthy();
    expect(location()).toBe('/jobs/costs');

    await userEvent.click(screen.getByRole('link', { name: 'All jobs' }));
    expect(await screen.findByRole('heading', { name: 'All jobs' })).toBeTruthy();
    expect(location()).toBe('/jobs/list');
  });

  it('prefetches a page’s first queries into the cache while its code loads', async () => {
    const { queryClient } = renderArea(App, { manifest, at: 'jobs/nightly' });
    expect(await screen.findByRole('heading', { name: /^Job nightly/ })).toBeTruthy();
    await waitFor(() => expect(queryClient.getQueryData(['runs', 'nightly'])).toBeDefined());
  });

  it('says so for an address of a section, or of the area, that no page declares', async () => {
    renderArea(App, { manifest, at: 'jobs/nightly/extra' });
    expect(await screen.findByText('This page is not part of Jobs.')).toBeTruthy();
    renderArea(App, { manifest, at: 'nowhere' });
    expect(await screen.findByText('This page is not part of Scheduler.')).toBeTruthy();
  });

  it('follows a page that leads on to another', async () => {
    const { location } = renderArea(App, { manifest, at: 'jobs-legacy' });
    expect(await screen.findByRole('heading', { name: 'All jobs' })).toBeTruthy();
    expect(location()).toBe('/jobs/list');
  });

  it("hides a page from a member without its permission, and says what is missing when it is opened by address", async () => {
    renderArea(App, { manifest, at: 'jobs/costs', permissions: WITHOUT_BILLING });
    expect(await screen.findByRole('heading', { name: 'No access to Costs' })).toBeTruthy();
    expect(screen.getByRole('alert').textContent).toBe('You need additional permissions to view Costs. Contact your organization owner or adminstrator for assistance.');
    expect(screen.queryByRole('heading', { name: 'Job costs' })).toBeNull();
    expect(menuLinks('Jobs').map(([label]) => label)).toEqual(['All jobs', 'Cloud runners']);
  });

  it("closes a whole section, menu and all, to a member without the section's permission", async () => {
    renderArea(App, { manifest, at: 'archive/old', permissions: ALL_PERMISSIONS.filter((p) => p !== PERMISSIONS.PROJECTS_WRITE) });
    expect(await screen.findByRole('heading', { name: 'The archive is closed to you' })).toBeTruthy();
    expect(screen.getByRole('alert').textContent).toContain('You need additional permissions to open the archive.');
    expect(screen.queryByRole('navigation', { name: 'Archive' })).toBeNull();
    expect(definition.pages.find((p) => p.path === 'archive/old')?.permission).toBe(PERMISSIONS.PROJECTS_WRITE);
  });

  it("draws a section's own menu component with the groups of its pages", async () => {
    renderArea(App, { manifest, at: 'archive' });
    expect(await screen.findByRole('heading', { name: 'Old jobs' })).toBeTruthy();
    expect(screen.getByText('Archived jobs are kept 30 days.')).toBeTruthy();
    expect(menuLinks('Archive')).toEqual([['Old jobs', `/project/${PROJECT_REF}/archive/old`]]);
  });

  it('shows a hosted-only section outside the hosted build as the hosted-only notice alone, without its menu', async () => {
    const withCloud = defineArea({ ...definition, sections: [...definition.sections, { path: 'cloud', title: 'Cloud', hostedOnly: true }], pages: [...definition.pages, { path: 'cloud/fleet', title: 'Cloud', load: () => Promise.resolve(CloudPage) }] });
    expect(withCloud.pages.find((p) => p.path === 'cloud/fleet')?.hostedOnly).toBe(true);
    renderArea(createAreaApp(withCloud, { menus: { ArchiveMenu } }), { manifest, at: 'cloud/fleet', buildMode: 'self-hosted' });
    expect(screen.getByText('This page is only available on the hosted platform.')).toBeTruthy();
    expect(screen.queryByRole('navigation')).toBeNull();
    expect(screen.queryByRole('heading', { name: 'Runner fleet' })).toBeNull();
  });

  it('leaves hosted-only pages out of the self-hosted menu and shows the hosted-only notice at their address', async () => {
    renderArea(App, { manifest, at: 'jobs/cloud', buildMode: 'self-hosted' });
    expect(await screen.findByText('This page is only available on the hosted platform.')).toBeTruthy();
    expect(screen.queryByRole('heading', { name: 'Runner fleet' })).toBeNull();
    expect(menuLinks('Jobs').map(([label]) => label)).toEqual(['All jobs', 'Costs']);
  });
});

describe('the definition check', () => {
  it('refuses, when the area loads, a menu its definition names without a component, or one no section names', () => {
    expect(() => createAreaApp(definition)).toThrow('The scheduler area\'s menus do not match its definition: no component for the menu "ArchiveMenu"');
    expect(() => createAreaApp(definition, { menus: { ArchiveMenu, JobsMenu: ArchiveMenu } })).toThrow('no section names the menu "JobsMenu"');
  });

  it('passes a sound definition', () => {
    expect(areaDefinitionProblems(definition)).toEqual([]);
  });

  it('names a page declared twice, and addresses handed out that are no declared page', () => {
    const drifted = {
      ...definition,
      pages: [...definition.pages, { path: 'jobs/list/', title: 'Jobs', load: definition.pages[0]?.load }],
      nav: [{ key: 'jobs', label: 'Jobs', path: 'jobs/calendar/week', selfHostedPath: 'jobs/list', icon: 'clock', order: 75 }],
      targets: { job: '/project/:ref/jobs/:jobId', runs: '/project/:ref/runs' },
    };
    expect(areaDefinitionProblems(drifted)).toEqual([
      'page "jobs/list/" is declared twice',
      'nav entry "jobs" leads to "jobs/calendar/week", which is no declared page',
      'target "runs" (/project/:ref/runs) is no declared page',
    ]);
  });
});
