import { describe, expect, it } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createFakeApi } from '@plinth/area-kit/testing';
import { renderArea } from '../../testing/render-area';

const LOAD = { timeout: 5000 };

describe('URL configuration page', { timeout: 20_000 }, () => {
  it('saves the site URL and adds and removes redirect URLs, refusing what is not a URL', async () => {
    const api = createFakeApi({ authUrlConfig: { site_url: 'http://localhost:3000', redirect_urls: ['https://old.example.com'] } });
    const user = userEvent.setup({ delay: null });
    renderArea('auth/url-configuration', { api });
    const site = await screen.findByRole('textbox', { name: /Site URL/ }, LOAD);
    await user.clear(site);
    await user.type(site, 'ftp://nope');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(screen.getByText('Enter a valid URL starting with http:// or https://')).toBeTruthy();
    await user.clear(site);
    await user.type(site, 'https://app.example.com{Enter}');
    await waitFor(() => expect(api.state.authUrlConfig.site_url).toBe('https://app.example.com'));

    const add = screen.getByRole('textbox', { name: /Add a redirect URL/ });
    await user.type(add, 'not a url{Enter}');
    expect(screen.getByText(/Enter a URL such as/)).toBeTruthy();
    await user.clear(add);
    await user.type(add, 'https://*.example.dev/**{Enter}');
    await waitFor(() => expect(api.state.authUrlConfig.redirect_urls).toEqual(['https://old.example.com', 'https://*.example.dev/**']));
    await user.click(screen.getByRole('button', { name: 'Remove https://old.example.com' }));
    await waitFor(() => expect(api.state.authUrlConfig).toEqual({ site_url: 'https://app.example.com', redirect_urls: ['https://*.example.dev/**'] }));
  });
});
