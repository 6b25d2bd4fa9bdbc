import { describe, expect, it } from 'vitest';
import { cleanup, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createFakeApi, PROJECT_REF, projectUsage } from '@plinth/area-kit/testing';
import { renderArea } from '../../testing/render-area';
import { formatBytes, levelOf } from './usage-figures';

const MB = 1024 * 1024;
const figure = (key: string) => document.querySelector(`[data-figure="${key}"]`)?.textContent;

function seeded() {
  const api = createFakeApi();
  api.state.projectUsage = [
    projectUsage('alpha', { db: 100 * MB, storage: 2 * MB, egress: 3 * MB, mau: 42_000, requests: { rest: 1200, auth: 30, storage: 70 } }),
    projectUsage('beta', { db: 20 * MB, storage: 0, egress: 1 * MB, mau: 10, requests: { rest: 5, auth: 0, storage: 0 } }),
  ];
  return api;
}

describe('organization usage page', () => {
  it("shows the organization's figures against the free plan's limits, and each project's in a table", async () => {
    renderArea('/org/acme/usage', { api: seeded() });
    expect(await screen.findByRole('heading', { name: 'Organization: this billing period' })).toBeTruthy();
    expect(figure('db_size')).toBe('120 MB of 500 MB');
    expect(figure('storage_size')).toBe('2 MB of 1 GB');
    expect(figure('monthly_active_users')).toBe('42,010 of 50,000');
    expect(figure('api_requests')).toBe('1,305');
    // 84 % of the MAU quota: the card warns
    const mauCard = screen.getByRole('region', { name: 'Monthly active users' });
    expect(within(mauCard).getByText('Approaching limit')).toBeTruthy();
    expect(within(mauCard).getByRole('meter').getAttribute('aria-valuenow')).toBe('84');
    const table = screen.getByRole('grid', { name: 'Usage by project' });
    expect(within(table).getByText('alpha')).toBeTruthy();
    expect(within(table).getByText('1,300')).toBeTruthy();
  });

  it('narrows to one project from the table, keeping the choice in the address', async () => {
    const user = userEvent.setup();
    const { location } = renderArea('/org/acme/usage', { api: seeded() });
    await user.click(await screen.findByText('beta'));
    expect(await screen.findByRole('heading', { name: 'beta: this billing period' })).toBeTruthy();
    expect(figure('db_size')).toBe('20 MB of 500 MB');
    expect(figure('monthly_active_users')).toBe('10 of 50,000');
    expect(location()).toContain('projectRef=beta');
    expect(screen.queryByRole('grid', { name: 'Usage by project' })).toBeNull();
  });

  it('says when the request log could not answer instead of showing zero, and retries a failed load', async () => {
    const user = userEvent.setup();
    const api = seeded();
    api.state.projectUsage = [{ ...api.state.projectUsage[0]!, monthly_active_users: undefined, api_requests: undefined }];
    api.failures['usage.getOrganizationUsage'] = { status: 503, message: 'The platform is restarting' };
    renderArea('/org/acme/usage', { api });
    expect((await screen.findByRole('alert')).textContent).toContain('Failed to retrieve usage');
    delete api.failures['usage.getOrganizationUsage'];
    await user.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('heading', { name: 'Organization: this billing period' })).toBeTruthy();
    // the sums of the fake count missing app figures as zero; the project's own card says it plainly
    await user.click(screen.getByText('alpha'));
    expect(await screen.findByRole('heading', { name: 'alpha: this billing period' })).toBeTruthy();
    expect(figure('monthly_active_users')).toBe('Not available right now');
  });

  it('an organization without projects says how to get figures', async () => {
    renderArea('/org/acme/usage');
    expect(await screen.findByRole('heading', { name: 'No projects yet' })).toBeTruthy();
  });
});

describe('usage figures', () => {
  it('formats sizes in base 1024 and marks 80 % of a limit as approaching, the limit as reached', () => {
    expect(formatBytes(1536)).toBe('1.5 KB');
    expect(formatBytes(500 * MB)).toBe('500 MB');
    expect(levelOf(79, 100)).toBe('within');
    expect(levelOf(80, 100)).toBe('approaching');
    expect(levelOf(100, 100)).toBe('over');
    expect(levelOf(5, null)).toBe('within');
  });
});

describe('usage per day', () => {
  const day = (date: string, requests: number, db: number | null) => ({ date, requests, egress_bytes: requests * 1000, db_size: db, storage_size: db === null ? null : 0 });

  it('draws a chart per metric for the organization, and for the project picked, with the plan limit on the sizes', async () => {
    const api = seeded();
    api.state.usageDays = {
      alpha: [day('2026-03-01', 100, 90 * MB), day('2026-03-02', 300, 100 * MB)],
      beta: [day('2026-03-01', 5, null), day('2026-03-02', 0, 20 * MB)],
    };
    renderArea('/org/acme/usage', { api });
    const requests = await screen.findByRole('img', { name: 'API requests per day: 405 in all, highest 300 on 2026-03-02' });
    expect([...requests.querySelectorAll('rect')].map((r) => r.getAttribute('data-day'))).toEqual(['2026-03-01', '2026-03-02']);
    expect(screen.getByRole('img', { name: 'Database size per day: highest 120 MB on 2026-03-02, the plan includes 500 MB' }).querySelector('[data-limit]')).not.toBeNull();
    expect(api.argsOf('usageDaily.getUsageDaily')).toEqual([['acme', null]]);
    cleanup();
    renderArea('/org/acme/usage?projectRef=beta', { api });
    expect(await screen.findByRole('img', { name: 'API requests per day: 5 in all, highest 5 on 2026-03-01' })).toBeTruthy();
    expect(api.argsOf('usageDaily.getUsageDaily').at(-1)).toEqual(['acme', 'beta']);
  });

  it("the project's own usage page charts that project", async () => {
    const api = seeded();
    api.state.projectUsage.push(projectUsage(PROJECT_REF, { db: 5 * MB }));
    api.state.usageDays = { [PROJECT_REF]: [day('2026-03-01', 7, 5 * MB)] };
    renderArea('settings/billing/usage', { api });
    expect(await screen.findByRole('img', { name: 'API requests per day: 7 in all, highest 7 on 2026-03-01' })).toBeTruthy();
    expect(api.argsOf('usageDaily.getUsageDaily')).toEqual([['acme', PROJECT_REF]]);
  });

  it('says when nothing was measured, and when the days cannot be read', async () => {
    const api = seeded();
    renderArea('/org/acme/usage', { api });
    expect(await screen.findByRole('img', { name: 'Egress per day: nothing measured yet this period' })).toBeTruthy();
    cleanup();
    api.failures['usageDaily.getUsageDaily'] = { status: 503, message: 'The log store did not answer' };
    renderArea('/org/acme/usage', { api });
    expect(await screen.findByText('Failed to retrieve usage per day')).toBeTruthy();
    expect(screen.getByText('The log store did not answer')).toBeTruthy();
  });
});
