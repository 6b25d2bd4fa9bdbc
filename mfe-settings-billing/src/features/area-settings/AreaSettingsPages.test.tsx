import { describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { PROJECT_REF } from '@plinth/area-kit/testing';
import { renderArea } from '../../testing/render-area';

const page = (name: string) => `/project/${PROJECT_REF}/settings/${name}`;

describe('Project Settings pages whose settings live in another area', () => {
  it('Authentication leads to the providers, e-mail templates and URL configuration pages', async () => {
    renderArea(page('auth'));
    const section = await screen.findByRole('region', { name: 'Authentication settings' });
    const hrefs = within(section).getAllByRole('link').map((a) => [a.textContent, a.getAttribute('href')]);
    expect(hrefs).toEqual([
      ['Sign-in providers', `/linked/auth-policies/providers?ref=${PROJECT_REF}`],
      ['E-mail templates', `/linked/auth-policies/emailTemplates?ref=${PROJECT_REF}`],
      ['URL configuration', `/linked/auth-policies/urlConfiguration?ref=${PROJECT_REF}`],
    ]);
  });

  it('Storage leads to the storage settings and policies; a click is opened in place by the host', async () => {
    const user = userEvent.setup();
    const { navigations } = renderArea(page('storage'));
    const section = await screen.findByRole('region', { name: 'Storage settings' });
    await user.click(within(section).getByRole('link', { name: 'Storage settings' }));
    expect(navigations).toEqual([`/linked/storage/settings?ref=${PROJECT_REF}`]);
    expect(within(section).getByRole('link', { name: 'Storage policies' }).getAttribute('href')).toBe(`/linked/storage/policies?ref=${PROJECT_REF}`);
  });

  it('Edge Functions leads to the project’s functions page', async () => {
    renderArea(page('functions'));
    const section = await screen.findByRole('region', { name: 'Edge Functions' });
    expect(within(section).getByRole('link', { name: 'Edge Functions' }).getAttribute('href')).toBe(`/project/${PROJECT_REF}/functions`);
  });
});
