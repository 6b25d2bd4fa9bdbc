import { ProjectSchema, ProjectStatusAnswerSchema, type ProjectsClient, type ProjectStatus } from '@plinth/shared-contracts';
import { ORGANIZATION } from '../fixtures';
import { answer, type Handlers } from './fake-client';

export interface ProjectState {
  /** What the project's status call answers. */
  projectStatus: ProjectStatus;
}

/** The project's status, as the projects API answers it. */
export function projectHandlers(state: ProjectState): Handlers<ProjectsClient> {
  return {
    getStatus: () => answer(ProjectStatusAnswerSchema, { status: state.projectStatus }),
    /** The project the area is opened on, in the test organization. */
    get: (ref) =>
      answer(ProjectSchema, {
        id: 1,
        ref,
        name: 'Test project',
        status: state.projectStatus,
        postgrestStatus: 'ONLINE',
        connectionString: null,
        subscription_id: null,
        restUrl: `http://localhost/projects/${ref}/rest/v1/`,
        kpsVersion: 'plinth',
        is_branch_enabled: false,
        parent_project_ref: null,
        organization_id: ORGANIZATION.id,
        organization_slug: ORGANIZATION.slug,
        inserted_at: '2026-01-01T00:00:00Z',
      }),
  };
}
