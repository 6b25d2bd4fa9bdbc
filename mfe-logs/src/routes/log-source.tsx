import { Link, useParams } from 'react-router-dom';
import { logSources, type LogSourceId } from '@plinth/contracts-logs';
import { HostedOnlyPage, PlaceholderPage, useArea } from '@plinth/area-kit';
import { EmptyState, PageHeader } from '@plinth/shared-ui/layout';
import { InfoIcon } from '@plinth/shared-ui/icons';
import { buttonCss } from '@plinth/shared-ui/button';
import { explorerAddress, sourceSql } from '../area/explorer-address';
import { isLogSourceId } from '../features/logs-menu/logs-menu-items';
import { LogViewer, type LogScope } from '../features/log-viewer';

/** What each source shows of the project's request log; null where the platform has no such service. */
const SCOPES: Record<LogSourceId, LogScope | null> = {
  'edge-logs': {},
  'postgres-logs': { service: 'rest', databaseErrorsOnly: true },
  'postgrest-logs': { service: 'rest' },
  'auth-logs': { service: 'auth' },
  'storage-logs': { service: 'storage' },
  'pooler-logs': null,
  'realtime-logs': null,
};

const DESCRIPTIONS: Record<LogSourceId, string> = {
  'edge-logs': 'Every call to the project’s API, newest first.',
  'postgres-logs': 'Database errors raised by calls to the data API.',
  'postgrest-logs': 'Calls to the data API (/rest/v1).',
  'auth-logs': 'Calls to Auth (/auth/v1): sign-ups, sign-ins, token refreshes.',
  'storage-logs': 'Calls to Storage (/storage/v1): uploads, downloads, listings.',
  'pooler-logs': 'Connections through the connection pooler.',
  'realtime-logs': 'Realtime channels and messages.',
};

/** /logs/:source: the logs of one source, titled with its label in this build mode. */
export default function LogSourcePage() {
  const { source = '' } = useParams();
  const buildMode = useArea().hosted ? 'hosted' : 'self-hosted';
  if (!isLogSourceId(source)) {
    return (
      <PlaceholderPage title="Page not found">
        <p css={{ margin: 0 }}>{`There is no log source named "${source}".`}</p>
      </PlaceholderPage>
    );
  }
  const shown = logSources(buildMode).find((s) => s.id === source);
  if (!shown) return <HostedOnlyPage title={logSources('hosted').find((s) => s.id === source)?.label ?? source} />;
  const scope = SCOPES[source];
  return (
    <section aria-label={shown.label} css={{ display: 'flex', flexDirection: 'column', height: '100%' }}>
      <PageHeader
        title={shown.label}
        description={DESCRIPTIONS[source]}
        actions={
          scope ? (
            <Link to={explorerAddress({ sql: sourceSql(source), run: true })} css={buttonCss('default', 'small')}>
              Open in explorer
            </Link>
          ) : undefined
        }
      />
      {scope ? (
        <LogViewer key={source} scope={scope} />
      ) : (
        <EmptyState
          icon={<InfoIcon />}
          title={`No ${shown.label} logs on this platform`}
          description={`This platform does not run a ${shown.label.toLowerCase()} service, so there is nothing to log. Calls to auth, the data API and storage are in the other sources.`}
        />
      )}
    </section>
  );
}
