import { PERMISSIONS } from '@plinth/shared-contracts';
import { errorMessage, useArea } from '@plinth/area-kit';
import { CodeBlock } from '@plinth/shared-ui/code-block';
import { PageHeader } from '@plinth/shared-ui/layout';
import { InlineError, LoadingSkeleton, Section } from '@plinth/shared-ui/page';
import { EmailProviderCard } from './EmailProviderCard';
import { MfaCard } from './MfaCard';
import { OAuthProviderCard } from './OAuthProviderCard';
import { PhoneProviderCard } from './PhoneProviderCard';
import { AccessTokenHookCard, AnonymousSignInsCard } from './SignInExtrasCards';
import { RateLimitsCard } from './RateLimitsCard';
import { SmsOutbox } from './SmsOutbox';
import { useAuthProviders, useOAuthCallbackUrl } from './queries';

/** /auth/providers: how users sign in to the project (hosted only). */
export function ProvidersSettings() {
  const { can } = useArea();
  const allowed = can(PERMISSIONS.PROJECTS_WRITE);
  const providers = useAuthProviders();
  const callbackUrl = useOAuthCallbackUrl();
  return (
    <div>
      <PageHeader title="Providers" description="Ways your users sign in." />
      <div css={{ display: 'grid', gap: 32, padding: 24, maxWidth: 880 }}>
        {providers.isPending ? (
          <LoadingSkeleton label="Loading providers" shape="card" rows={4} />
        ) : providers.isError ? (
          <InlineError message={`Failed to retrieve providers: ${errorMessage(providers.error)}`} onRetry={() => void providers.refetch()} retrying={providers.isFetching} />
        ) : (
          <>
            <Section title="Email provider">
              <EmailProviderCard email={providers.data.email} allowed={allowed} />
            </Section>
            <Section title="Phone provider">
              <PhoneProviderCard enabled={providers.data.phone_enabled} allowed={allowed}>
                {providers.data.phone_enabled ? <SmsOutbox /> : null}
              </PhoneProviderCard>
            </Section>
            <Section title="Multi-factor authentication">
              <MfaCard allowed={allowed} />
            </Section>
            <Section title="OAuth providers" description="Let users sign in with an account they already have. The client secret is kept on the server and never shown again.">
              <div css={{ display: 'grid', gap: 16 }}>
                {callbackUrl.data ? <CodeBlock label="Callback URL to register with each provider" code={callbackUrl.data} wrap /> : null}
                {providers.data.oauth.map((p) => (
                  <OAuthProviderCard key={p.id} provider={p} allowed={allowed} />
                ))}
              </div>
            </Section>
            <Section title="Anonymous sign-ins">
              <AnonymousSignInsCard enabled={providers.data.anonymous_sign_ins} allowed={allowed} />
            </Section>
            <Section title="Access token hook">
              <AccessTokenHookCard hook={providers.data.access_token_hook} allowed={allowed} />
            </Section>
            <Section title="Rate limits">
              <RateLimitsCard allowed={allowed} />
            </Section>
          </>
        )}
      </div>
    </div>
  );
}
