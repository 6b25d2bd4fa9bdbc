import { PlaceholderPage } from '@plinth/area-kit';

/** /auth/policies (optional ?search={tableId}): the RLS policies page (page to come). */
export default function PoliciesPage() {
  return <PlaceholderPage title="Policies" description="Row level security policies of your tables." />;
}
