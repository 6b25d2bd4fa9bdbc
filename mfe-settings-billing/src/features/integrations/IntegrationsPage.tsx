import { useArea, useFeatureFlag } from '@plinth/area-kit';
import { INTEGRATION_MESSAGES } from '@plinth/contracts-settings';
import { useSearchParams } from 'react-router-dom';
import { Button } from '@plinth/shared-ui/button';
import { InlineNotice, PageHeader } from '@plinth/shared-ui/layout';
import { InlineError, LoadingSkeleton } from '@plinth/shared-ui/page';
import { tokens } from '@plinth/shared-ui/theme';
import { IntegrationsGrid } from './IntegrationsGrid';
import { IntegrationsList } from './IntegrationsList';
import { ConnectionCards } from './ConnectionCards';
import { useIntegrations, useProjectOrganization } from './use-integrations';

/**
 * The integrations of an organization (org/{slug}/integrations, and project settings' Integrations
 * for the project's organization). With integrations_v2 on, the card grid; off, today's list.
 */
export function IntegrationsPage({ slug, projectRef }: { slug: string; projectRef?: string }) {
  const v2 = useFeatureFlag('integrations_v2', { organization: slug });
  const integrations = useIntegrations(slug);
  let body;
  if (integrations.isPending) body = <LoadingSkeleton label="Loading integrations" shape="card" rows={3} />;
  else if (integrations.isError)
    body = (
      <InlineError message={INTEGRATION_MESSAGES.integrationsFailed} detail={integrations.error.message} onRetry={() => void integrations.refetch()} retrying={integrations.isFetching} />
    );
  else
    body = (
      <>
        {v2 ? <IntegrationsGrid slug={slug} integrations={integrations.data} /> : <IntegrationsList integrations={integrations.data} />}
        <ConnectionCards slug={slug} integrations={integrations.data} projectRef={projectRef} />
      </>
    );
  return (
    <>
      <PageHeader title="Integrations" description="Services connected to this organization's projects." />
      <div css={{ padding: tokens.space.xl, maxWidth: 1100, minWidth: 0, display: 'grid', gap: tokens.space.lg }}>
        <GitHubInstallOutcome />
        <div>{body}</div>
      </div>
    </>
  );
}

/** Back from installing the GitHub App on GitHub (the setup redirect's installed= or install_error=): what happened, until dismissed. */
function GitHubInstallOutcome() {
  const [params, setParams] = useSearchParams();
  const installed = params.get('installed');
  const failed = params.get('install_error');
  if (installed === null && failed === null) return null;
  const dismiss = (
    <Button
      onClick={() =>
        setParams(
          (p) => {
            p.delete('installed');
            p.delete('install_error');
            return p;
          },
          { replace: true },
        )
      }
    >
      Dismiss
    </Button>
  );
  return failed !== null ? (
    <InlineNotice kind="danger" title="Failed to install the GitHub App" action={dismiss}>
      {failed}
    </InlineNotice>
  ) : (
    <InlineNotice kind="success" title={`GitHub App installed for ${installed}`} action={dismiss}>
      Connect its repositories to projects below.
    </InlineNotice>
  );
}

/** Project settings' Integrations: the page of the project's organization. */
export function ProjectIntegrationsPage() {
  const { projectRef } = useArea();
  const org = useProjectOrganization();
  if (org.isError)
    return (
      <>
        <PageHeader title="Integrations" />
        <div css={{ padding: tokens.space.xl }}>
          <InlineError message={INTEGRATION_MESSAGES.integrationsFailed} detail={org.error.message} onRetry={() => void org.refetch()} retrying={org.isFetching} />
        </div>
      </>
    );
  if (!org.data)
    return (
      <>
        <PageHeader title="Integrations" />
        <div css={{ padding: tokens.space.xl }}>
          <LoadingSkeleton label="Loading integrations" shape="card" rows={3} />
        </div>
      </>
    );
  return <IntegrationsPage slug={org.data} projectRef={projectRef} />;
}
