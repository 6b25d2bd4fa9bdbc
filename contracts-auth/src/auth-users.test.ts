import { describe, expect, it } from 'vitest';
import * as z from '@plinth/shared-contracts/zod';
import { AuthTemplateUpdateSchema, AuthUrlConfigSchema, isRedirectPattern, isSiteUrl, renderAuthTemplate, unknownTemplateVariables, AUTH_TEMPLATE_PREVIEW_VALUES } from './auth-users';

describe('auth service settings rules', () => {
  it('accepts URLs and wildcard patterns in the redirect allow-list, and nothing else', () => {
    for (const ok of ['https://app.example.com', 'http://localhost:3000/callback', 'https://*.example.com/**', 'myapp://auth/callback', 'https://pr-*.example.dev/auth/*']) expect([ok, isRedirectPattern(ok)]).toEqual([ok, true]);
    for (const bad of ['not a url', 'example.com', 'https://', 'https://user:pw@example.com', 'https:// spaced.com', '']) expect([bad, isRedirectPattern(bad)]).toEqual([bad, false]);
    expect(isSiteUrl('https://app.example.com/base')).toBe(true);
    expect(isSiteUrl('ftp://files.example.com')).toBe(false);
  });

  it('names the redirect URL that is wrong by its place in the list', () => {
    const r = z.safeParse(AuthUrlConfigSchema, { site_url: 'https://a.com', redirect_urls: ['https://b.com', 'nope'] });
    expect(r.error?.issues.map((i) => [i.path.join('.'), i.message])).toEqual([['redirect_urls.1', 'nope is not a valid URL or wildcard pattern']]);
  });

  it('fills in the known variables of a template and names the unknown ones', () => {
    expect(renderAuthTemplate('Hi {{ .Email }}, code {{.Token}} at {{ .SiteURL }}', AUTH_TEMPLATE_PREVIEW_VALUES)).toBe('Hi user@example.com, code 123456 at https://example.com');
    expect(unknownTemplateVariables('{{ .Email }} {{ .Name }} {{ .Name }} {{ range }}')).toEqual(['{{ .Name }}', '{{ range }}']);
    const r = z.safeParse(AuthTemplateUpdateSchema, { subject: 'Welcome', body: 'Follow {{ .ConfirmationUrl }}' });
    expect(r.error?.issues.map((i) => [i.path.join('.'), i.message])).toEqual([['body', 'The body uses an unknown variable: {{ .ConfirmationUrl }}']]);
  });
});
