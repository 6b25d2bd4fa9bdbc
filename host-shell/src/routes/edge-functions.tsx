import { usePageTitle } from '../app/page-title';
import { useProjectContext } from '../features/project-layout/project-context';
import { ScreenPanel, mutedCss } from '../features/status-gate/screen-panel';

/** Edge Functions (hosted only): no area serves them yet, so the shell says so. */
export default function EdgeFunctionsPage() {
  const { project } = useProjectContext();
  usePageTitle(`Edge Functions | ${project.name}`);
  return (
    <ScreenPanel title="Edge Functions">
      <p css={mutedCss}>{project.name} has no edge functions. Deploying functions is not part of this console yet.</p>
    </ScreenPanel>
  );
}
