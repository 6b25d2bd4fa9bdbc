import { useEffect, useState, type FormEvent } from 'react';
import { PERMISSIONS } from '@plinth/shared-contracts';
import type { AuthUrlConfig } from '@plinth/contracts-auth';
import { errorMessage, useArea } from '@plinth/area-kit';
import { Button } from '@plinth/shared-ui/button';
import { Field, TextInput } from '@plinth/shared-ui/form';
import { PlusIcon, TrashIcon } from '@plinth/shared-ui/icons';
import { EmptyState, PageHeader } from '@plinth/shared-ui/layout';
import { Card, InlineError, LoadingSkeleton, Section } from '@plinth/shared-ui/page';
import { PermissionTooltip } from '@plinth/shared-ui/tooltip';
import { tokens } from '@plinth/shared-ui/theme';
import { useSaveUrlConfig, useUrlConfig } from './queries';
import { redirectUrlError, siteUrlError } from './url-rules';

const DENIED = 'You need additional permissions to change the URL configuration';

function SiteUrlCard({ config, allowed }: { config: AuthUrlConfig; allowed: boolean }) {
  const save = useSaveUrlConfig();
  const [siteUrl, setSiteUrl] = useState(config.site_url);
  const [error, setError] = useState<string>();
  useEffect(() => setSiteUrl(config.site_url), [config.site_url]);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const problem = siteUrlError(siteUrl);
    setError(problem);
    if (!problem) save.mutate({ ...config, site_url: siteUrl.trim() });
  };
  return (
    <form noValidate onSubmit={submit}>
      <Card
        footer={
          <div css={{ display: 'flex', justifyContent: 'flex-end' }}>
            <PermissionTooltip allowed={allowed} message={DENIED}>
              <Button type="submit" variant="primary" loading={save.isPending} disabled={siteUrl.trim() === config.site_url}>
                Save
              </Button>
            </PermissionTooltip>
          </div>
        }
      >
        <Field label="Site URL" hint="Where the links of the emails lead by default. Addresses below it are always allowed as redirects." error={error}>
          <TextInput value={siteUrl} onChange={(e) => setSiteUrl(e.target.value)} readOnly={!allowed} placeholder="https://example.com" spellCheck={false} />
        </Field>
      </Card>
    </form>
  );
}

function RedirectUrlsCard({ config, allowed }: { config: AuthUrlConfig; allowed: boolean }) {
  const save = useSaveUrlConfig();
  const [adding, setAdding] = useState('');
  const [error, setError] = useState<string>();
  const add = (event: FormEvent) => {
    event.preventDefault();
    const problem = redirectUrlError(adding, config.redirect_urls);
    setError(problem);
    if (!problem) save.mutate({ ...config, redirect_urls: [...config.redirect_urls, adding.trim()] }, { onSuccess: () => setAdding('') });
  };
  const remove = (url: string) => save.mutate({ ...config, redirect_urls: config.redirect_urls.filter((u) => u !== url) });
  return (
    <Card flush>
      {config.redirect_urls.length === 0 ? (
        <EmptyState title="No redirect URLs" description="Only addresses below the site URL are allowed as redirects." />
      ) : (
        <ul aria-label="Redirect URLs" css={{ listStyle: 'none', margin: 0, padding: 0 }}>
          {config.redirect_urls.map((url) => (
            <li key={url} css={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between', gap: 8, padding: '8px 16px', borderBottom: `1px solid ${tokens.color.border}` }}>
              <code css={{ fontFamily: tokens.font.mono, fontSize: tokens.fontSize.sm, overflowWrap: 'anywhere' }}>{url}</code>
              <PermissionTooltip allowed={allowed} message={DENIED}>
                <Button size="small" variant="ghost" icon={<TrashIcon />} aria-label={`Remove ${url}`} onClick={() => remove(url)} />
              </PermissionTooltip>
            </li>
          ))}
        </ul>
      )}
      <form noValidate onSubmit={add} css={{ display: 'flex', gap: 8, alignItems: 'flex-start', padding: 16, flexWrap: 'wrap' }}>
        <Field label="Add a redirect URL" error={error} css={{ flex: '1 1 280px' }}>
          <TextInput value={adding} onChange={(e) => setAdding(e.target.value)} readOnly={!allowed} placeholder="https://*.example.com/**" spellCheck={false} />
        </Field>
        <PermissionTooltip allowed={allowed} message={DENIED}>
          <Button type="submit" icon={<PlusIcon />} loading={save.isPending} css={{ marginTop: 22 }}>
            Add URL
          </Button>
        </PermissionTooltip>
      </form>
    </Card>
  );
}

/** /auth/url-configuration: the site URL and the redirect allow-list (hosted only). */
export function UrlConfiguration() {
  const { can } = useArea();
  const allowed = can(PERMISSIONS.PROJECTS_WRITE);
  const config = useUrlConfig();
  return (
    <div>
      <PageHeader title="URL Configuration" description="Site URL and redirect URLs." />
      <div css={{ display: 'grid', gap: 32, padding: 24, maxWidth: 880 }}>
        {config.isPending ? (
          <LoadingSkeleton label="Loading URL configuration" shape="card" rows={3} />
        ) : config.isError ? (
          <InlineError message={`Failed to retrieve URL configuration: ${errorMessage(config.error)}`} onRetry={() => void config.refetch()} retrying={config.isFetching} />
        ) : (
          <>
            <Section title="Site URL" description="The default address the auth service sends users to after they confirm, sign in or reset their password.">
              <SiteUrlCard config={config.data} allowed={allowed} />
            </Section>
            <Section
              title="Redirect URLs"
              description="Other addresses an app may ask the auth service to send users to. A * matches any text within one host label or path segment, ** any text."
            >
              <RedirectUrlsCard config={config.data} allowed={allowed} />
            </Section>
          </>
        )}
      </div>
    </div>
  );
}
