import { useEffect, useState } from 'react';
import type { ProjectPage, WorkspaceSummary } from '../../src-shared/ipc/contract';
import type { ErrorValue } from '../../src-shared/errors/service-error';

/** First screen: the current workspace and its projects. The full screens arrive with the app-shell work. */
export function App() {
  const [workspace, setWorkspace] = useState<WorkspaceSummary | null>(null);
  const [projects, setProjects] = useState<ProjectPage | null>(null);
  const [error, setError] = useState<ErrorValue | null>(null);

  useEffect(() => {
    void (async () => {
      const ws = await window.api.getWorkspace();
      if (!ws.ok) return setError(ws.error);
      setWorkspace(ws.data);
      const page = await window.api.listProjects({ page: 1, pageSize: 50 });
      if (!page.ok) return setError(page.error);
      setProjects(page.data);
    })();
  }, []);

  return (
    <main>
      <header>
        <h1>PlanDesk</h1>
        {workspace && (
          <p>
            {workspace.name} {workspace.demo && <span className="badge">Demo workspace</span>}
          </p>
        )}
      </header>
      {error && <p role="alert">{error.message}</p>}
      {projects && (
        <table>
          <thead>
            <tr>
              <th>Name</th>
              <th>External reference</th>
              <th>Modified</th>
            </tr>
          </thead>
          <tbody>
            {projects.rows.map((p) => (
              <tr key={p.id} className={p.archived ? 'archived' : undefined}>
                <td>{p.name}</td>
                <td>{p.externalReferenceId ?? ''}</td>
                <td>{p.modified?.slice(0, 10) ?? ''}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </main>
  );
}
