import { describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { PROJECT_REF } from '@plinth/area-kit/testing';
import { renderArea } from '../../testing/render-area';

const links = (nav: string) => within(screen.getByRole('navigation', { name: nav })).getAllByRole('link').map((a) => a.textContent);

describe('settings, organization and account menus', () => {
  it('lists every project settings page on the hosted platform and opens general by default', async () => {
    renderArea(`/project/${PROJECT_REF}/settings`);
    // Each page's code loads as it opens.
    expect(await screen.findByRole('heading', { level: 1, name: 'General' })).toBeTruthy();
    expect(links('Project settings')).toEqual([
      'General', 'Infrastructure', 'Integrations', 'Add Ons', 'Vault',
      'Database', 'API', 'Authentication', 'Storage', 'Edge Functions',
      'Subscription', 'Usage', 'Invoices',
    ]);
    expect(screen.getByTestId('location').textContent).toBe('/settings/general');
  });

  it('leaves infrastructure, add-ons and billing out in the non-hosted mode', () => {
    renderArea(`/project/${PROJECT_REF}/settings/general`, { buildMode: 'self-hosted' });
    expect(links('Project settings')).toEqual(['General', 'Integrations', 'Vault', 'Database', 'API', 'Authentication', 'Storage', 'Edge Functions']);
  });

  it('moves between settings pages and marks the current one', async () => {
    const user = userEvent.setup();
    renderArea(`/project/${PROJECT_REF}/settings/general`);
    const nav = screen.getByRole('navigation', { name: 'Project settings' });
    await user.click(within(nav).getByRole('link', { name: 'Invoices' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Invoices' })).toBeTruthy();
    expect(within(nav).getByRole('link', { name: 'Invoices' }).getAttribute('aria-current')).toBe('page');
  });

  it('leads the project integrations segment to the integrations settings page', async () => {
    renderArea(`/project/${PROJECT_REF}/integrations`);
    expect(await screen.findByRole('heading', { level: 1, name: 'Integrations' })).toBeTruthy();
    expect(screen.getByTestId('location').textContent).toBe('/settings/integrations');
  });

  it('shows the Branches page of a project', async () => {
    renderArea(`/project/${PROJECT_REF}/branches`);
    expect(await screen.findByRole('heading', { level: 1, name: 'Branches' })).toBeTruthy();
  });

  it('shows the organization menu under its name and lists the team members', async () => {
    renderArea('/org/acme/team');
    expect(await screen.findByRole('heading', { level: 2, name: 'Acme Inc' })).toBeTruthy();
    expect(links('Organization settings')).toEqual(['General', 'Team', 'Integrations', 'OAuth Apps', 'Audit Logs', 'Billing', 'Usage', 'Invoices']);
    const table = await screen.findByRole('table', { name: 'Members' });
    // Each member with their role (the Team page's own tests cover changing it).
    expect(within(table).getAllByRole('row').map((r) => r.getAttribute('data-member'))).toEqual([null, 'me@example.com', 'grace@example.com']);
    expect(within(table).getByRole('combobox', { name: 'Role of grace@example.com' })).toHaveProperty('value', 'Developer');
  });

  it('shows the account menu and its pages', async () => {
    const user = userEvent.setup();
    renderArea('/account/me');
    expect(links('Account settings')).toEqual(['Preferences', 'Access Tokens', 'Security', 'Audit Logs']);
    await user.click(screen.getByRole('link', { name: 'Security' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Security' })).toBeTruthy();
    expect(screen.getByTestId('location').textContent).toBe('/account/security');
  });
});
