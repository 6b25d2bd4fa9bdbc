import { usePageTitle } from '../app/page-title';
import { useProjectContext } from '../features/project-layout/project-context';
import { EmptyState, PageHeader } from '@plinth/shared-ui/layout';
import { NAV_ICONS } from '@plinth/shared-ui/nav-icons';
import { tokens } from '@plinth/shared-ui/theme';

/** Edge Functions (hosted only): no area serves them yet, so the shell says so. */
export default function EdgeFunctionsPage() {
  const { project } = useProjectContext();
  usePageTitle(`Edge Functions | ${project.name}`);
  const FunctionsIcon = NAV_ICONS.functions;
  return (
    <div>
      <PageHeader title="Edge Functions" description="Server-side functions that run close to your users." />
      <div css={{ padding: tokens.space.xl }}>
        <EmptyState
          framed
          icon={FunctionsIcon ? <FunctionsIcon size={22} /> : undefined}
          title="No edge functions yet"
          description={`${project.name} has no edge functions. Deploying functions is not part of this console yet.`}
        />
      </div>
    </div>
  );
}
