import { useEffect } from 'react';
import { Button } from '../../components/Button';
import { Notice } from '../../components/Notice';
import { useT } from '../../i18n/store';
import { READY_MESSAGES } from '../../../../src-shared/updates/types';
import { useUpdates } from './store';

/**
 * The update notices at the top of the window, never in the way: "PlanDesk x.y is ready to install"
 * with Restart to update / Later, and the first failed check of the session.
 */
export function UpdateNotice() {
  const t = useT();
  const status = useUpdates((s) => s.status);
  const failure = useUpdates((s) => s.failure);
  const postponed = useUpdates((s) => s.postponed);

  useEffect(() => {
    void useUpdates.getState().load();
  }, []);

  const ready = status?.phase === 'ready' && status.version && status.version !== postponed;
  if (!ready && !failure) return null;
  // A restart installs it, or (Linux) the user's word, and for a deb or rpm an administrator's password.
  const words = READY_MESSAGES[status?.install ?? 'restart'];
  return (
    <div className="app-notices">
      {ready && (
        <Notice
          tone="info"
          testId="update-ready"
          actions={
            <>
              <Button
                size="sm"
                variant="primary"
                onClick={() => void useUpdates.getState().install()}
                data-testid="update-restart"
              >
                {t(words.action)}
              </Button>
              <Button size="sm" onClick={() => useUpdates.getState().postpone()} data-testid="update-later">
                {t('updates.later')}
              </Button>
            </>
          }
        >
          {t(words.message, { version: status.version ?? '' })}
        </Notice>
      )}
      {failure && (
        <Notice
          tone="warning"
          testId="update-failed"
          onDismiss={() => useUpdates.getState().dismissFailure()}
        >
          {t('updates.failedNotice', { message: failure })}
        </Notice>
      )}
    </div>
  );
}
