import { useParams } from 'react-router-dom';
import { logSources } from '@plinth/shared-contracts';
import { HostedOnlyPage, PlaceholderPage, useArea } from '@plinth/area-kit';
import { isLogSourceId } from '../features/logs-menu/logs-menu-items';

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
  return <PlaceholderPage title={shown.label} description={`Logs of ${source}.`} />;
}
