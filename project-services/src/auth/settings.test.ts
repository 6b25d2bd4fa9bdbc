import { describe, expect, it } from 'vitest';
import { DEFAULT_PROJECT_AUTH_SETTINGS, redirectAllowed } from './settings';
import { parseBanDuration } from './tokens';

describe('redirectAllowed', () => {
  const settings = { ...DEFAULT_PROJECT_AUTH_SETTINGS, siteUrl: 'https://app.example.com/base', redirectAllowList: ['https://*.preview.example.com/**', 'myapp://callback'] };
  it('allows addresses under the site URL and those matching the allow-list', () => {
    expect(redirectAllowed(settings, 'https://app.example.com/base')).toBe(true);
    expect(redirectAllowed(settings, 'https://app.example.com/base/welcome?x=1')).toBe(true);
    expect(redirectAllowed(settings, 'https://pr-12.preview.example.com/a/b')).toBe(true);
    expect(redirectAllowed(settings, 'myapp://callback')).toBe(true);
  });
  it('refuses other origins, paths beside the site path, a wildcard crossing a dot-less host, and non-URLs', () => {
    expect(redirectAllowed(settings, 'https://app.example.com/basement')).toBe(false);
    expect(redirectAllowed(settings, 'https://app.example.com.evil.net/base')).toBe(false);
    expect(redirectAllowed(settings, 'https://evil.net/x.preview.example.com/')).toBe(false);
    expect(redirectAllowed(settings, 'https://a.b/.preview.example.com/')).toBe(false);
    expect(redirectAllowed(settings, 'https://evil.net?.preview.example.com/')).toBe(false);
    expect(redirectAllowed(settings, 'https://evil.net#.preview.example.com/')).toBe(false);
    expect(redirectAllowed(settings, 'https://a.b.preview.example.com/')).toBe(false);
    expect(redirectAllowed(settings, 'https://x@app.example.com/base')).toBe(false);
    expect(redirectAllowed(settings, 'javascript:alert(1)')).toBe(false);
    expect(redirectAllowed(settings, 'not a url')).toBe(false);
  });
});

describe('parseBanDuration', () => {
  it('reads durations as the admin API writes them', () => {
    expect(parseBanDuration('24h')).toBe(86_400_000);
    expect(parseBanDuration('1h30m')).toBe(5_400_000);
    expect(parseBanDuration('1.5s')).toBe(1500);
    expect(parseBanDuration('none')).toBe(0);
    for (const bad of ['', 'forever', '10', '5d', '1h junk']) expect(parseBanDuration(bad)).toBeNull();
  });
});
