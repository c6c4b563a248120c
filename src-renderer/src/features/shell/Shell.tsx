import { useEffect, useState } from 'react';
import { Button } from '../../components/Button';
import { Notice } from '../../components/Notice';
import { describeError } from '../../errors/describe-error';
import { useLang, useT } from '../../i18n/store';
import { EstimateScreen } from '../estimates/EstimateScreen';
import { EstimatesScreen } from '../estimates/EstimatesScreen';
import { FilesScreen } from '../files/FilesScreen';
import { FormsScreen } from '../forms/FormsScreen';
import { useNavigation } from '../navigation/store';
import { AppNotices } from '../notices/AppNotices';
import { UpdateNotice } from '../updates/UpdateNotice';
import { PlanScreen } from '../plans/PlanScreen';
import { ProjectsScreen } from '../projects/ProjectsScreen';
import { useProjects } from '../projects/store';
import { AddWorkspaceDialog } from '../workspaces/AddWorkspaceDialog';
import { RemoveWorkspaceDialog } from '../workspaces/RemoveWorkspaceDialog';
import { ReplaceKeyDialog } from '../workspaces/ReplaceKeyDialog';
import { useWorkspaces } from '../workspaces/store';
import { WorkspaceBanners } from '../workspaces/WorkspaceBanners';
import { WorkspaceSettingsDialog } from '../workspaces/WorkspaceSettingsDialog';
import { WorkspaceSwitcher } from '../workspaces/WorkspaceSwitcher';
import { WorkspaceScreen } from '../workspace-screen/WorkspaceScreen';
import { LanguageSelect } from './LanguageSelect';
import { ConnectionIndicator } from '../connection/ConnectionIndicator';
import { StorageScreen } from '../storage/StorageScreen';
import { StatusBar } from './StatusBar';
import './shell.css';
import type { WorkspaceMeta } from '../../../../src-shared/workspaces/types';

/**
 * The window: header (workspace, its forms and its own screen, language), banners, the current view
 * (projects, a project's estimates, one estimate, its plan, its files, the workspace's forms, the
 * workspace), status bar, and the workspace dialogs.
 */
export function Shell() {
  const t = useT();
  const lang = useLang();
  const [adding, setAdding] = useState(false);
  const [removing, setRemoving] = useState<WorkspaceMeta | null>(null);
  const [settingsOpen, setSettingsOpen] = useState(false);
  const shellError = useWorkspaces((s) => s.shellError);
  const setShellError = useWorkspaces((s) => s.setShellError);
  const keyWorkspace = useWorkspaces((s) => s.workspaces.find((w) => w.id === s.keyDialogFor) ?? null);
  const activeId = useWorkspaces((s) => s.activeId);
  const generation = useWorkspaces((s) => s.generation);
  const viewName = useNavigation((s) => s.view.name);

  // Another workspace: back to its projects (its forms or its own screen stay, for the new one).
  // The same one with a new key: fetch the view again.
  useEffect(() => {
    const navigation = useNavigation.getState();
    const view = navigation.view;
    if (view.name === 'projects' || view.name === 'storage') return;
    if (view.workspaceId === activeId) navigation.refresh();
    else if (view.name === 'forms' || view.name === 'workspace') {
      navigation.go({ name: view.name, workspaceId: activeId });
    } else navigation.backToProjects();
  }, [activeId, generation]);

  // Ctrl/Cmd+F finds, like the menu's Find (when no dialog is open).
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if ((e.ctrlKey || e.metaKey) && !e.altKey && !e.shiftKey && e.key.toLowerCase() === 'f') {
        if (document.querySelector('dialog[open]')) return;
        if (useNavigation.getState().view.name !== 'projects') return;
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
        <Button
          size="sm"
          className={`header-button${viewName === 'forms' ? ' is-current' : ''}`}
          onClick={() => useNavigation.getState().go({ name: 'forms', workspaceId: activeId })}
          aria-current={viewName === 'forms' ? 'page' : undefined}
          data-testid="open-forms"
        >
          {t('header.forms')}
        </Button>
        <Button
          size="sm"
          className={`header-button${viewName === 'workspace' ? ' is-current' : ''}`}
          onClick={() => useNavigation.getState().go({ name: 'workspace', workspaceId: activeId })}
          aria-current={viewName === 'workspace' ? 'page' : undefined}
          data-testid="open-workspace"
        >
          {t('header.workspaceScreen')}
        </Button>
        <Button
          size="sm"
          className="header-button header-settings"
          onClick={() => setSettingsOpen(true)}
          title={t('header.workspaceSettings')}
          aria-label={t('header.workspaceSettings')}
          data-testid="workspace-settings"
        >
          <span className="header-settings-icon" aria-hidden="true">
            ⚙
          </span>
        </Button>
        <div className="app-header-spacer" />
        <ConnectionIndicator />
        <LanguageSelect />
      </header>
      <WorkspaceBanners onAdd={() => setAdding(true)} />
      <AppNotices />
      <UpdateNotice />
      {shellError && (
        <div className="app-shell-error">
          <Notice tone="error" onDismiss={() => setShellError(null)} testId="shell-error">
            {describeError(shellError, lang)}
          </Notice>
        </div>
      )}
      <main className="app-main">
        {viewName === 'projects' && <ProjectsScreen />}
        {viewName === 'estimates' && <EstimatesScreen />}
        {viewName === 'estimate' && <EstimateScreen />}
        {viewName === 'plan' && <PlanScreen />}
        {viewName === 'files' && <FilesScreen />}
        {viewName === 'forms' && <FormsScreen />}
        {viewName === 'workspace' && <WorkspaceScreen />}
        {viewName === 'storage' && <StorageScreen />}
      </main>
      <StatusBar />
      {adding && <AddWorkspaceDialog onClose={() => setAdding(false)} />}
      {removing && <RemoveWorkspaceDialog workspace={removing} onClose={() => setRemoving(null)} />}
      {keyWorkspace && <ReplaceKeyDialog key={keyWorkspace.id} workspace={keyWorkspace} />}
      {settingsOpen && (
        <WorkspaceSettingsDialog
          key={activeId ?? ''}
          onClose={() => setSettingsOpen(false)}
          onOpenStorage={() => {
            setSettingsOpen(false);
            useNavigation.getState().go({ name: 'storage' });
          }}
        />
      )}
    </div>
  );
}
