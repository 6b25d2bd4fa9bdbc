import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { PROJECT_REF, renderArea } from '../../testing/render-area';

function menuLinks() {
  return within(screen.getByRole('navigation', { name: 'Authentication' })).getAllByRole('link');
}

describe('authentication menu', { timeout: 20_000 }, () => {
  it('shows Users, Policies, Providers, Templates and URL Configuration in the hosted build', () => {
    renderArea('auth/users');
    expect(menuLinks().map((l) => l.textContent)).toEqual(['Users', 'Policies', 'Providers', 'Templates', 'URL Configuration']);
    expect(menuLinks().map((l) => l.getAttribute('href'))).toEqual([
      `/project/${PROJECT_REF}/auth/users`,
      `/project/${PROJECT_REF}/auth/policies`,
      `/project/${PROJECT_REF}/auth/providers`,
      `/project/${PROJECT_REF}/auth/templates`,
      `/project/${PROJECT_REF}/auth/url-configuration`,
    ]);
  });

  it('drops the hosted-only entries in the non-hosted build, and their pages say why', async () => {
    renderArea('auth/providers', { buildMode: 'self-hosted' });
    expect(menuLinks().map((l) => l.textContent)).toEqual(['Users', 'Policies']);
    // Each page is its own chunk: its text appears once the chunk has loaded.
    expect(await screen.findByText('This page is only available on the hosted platform.')).toBeTruthy();
  });

  it('moves between pages inside the area and marks the current entry', async () => {
    const { location } = renderArea('auth/users');
    const user = userEvent.setup({ delay: null });
    expect(screen.getByRole('link', { name: 'Users' }).getAttribute('aria-current')).toBe('page');
    await user.click(screen.getByRole('link', { name: 'Policies' }));
    await waitFor(() => expect(location()).toBe('/auth/policies'));
    expect((await screen.findByRole('heading', { level: 1 })).textContent).toBe('Policies');
    expect(screen.getByRole('link', { name: 'Policies' }).getAttribute('aria-current')).toBe('page');
    expect(screen.getByRole('link', { name: 'Users' }).getAttribute('aria-current')).toBeNull();
  });

  it('gives every route its page title and sends /auth to Users', async () => {
    for (const [path, title] of [
      ['auth/users', 'Users'],
      ['auth/policies?search=42', 'Policies'],
      ['auth/providers', 'Providers'],
      ['auth/templates', 'Templates'],
      ['auth/url-configuration', 'URL Configuration'],
    ] as const) {
      const view = renderArea(path);
      // The hosted settings pages load as chunks of their own.
      expect((await screen.findByRole('heading', { level: 1 })).textContent).toBe(title);
      view.unmount();
    }
    const { location } = renderArea('auth');
    await waitFor(() => expect(location()).toBe('/auth/users'));
  });
});
