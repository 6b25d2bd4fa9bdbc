import { bucket, createFakeApi, storedObject, type FakeApi } from '@plinth/area-kit/testing';
import type { ProjectConfig } from '@plinth/contracts-settings';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderArea } from '../../testing/render-area';
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

/** The kit's fake answers the project configuration without a custom domain: here it has an active one. */
function withCustomDomainConfig(api: FakeApi, hostname: string): FakeApi {
  const settings = api.clients.settings;
  api.clients.settings = new Proxy(settings, {
    get: (target, property) =>
      property === 'getProjectConfig'
        ? async (ref: string) => ({ ...(await target.getProjectConfig(ref)), customDomain: { status: '5_services_reconfigured' as const, hostname } })
        : Reflect.get(target, property),
  });
  return api;
}

describe('explorer Get URL with a custom domain', { timeout: 20_000 }, () => {
  it('copies public and signed URLs on the custom domain', async () => {
    const api = withCustomDomainConfig(
      createFakeApi({
        buckets: [bucket('pics', { public: true }), bucket('docs')],
        files: { pics: [storedObject('cat.png', { body: 'x', mimetype: 'image/png' })], docs: [storedObject('a.txt', { body: 'A' })] },
      }),
      'files.acme.com',
    );
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
    await waitFor(async () => expect(await navigator.clipboard.readText()).toBe('https://files.acme.com/storage/v1/object/sign/docs/a.txt?token=fake-604800'));
  });
});
