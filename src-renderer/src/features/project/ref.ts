import type { ProjectDetailView, ProjectRow } from '../../../../src-shared/projects/types';
import type { ProjectRef } from '../navigation/store';
import { useWorkspaces } from '../workspaces/store';

/** A screen of the project, opened in the active workspace. */
export function projectRef(project: ProjectRow | ProjectDetailView): ProjectRef {
  return {
    workspaceId: useWorkspaces.getState().activeId,
    projectId: project.id,
    projectName: project.name,
  };
}
