import { PlainPlaceholderPage as PlaceholderPage } from '@plinth/area-kit';

/** Project Settings → Infrastructure (hosted only): the database version and its upgrade (000 §4.4). */
export function InfrastructurePage() {
  return <PlaceholderPage title="Infrastructure" />;
}
