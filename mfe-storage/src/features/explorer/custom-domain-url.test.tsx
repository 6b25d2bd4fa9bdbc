import { useRealApi } from '@plinth/area-kit/testing/real-api';
import type { ProjectConfig } from '@plinth/contracts-settings';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { createApi } from '../../api';
import { renderArea } from '../../testing/render-area';
import { withBuckets, withFiles } from '../../testing/real-api';
import { activeCustomDomain, withCustomDomain } from './preview-url';

describe('custom domain in copied URLs', () => {
  it('uses the domain only once it is active', () => {
    const config = (status: NonNullable<ProjectConfig['customDomain']>['status'], hostname: string | null) => ({ customDomain: { status, hostname } });
    expect(activeCustomDomain(config('5_services_reconfigured', 'files.acme.com'))).toBe('files.acme.com');
    expect(activeCustomDomain(config('3_challenge_verified', 'files.acme.com'))).toBeNull();
    expect(activeCustomDomain(config('0_no_hostname_configured', null))).toBeNull();
    expect(activeCustomDomain({ customDomain: null })).toBeNull();
    expect(activeCustomDomain(undefined)).toBeNull();
  });

  it('replaces the project URL (by path or by host name) and keeps the service path and the token', () => {
    expect(withCustomDomain('http://localhost:3001/abcdefghijklmnopqrst/storage/v1/object/sign/docs/a%20b.txt?token=x.y', 'files.acme.com')).toBe(
      'https://files.acme.com/storage/v1/object/sign/docs/a%20b.txt?token=x.y',
    );
    expect(withCustomDomain('https://abcdefghijklmnopqrst.projects.example.com/storage/v1/object/public/pics/cat.png', 'files.acme.com')).toBe(
      'https://files.acme.com/storage/v1/object/public/pics/cat.png',
    );
    expect(withCustomDomain('http://localhost:3001/abcdefghijklmnopqrst/storage/v1/object/public/a.txt', null)).toBe('http://localhost:3001/abcdefghijklmnopqrst/storage/v1/object/public/a.txt');
  });
});

// The first page load of the file compiles the page's code: up to 10 s on a busy machine.
const api = useRealApi(createApi, { waitForMs: 10_000 });
const settings = () => api.clients.settings;
const realSettings = { client: undefined as ReturnType<typeof settings> | undefined };
afterEach(() => {
  if (realSettings.client) api.clients.settings = realSettings.client;
});

/**
 * The project's configuration as the real API gives it, with an active custom domain: a domain
 * becomes active on the server only after its DNS records are verified, which a component test
 * cannot do (the browser tests do).
 */
function withCustomDomainConfig(hostname: string): void {
  const client = settings();
  realSettings.client = client;
  api.clients.settings = new Proxy(client, {
    get: (target, property) =>
      property === 'getProjectConfig'
        ? async (ref: string) => ({ ...(await target.getProjectConfig(ref)), customDomain: { status: '5_services_reconfigured' as const, hostname } })
        : Reflect.get(target, property),
  });
}

describe('explorer Get URL with a custom domain', { timeout: 40_000 }, () => {
  it('copies public and signed URLs on the custom domain', async () => {
    await withBuckets(api, [{ id: 'pics', public: true }, { id: 'docs' }]);
    await withFiles(api, 'pics', [{ path: 'cat.png', body: 'x', mimetype: 'image/png' }]);
    await withFiles(api, 'docs', [{ path: 'a.txt', body: 'A' }]);
    withCustomDomainConfig('files.acme.com');
    const user = userEvent.setup({ delay: null });
    renderArea('storage/buckets/pics', { api });
    const rowOf = async (column: string, name: string) =>
      (await within(await screen.findByRole('listbox', { name: `Contents of ${column}` })).findAllByTestId('storage-item')).find((r) => r.dataset.name === name)!;
    await user.click(within(await rowOf('pics', 'cat.png')).getByTestId('item-actions'));
    await user.click(await screen.findByRole('menuitem', { name: 'Get URL' }));
    await waitFor(async () => expect(await navigator.clipboard.readText()).toBe('https://files.acme.com/storage/v1/object/public/pics/cat.png'));
    await user.click(await screen.findByRole('link', { name: 'docs' }));
    await user.click(within(await rowOf('docs', 'a.txt')).getByTestId('item-actions'));
    await user.click(await screen.findByRole('menuitem', { name: 'Get URL: expires in 1 week' }));
    // The token is the server's own, signed for a week.
    await waitFor(async () => expect(await navigator.clipboard.readText()).toMatch(/^https:\/\/files\.acme\.com\/storage\/v1\/object\/sign\/docs\/a\.txt\?token=[\w.-]+$/));
    expect(api.argsOf('storage.signUrl')).toEqual([[api.projectRef, 'docs', 'a.txt', 604_800]]);
  });
});
