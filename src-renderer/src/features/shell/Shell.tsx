import { useEffect, useState } from 'react';
import type { WorkspaceMeta } from '../../../../src-shared/ipc/contract';
import { Button } from '../../components/Button';
import { Notice } from '../../components/Notice';
import { describeError } from '../../errors/describe-error';
import { useLang, useT } from '../../i18n/store';
import { ProjectsScreen } from '../projects/ProjectsScreen';
import { useProjects } from '../projects/store';
import { AddWorkspaceDialog } from '../workspaces/AddWorkspaceDialog';
import { RemoveWorkspaceDialog } from '../workspaces/RemoveWorkspaceDialog';
import { ReplaceKeyDialog } from '../workspaces/ReplaceKeyDialog';
import { useWorkspaces } from '../workspaces/store';
import { WorkspaceBanners } from '../workspaces/WorkspaceBanners';
import { WorkspaceSwitcher } from '../workspaces/WorkspaceSwitcher';
import { LanguageSelect } from './LanguageSelect';
import { StatusBar } from './StatusBar';
import './shell.css';

/** The window: header (workspace, language), banners, the projects view, status bar, and the workspace dialogs. */
export function Shell() {
  const t = useT();
  const lang = useLang();
  const [adding, setAdding] = useState(false);
  const [removing, setRemoving] = useState<WorkspaceMeta | null>(null);
  const shellError = useWorkspaces((s) => s.shellError);
  const setShellError = useWorkspaces((s) => s.setShellError);
  const keyWorkspace = useWorkspaces((s) => s.workspaces.find((w) => w.id === s.keyDialogFor) ?? null);

  // Ctrl/Cmd+F finds, like the menu's Find (when no dialog is open).
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if ((e.ctrlKey || e.metaKey) && !e.altKey && !e.shiftKey && e.key.toLowerCase() === 'f') {
        if (document.querySelector('dialog[open]')) return;
        e.preventDefault();
        useProjects.getState().focusSearch();
      }
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, []);

  return (
    <div className="app">
      <header className="app-header">
        <div className="app-brand">{t('app.name')}</div>
        <WorkspaceSwitcher onAdd={() => setAdding(true)} onRemove={setRemoving} />
        <Button
          size="sm"
          className="header-button btn-plus"
          onClick={() => setAdding(true)}
          data-testid="add-workspace"
        >
          {t('header.addWorkspace')}
        </Button>
        <div className="app-header-spacer" />
        <LanguageSelect />
      </header>
      <WorkspaceBanners onAdd={() => setAdding(true)} />
      {shellError && (
        <div className="app-shell-error">
          <Notice tone="error" onDismiss={() => setShellError(null)} testId="shell-error">
            {describeError(shellError, lang)}
          </Notice>
        </div>
      )}
      <main className="app-main">
        <ProjectsScreen />
      </main>
      <StatusBar />
      {adding && <AddWorkspaceDialog onClose={() => setAdding(false)} />}
      {removing && <RemoveWorkspaceDialog workspace={removing} onClose={() => setRemoving(null)} />}
      {keyWorkspace && <ReplaceKeyDialog key={keyWorkspace.id} workspace={keyWorkspace} />}
    </div>
  );
}
