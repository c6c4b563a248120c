import { useEffect } from 'react';
import { getApi, hasApi } from './api';
import { Button } from './components/Button';
import { Notice } from './components/Notice';
import { describeError } from './errors/describe-error';
import { useNavigation } from './features/navigation/store';
import { useOperations } from './features/operations/store';
import { useProjects } from './features/projects/store';
import { Shell } from './features/shell/Shell';
import { useUpdates } from './features/updates/store';
import { useWorkspaces } from './features/workspaces/store';
import { useLang, useT } from './i18n/store';
import { useBoot } from './features/shell/boot';
import { useConnection } from './features/connection/store';
import { useNotices } from './features/notices/store';
import { useOutbox } from './features/outbox/store';

/**
 * Main's events: progress of long operations, a refused key, the application menu's commands, the
 * service becoming reachable again (the current view is fetched again, replacing offline data), the
 * update status, the connection indicator's status and the waiting uploads.
 */
function useMainEvents(enabled: boolean): void {
  useEffect(() => {
    if (!enabled) return;
    const api = getApi();
    const offs: Array<() => void> = [];
    if (typeof api.onProgress === 'function') {
      offs.push(api.onProgress((event) => useOperations.getState().progress(event)));
    }
    if (typeof api.onWorkspaceAuthFailed === 'function') {
      offs.push(
        api.onWorkspaceAuthFailed((payload) => {
          if (payload?.workspaceId) useWorkspaces.getState().keyRejected(payload.workspaceId);
        }),
      );
    }
    if (typeof api.onMenuCommand === 'function') {
      offs.push(
        api.onMenuCommand((payload) => {
          if (payload?.command === 'reload') {
            void useWorkspaces.getState().load();
            useNavigation.getState().refresh();
          } else if (payload?.command === 'find') {
            if (useNavigation.getState().view.name === 'projects') useProjects.getState().focusSearch();
          }
        }),
      );
    }
    if (typeof api.onConnectivity === 'function') {
      offs.push(
        api.onConnectivity((payload) => {
          if (payload?.online === true) useNavigation.getState().refresh();
        }),
      );
    }
    if (typeof api.onUpdateStatus === 'function') {
      offs.push(api.onUpdateStatus((status) => useUpdates.getState().received(status)));
    }
    if (typeof api.onConnectionStatus === 'function') {
      offs.push(api.onConnectionStatus((status) => useConnection.getState().received(status)));
    }
    if (typeof api.onOutboxChange === 'function') {
      offs.push(api.onOutboxChange((update) => useOutbox.getState().received(update)));
    }
    // What main learns after start-up (a full disk, uploads recovered) is taken at once.
    if (typeof api.onNotices === 'function') {
      offs.push(api.onNotices(() => void useNotices.getState().take()));
    }
    return () => offs.forEach((off) => off());
  }, [enabled]);
}

export function App() {
  const apiPresent = hasApi();
  const t = useT();
  const lang = useLang();
  const boot = useBoot((s) => s.boot);

  useMainEvents(apiPresent);

  useEffect(() => {
    if (apiPresent) void useBoot.getState().start();
  }, [apiPresent]);

  if (!apiPresent) {
    return (
      <div className="splash">
        <div className="splash-title">{t('app.name')}</div>
        <p>{t('app.noApi')}</p>
      </div>
    );
  }

  if (boot.phase === 'loading') {
    return (
      <div className="splash" aria-busy="true">
        <div className="splash-title">{t('app.name')}</div>
        <p>{t('app.loading')}</p>
      </div>
    );
  }

  if (boot.phase === 'failed') {
    return (
      <div className="splash">
        <div className="splash-title">{t('app.name')}</div>
        <Notice tone="error" title={t('app.startFailed')}>
          {describeError(boot.error, lang)}
        </Notice>
        <Button variant="primary" onClick={() => void useBoot.getState().start()}>
          {t('common.retry')}
        </Button>
      </div>
    );
  }

  return <Shell />;
}
