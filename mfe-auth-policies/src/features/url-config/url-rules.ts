import { AUTH_REDIRECT_URLS_MAX, isRedirectPattern, isSiteUrl } from '@plinth/contracts-auth';

// The URL configuration's rules (the contracts' AuthUrlConfigSchema), worded for the form.

export function siteUrlError(text: string): string | undefined {
  return isSiteUrl(text.trim()) ? undefined : 'Enter a valid URL starting with http:// or https://';
}

/** Why `text` cannot be added to the allow-list `list`, if it cannot. */
export function redirectUrlError(text: string, list: readonly string[]): string | undefined {
  const url = text.trim();
  if (!url) return 'Enter a URL';
  if (!isRedirectPattern(url)) return 'Enter a URL such as https://example.com/welcome, or a pattern such as https://*.example.com/**';
  if (list.includes(url)) return 'This URL is already in the list';
  if (list.length >= AUTH_REDIRECT_URLS_MAX) return `At most ${AUTH_REDIRECT_URLS_MAX} redirect URLs`;
  return undefined;
}
