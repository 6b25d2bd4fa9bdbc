import { PlainPlaceholderPage as PlaceholderPage } from '@plinth/area-kit';

/** Project Settings → Add Ons (hosted only): what the plans offer beyond the plan itself. */
export function AddOnsPage() {
  return <PlaceholderPage title="Add Ons" />;
}
