import { DeletedProjectSchema, ProjectSchema, ProjectStatusAnswerSchema, UpdateProjectBodySchema, type ProjectDeletionClient, type ProjectsClient, type ProjectStatus } from '@plinth/shared-contracts';
import { ORGANIZATION } from '../fixtures';
import { answer, refuse, type Handlers } from './fake-client';

export interface ProjectState {
  /** What the project's status call answers. */
  projectStatus: ProjectStatus;
  /** The project's name (renamed by `update`). */
  projectName?: string;
  /** Set once the project was deleted (`projectDeletion.remove`). */
  projectDeleted?: boolean;
}

/** The project the area is opened on, in the test organization. */
function projectAnswer(state: ProjectState, ref: string) {
  return answer(ProjectSchema, {
    id: 1,
    ref,
    name: state.projectName ?? 'Test project',
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
  });
}

/** The project, its status, renaming and pausing it, as the projects API answers them. */
export function projectHandlers(state: ProjectState): Handlers<ProjectsClient> {
  return {
    getStatus: () => answer(ProjectStatusAnswerSchema, { status: state.projectStatus }),
    /** Renames the project, with the API's rule on the name. */
    update: (ref, body) => {
      const parsed = UpdateProjectBodySchema.safeParse(body);
      if (!parsed.success) refuse(400, parsed.error.issues[0]?.message ?? 'Invalid project name');
      state.projectName = parsed.data.name;
      return projectAnswer(state, ref);
    },
    /** Pauses a running project (PAUSING); any other status is refused as the API refuses it. */
    pause: () => {
      if (state.projectStatus !== 'ACTIVE_HEALTHY') refuse(409, `Only an active project can be paused; this project is ${state.projectStatus}`, 'INVALID_STATUS');
      state.projectStatus = 'PAUSING';
      return answer(ProjectStatusAnswerSchema, { status: state.projectStatus });
    },
    /** The project the area is opened on, in the test organization. */
    get: (ref) => projectAnswer(state, ref),
  };
}

/** Deleting the project: refused while it is being made, opened or closed, as the API refuses it. */
export function projectDeletionHandlers(state: ProjectState): Handlers<ProjectDeletionClient> {
  return {
    remove: (ref) => {
      if (state.projectDeleted) refuse(404, `Project not found: ${ref}`, 'PROJECT_NOT_FOUND');
      if (!['ACTIVE_HEALTHY', 'INACTIVE', 'RESTORATION_FAILED', 'UNKNOWN'].includes(state.projectStatus)) {
        refuse(409, `This project is ${state.projectStatus}; it can be deleted once that is over`, 'INVALID_STATUS');
      }
      state.projectDeleted = true;
      return answer(DeletedProjectSchema, { id: 1, ref, name: state.projectName ?? 'Test project' });
    },
  };
}
