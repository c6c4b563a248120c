import { useEffect, type ReactNode } from 'react';
import { ScreenBarBelow } from '../../components/ScreenBar';
import { isProjectView, useNavigation } from '../navigation/store';
import { ProjectTabs } from './ProjectTabs';
import { useProject } from './store';

/**
 * Around a project's screens: gives each screen's bar the project's tabs, and keeps the project's
 * detail loaded (the Plan tab needs its plan's id on every tab).
 */
export function ProjectFrame({ children }: { children: ReactNode }) {
  const view = useNavigation((s) => s.view);
  const project = isProjectView(view) ? view : null;
  const workspaceId = project?.workspaceId ?? null;
  const projectId = project?.projectId ?? null;
  const projectName = project?.projectName ?? '';
  useEffect(() => {
    if (projectId) useProject.getState().ensure({ workspaceId, projectId, projectName });
  }, [workspaceId, projectId, projectName]);
  if (!project) return <>{children}</>;
  return <ScreenBarBelow.Provider value={<ProjectTabs />}>{children}</ScreenBarBelow.Provider>;
}
