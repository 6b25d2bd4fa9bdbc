import { describe, expect, it } from 'vitest';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';
import { makeOrganization, makeProject } from '../../app/test-harness';
import { ShellSettingsProvider } from '../../app/shell-settings';
import { CONSOLE_AREAS } from '../../areas/testing/console-areas';
import { ShellHeader } from './header';
import { projectsInSwitcherOrder } from './switcher-options';

const acme = makeOrganization();
const globex = makeOrganization({ id: 2, name: 'Globex', slug: 'globex', plan: { id: 'pro', name: 'Pro' } });
const orders = makeProject();
const billing = makeProject({ id: 2, ref: 'bbbbbbbbbbbbbbbbbbbb', name: 'Billing', status: 'INACTIVE' });
const preview = makeProject({ id: 3, ref: 'cccccccccccccccccccc', name: 'orders-preview', parent_project_ref: orders.ref });
const elsewhere = makeProject({ id: 4, ref: 'dddddddddddddddddddd', name: 'Rockets', organization_slug: 'globex' });
const projects = [orders, billing, preview, elsewhere];

function Where() {
  const location = useLocation();
  return <output data-testid="where">{location.pathname + location.search}</output>;
}

function renderHeader(current = orders, section?: string) {
  render(
    <ShellSettingsProvider value={{ buildMode: 'hosted', areas: CONSOLE_AREAS }}>
      <MemoryRouter initialEntries={[`/project/${current.ref}`]}>
        <ShellHeader organizations={[acme, globex]} projects={projects} currentOrgSlug="acme" currentProject={current} section={section} />
        <Routes>
          <Route path="*" element={<Where />} />
        </Routes>
      </MemoryRouter>
    </ShellSettingsProvider>,
  );
  return userEvent.setup();
}

const where = () => screen.getByTestId('where').textContent;

describe('ShellHeader', () => {
  it('shows the brand and the breadcrumb: organization, project and page', () => {
    renderHeader(orders, 'Storage');
    expect(screen.getByRole('link', { name: 'Plinth: all projects' }).getAttribute('href')).toBe('/projects');
    const crumbs = within(screen.getByRole('navigation', { name: 'Breadcrumb' })).getAllByRole('listitem');
    expect(crumbs.map((c) => c.textContent)).toEqual(['Acme', 'Orders', 'Storage']);
    expect(crumbs[2].getAttribute('aria-current')).toBe('page');
    expect(screen.getByRole('button', { name: 'Project: Orders, Healthy' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Organization: Acme' })).toBeTruthy();
  });

  it('lists the organization’s projects with their status, branches under their project, and filters as you type', async () => {
    const user = renderHeader();
    await user.click(screen.getByRole('button', { name: /^Project:/ }));
    const list = screen.getByRole('listbox', { name: 'Projects' });
    const rows = within(list).getAllByRole('option');
    expect(rows.map((r) => r.textContent)).toEqual(['OrdersHealthy', 'Branchorders-previewHealthy', 'BillingPaused', 'New project']);
    expect(within(rows[1]).getByRole('img', { name: 'Branch' })).toBeTruthy();
    expect(rows[0].getAttribute('aria-selected')).toBe('true');
    await user.keyboard('bil');
    expect(within(list).getAllByRole('option').map((r) => r.textContent)).toEqual(['BillingPaused', 'New project']);
    await user.keyboard('{Enter}');
    expect(where()).toBe(`/project/${billing.ref}`);
  });

  it('goes to another project with the arrows and Enter, keyboard only', async () => {
    const user = renderHeader();
    await user.tab();
    await user.tab();
    await user.tab();
    expect(document.activeElement).toBe(screen.getByRole('button', { name: /^Project:/ }));
    await user.keyboard('{ArrowDown}');
    await user.keyboard('{ArrowDown}{Enter}');
    expect(where()).toBe(`/project/${preview.ref}`);
  });

  it('offers New project and New organization', async () => {
    const user = renderHeader();
    await user.click(screen.getByRole('button', { name: /^Project:/ }));
    await user.keyboard('new');
    await user.keyboard('{ArrowUp}{Enter}');
    expect(where()).toBe('/projects?new=project&org=acme');
    await user.click(screen.getByRole('button', { name: 'Organization: Acme' }));
    expect(within(screen.getByRole('listbox', { name: 'Organizations' })).getAllByRole('option').map((r) => r.textContent)).toEqual(['AcmeFree', 'GlobexPro', 'All projects', 'New organization']);
    await user.click(screen.getByRole('option', { name: 'New organization' }));
    expect(where()).toBe('/projects?new=organization');
  });

  it('finds an organization by name and opens it', async () => {
    const user = renderHeader();
    await user.click(screen.getByRole('button', { name: 'Organization: Acme' }));
    await user.keyboard('glo{Enter}');
    expect(where()).toBe('/org/globex/general');
  });

  it('marks the current project as a branch', () => {
    renderHeader(preview);
    expect(screen.getByRole('button', { name: 'Project: orders-preview (branch), Healthy' })).toBeTruthy();
    expect(within(screen.getByRole('navigation', { name: 'Breadcrumb' })).getByText('Branch')).toBeTruthy();
  });
});

describe('projectsInSwitcherOrder', () => {
  it('keeps the current project even when the list does not hold it yet', () => {
    expect(projectsInSwitcherOrder([], 'acme', orders).map((e) => e.project.name)).toEqual(['Orders']);
    expect(projectsInSwitcherOrder([preview], 'acme').map((e) => [e.project.name, e.nested])).toEqual([['orders-preview', false]]);
  });
});
