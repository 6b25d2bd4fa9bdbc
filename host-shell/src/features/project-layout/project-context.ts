import { useOutletContext } from 'react-router-dom';
import type { PermissionKey, Project } from '@plinth/shared-contracts';

export interface ProjectContext {
  project: Project;
  permissions: readonly PermissionKey[];
}

/** The open project and the user's permissions on it, for pages inside the project layout. */
export function useProjectContext(): ProjectContext {
  return useOutletContext<ProjectContext>();
}
