import { useEffect } from 'react';
import { useWorkspaces } from '../workspaces/store';
import { usePeople, type Person } from './store';

/** The active workspace's people (loaded once per workspace and key); null while not known. */
export function useWorkspacePeople(): Person[] | null {
  const activeId = useWorkspaces((s) => s.activeId);
  const generation = useWorkspaces((s) => s.generation);
  const key = activeId ? `${activeId}|${generation}` : null;
  useEffect(() => {
    if (key) void usePeople.getState().load(key);
  }, [key]);
  return usePeople((s) => (s.key === key ? s.people : null));
}
