import { ProjectStatusAnswerSchema, type ProjectsClient, type ProjectStatus } from '@plinth/shared-contracts';
import { answer, type Handlers } from './fake-client';

export interface ProjectState {
  /** What the project's status call answers. */
  projectStatus: ProjectStatus;
}

/** The project's status, as the projects API answers it. */
export function projectHandlers(state: ProjectState): Handlers<ProjectsClient> {
  return {
    getStatus: () => answer(ProjectStatusAnswerSchema, { status: state.projectStatus }),
  };
}
