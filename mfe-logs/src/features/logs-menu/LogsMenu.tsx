import { logSources } from '@plinth/contracts-logs';
import { AreaSideMenu, useArea, type SectionMenuProps } from '@plinth/area-kit';
import { logSourcePath } from './logs-menu-items';

/** The logs menu of 000 §2.7: the explorer views of the area's definition, then the log sources of the build mode. */
export function LogsMenu({ title, groups }: SectionMenuProps) {
  const { hosted } = useArea();
  const sources = { title: 'Sources', items: logSources(hosted ? 'hosted' : 'self-hosted').map((source) => ({ label: source.label, to: logSourcePath(source.id) })) };
  return <AreaSideMenu title={title} groups={[...groups, sources]} />;
}
