import { useEffect, useState } from 'react';
import { ErrorNotice } from '../../components/ErrorNotice';
import { Notice } from '../../components/Notice';
import { OfflineMarker } from '../../components/OfflineMarker';
import { useT, useTPlural } from '../../i18n/store';
import { useWorkspaces } from '../workspaces/store';
import { CreateProjectDialog } from './CreateProjectDialog';
import { Pager } from './Pager';
import { ProjectDetail } from './ProjectDetail';
import { ProjectsTable } from './ProjectsTable';
import { ProjectsToolbar } from './ProjectsToolbar';
import { useProjects } from './store';
import './projects.css';

/** Offline, searches and filters run over the projects kept on this computer: said plainly. */
function OfflineSearchMarker({ kept }: { kept: number }) {
  const t = useT();
  const tp = useTPlural();
  return (
    <div className="offline-marker" role="status" data-testid="offline-search-marker">
      <span className="offline-marker-icon" aria-hidden="true" />
      <span className="offline-marker-title">{tp('offline.searchMarker', kept)}</span>
      <span className="offline-marker-hint">{t('offline.searchHint')}</span>
    </div>
  );
}

/** The main view: the active workspace's projects, a detail panel for the selected one. */
export function ProjectsScreen() {
  const t = useT();
  const activeId = useWorkspaces((s) => s.activeId);
  const generation = useWorkspaces((s) => s.generation);
  const listError = useProjects((s) => s.listError);
  const cancelled = useProjects((s) => s.cancelled);
  const created = useProjects((s) => s.created);
  const warningsDismissed = useProjects((s) => s.warningsDismissed);
  const selectedId = useProjects((s) => s.selectedId);
  const source = useProjects((s) => s.page?.source);
  const fetchedAt = useProjects((s) => s.page?.fetchedAt);
  const offlineSearch = useProjects((s) => s.page?.offlineSearch);
  const [creating, setCreating] = useState(false);

  // Another workspace: start fresh. Same workspace with a new key: fetch again, keep everything else.
  // Back from a project's estimates: the list, page and selection are still there; only an offline
  // copy is fetched again.
  useEffect(() => {
    if (activeId) useProjects.getState().followWorkspace(activeId, generation);
  }, [activeId, generation]);

  const store = useProjects.getState;

  return (
    <section className="projects" aria-labelledby="projects-title">
      <ProjectsToolbar onCreate={() => setCreating(true)} />

      {offlineSearch ? (
        <OfflineSearchMarker kept={offlineSearch.kept} />
      ) : (
        source === 'cache' && fetchedAt && <OfflineMarker fetchedAt={fetchedAt} />
      )}

      <div className="projects-notices">
        {created && (
          <Notice
            tone="success"
            title={t('created.title', { name: created.name })}
            onDismiss={() => store().dismissCreated()}
          >
            <span data-testid="sync-note">{t('created.syncNote')}</span>
          </Notice>
        )}
        {created && created.warnings.length > 0 && !warningsDismissed && (
          <Notice
            tone="warning"
            title={t('created.warningsTitle')}
            onDismiss={() => store().dismissWarnings()}
            testId="warnings-notice"
          >
            <ul>
              {created.warnings.map((w, i) => (
                <li key={`${i}-${w}`}>{w}</li>
              ))}
            </ul>
          </Notice>
        )}
        {cancelled && (
          <Notice tone="info" onDismiss={() => store().dismissCancelled()} testId="load-cancelled">
            {t('projects.cancelled')}
          </Notice>
        )}
        {listError && (
          <ErrorNotice error={listError} onRetry={() => void store().load()} testId="projects-error" />
        )}
      </div>

      <div className="projects-body">
        <div className="projects-list">
          <ProjectsTable />
          <Pager />
        </div>
        {selectedId && <ProjectDetail key={selectedId} id={selectedId} />}
      </div>

      {creating && <CreateProjectDialog onClose={() => setCreating(false)} />}
    </section>
  );
}
