// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';
import { ALL_PERMISSIONS, PERMISSIONS, type AreaManifest } from '@plinth/shared-contracts';
import { ShellSettingsProvider } from '../../app/shell-settings';
import { CONSOLE_AREAS, SCHEDULER_AREA } from '../../areas/testing/console-areas';
import { navLinks, railEntryRefusal } from './nav-items';
import { NavRail } from './nav-rail';
import { GroupedNav } from './grouped-nav';

function Where() {
  return <output data-testid="where">{useLocation().pathname}</output>;
}

/** The scheduler fixture with its jobs page behind a permission. */
const LOCKED_SCHEDULER: AreaManifest = { ...SCHEDULER_AREA, pages: [{ path: 'scheduler/jobs', title: 'Scheduled Jobs', permission: PERMISSIONS.PROJECTS_WRITE }] };
const AREAS = { ...CONSOLE_AREAS, scheduler: LOCKED_SCHEDULER };

function renderRail(permissions: readonly string[] | undefined) {
  render(
    <ShellSettingsProvider value={{ buildMode: 'hosted', areas: AREAS }}>
      <MemoryRouter initialEntries={['/project/r1']}>
        <NavRail projectRef="r1" comingUp={false} permissions={permissions} />
        <Routes>
          <Route path="*" element={<Where />} />
        </Routes>
      </MemoryRouter>
    </ShellSettingsProvider>,
  );
  return screen.getByRole('navigation', { name: 'Project' });
}

describe('the rail and page permissions', () => {
  it("greys out an entry whose page the member lacks the permission for, naming the permission, and does not follow it", async () => {
    const rail = renderRail(ALL_PERMISSIONS.filter((p) => p !== PERMISSIONS.PROJECTS_WRITE));
    const jobs = within(rail).getByRole('link', { name: 'Scheduled Jobs' });
    expect(jobs.getAttribute('aria-disabled')).toBe('true');
    expect(jobs.getAttribute('href')).toBeNull();
    const reason = document.getElementById(jobs.getAttribute('aria-describedby') ?? '');
    expect(reason?.textContent).toBe('You need the projects write permission to open Scheduled Jobs');
    await userEvent.click(jobs);
    expect(screen.getByTestId('where').textContent).toBe('/project/r1');
    // The other entries stay open.
    const storage = within(rail).getByRole('link', { name: 'Storage' });
    expect(storage.getAttribute('aria-disabled')).toBeNull();
    await userEvent.click(storage);
    expect(screen.getByTestId('where').textContent).toBe('/project/r1/storage/buckets');
  });

  it('leaves the entry open to a member holding the permission, and while permissions are not known yet', () => {
    for (const permissions of [ALL_PERMISSIONS, undefined]) {
      const rail = renderRail(permissions);
      const jobs = within(rail).getByRole('link', { name: 'Scheduled Jobs' });
      expect(jobs.getAttribute('aria-disabled')).toBeNull();
      expect(jobs.getAttribute('href')).toBe('/project/r1/scheduler/jobs');
      rail.parentElement?.remove();
    }
  });

  it("reads the permission from the page the entry leads to in the area's manifest", () => {
    const logs = navLinks('r1', 'hosted', false, CONSOLE_AREAS).find((link) => link.key === 'logs');
    expect(logs?.permission).toBe(PERMISSIONS.ANALYTICS_READ_LOGS);
    expect(railEntryRefusal(logs!, [PERMISSIONS.SQL_ADMIN_READ])).toBe('You need the analytics read on logs permission to open Logs');
    expect(railEntryRefusal(logs!, [PERMISSIONS.ANALYTICS_READ_LOGS])).toBeNull();
    expect(navLinks('r1', 'hosted', false, CONSOLE_AREAS).find((link) => link.key === 'storage')?.permission).toBeUndefined();
  });

  it('greys out the same entry in the grouped navigation (navigation_layout_v2)', () => {
    const links = navLinks('r1', 'hosted', false, AREAS);
    render(
      <MemoryRouter initialEntries={['/project/r1']}>
        <GroupedNav id="rail" links={links} active="home" open={false} permissions={[PERMISSIONS.SQL_ADMIN_READ, PERMISSIONS.ANALYTICS_READ_LOGS]} />
      </MemoryRouter>,
    );
    const nav = screen.getByRole('navigation', { name: 'Project' });
    const jobs = within(nav).getByRole('link', { name: 'Scheduled Jobs' });
    expect(jobs.getAttribute('aria-disabled')).toBe('true');
    expect(document.getElementById(jobs.getAttribute('aria-describedby') ?? '')?.textContent).toBe('You need the projects write permission to open Scheduled Jobs');
    expect(within(nav).getByRole('link', { name: 'Logs' }).getAttribute('aria-disabled')).toBeNull();
  });
});
