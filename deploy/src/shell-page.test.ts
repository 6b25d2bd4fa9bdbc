import { runInNewContext } from 'node:vm';
import { describe, expect, it } from 'vitest';
import { STORAGE_MANIFEST_WITH_PRELOADS } from '@plinth/shared-contracts/testing';
import type { EnvironmentFile } from './environments';
import { apiPreloads, EARLY_BOOTSTRAP_SCRIPT, hasSessionCookie, shellDocument } from './shell-page';

const storage = STORAGE_MANIFEST_WITH_PRELOADS;
const environment = { name: 'production', buildMode: 'hosted', areas: { storage: { version: '1.1.0', url: '/remotes/storage/1.1.0/mf-manifest.json', manifest: storage } } } as unknown as EnvironmentFile;

/** Runs the document's inline script in a page with this <head> list and these cookies; returns the GETs it started and what it kept. */
function runInlineScript(list: unknown, cookie = 'plinth_csrf=token-of-ana') {
  const fetched: { url: string; init?: { method?: string; credentials?: string } }[] = [];
  const window: Record<string, unknown> = {};
  const content = JSON.stringify(list);
  runInNewContext(EARLY_BOOTSTRAP_SCRIPT, {
    window,
    location: { pathname: '/project/abc/storage/buckets' },
    document: { cookie, querySelector: (selector: string) => (selector === 'meta[name="plinth-preload"]' ? { getAttribute: () => content } : null) },
    fetch: (url: string, init?: { method?: string; credentials?: string }) => {
      fetched.push({ url, init });
      return Promise.resolve({ ok: true, json: () => Promise.resolve({}) });
    },
    Date,
    JSON,
  });
  return { fetched, kept: window.__plinthPreloads as Record<string, { session: string | null; response: unknown }> | undefined };
}

describe('the shell page', () => {
  it("lists the first API calls of the area page an address opens, with the project and the address's parameters", () => {
    expect(apiPreloads('/project/abc/storage/buckets', environment)).toEqual(['/api/platform/storage/abc/buckets']);
    expect(apiPreloads('/project/abc/storage/buckets/my%20files', environment)).toEqual(['/api/platform/storage/abc/buckets', '/api/platform/storage/abc/buckets/my%20files']);
    expect(apiPreloads('/project/abc/storage/settings', environment)).toEqual([]);
    expect(apiPreloads('/project/abc', environment)).toEqual([]);
    expect(apiPreloads('/sign-in', environment)).toEqual([]);
  });

  it('preloads only for a visitor with a session cookie (one without is sent to sign in)', () => {
    expect(hasSessionCookie('plinth_csrf=abc; plinth_session=tok')).toBe(true);
    expect(hasSessionCookie('__Host-plinth_session=tok')).toBe(true);
    expect(hasSessionCookie('plinth_csrf=abc')).toBe(false);
    expect(hasSessionCookie('plinth_session=; other=1')).toBe(false);
    expect(hasSessionCookie(undefined)).toBe(false);
  });

  it('puts the list before the inline script, escaped as an attribute', () => {
    const page = shellDocument('<html><head><script src="/main.js"></script></head></html>', [], ['/api/platform/storage/abc/buckets/a"b<c']);
    expect(page).toContain('<meta name="plinth-preload" content="[&quot;/api/platform/storage/abc/buckets/a\\&quot;b&lt;c&quot;]">');
    expect(page.indexOf('plinth-preload')).toBeLessThan(page.indexOf('<script>'));
    expect(shellDocument('<head></head>', [])).not.toContain('<meta name="plinth-preload"');
  });

  it("the inline script starts the bootstrap, the environment manifest and the listed GETs, kept under the page's session", () => {
    const { fetched, kept } = runInlineScript(['/api/platform/storage/abc/buckets']);
    expect(fetched.map((call) => call.url)).toEqual(['/api/platform/bootstrap?project=abc', '/environment.json', '/api/platform/storage/abc/buckets']);
    expect(fetched[2]?.init).toMatchObject({ method: 'GET', credentials: 'include' });
    expect(kept?.['/api/platform/storage/abc/buckets']?.session).toBe('token-of-ana');
  });

  it('the inline script starts nothing that is not a path of the console API', () => {
    const { fetched, kept } = runInlineScript([
      'https://elsewhere.test/api/x',
      '//elsewhere.test/api/x',
      '/api/platform/../auth/admin',
      '/api/platform/%2e%2e/auth/admin',
      '/api//x',
      '/static/main.js',
      42,
      '/api/platform/auth/abc/users?page=1&per_page=50',
    ]);
    expect(fetched.map((call) => call.url).slice(2)).toEqual(['/api/platform/auth/abc/users?page=1&per_page=50']);
    expect(Object.keys(kept ?? {})).toEqual(['/api/platform/auth/abc/users?page=1&per_page=50']);
  });
});
