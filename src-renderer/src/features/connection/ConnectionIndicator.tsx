import { useEffect } from 'react';
import { Button } from '../../components/Button';
import { describeError } from '../../errors/describe-error';
import { formatMoment } from '../../i18n/format';
import { useLang, useT, useTPlural } from '../../i18n/store';
import { useWorkspaces } from '../workspaces/store';
import { useConnection } from './store';
import './connection.css';

/**
 * One indicator for the whole app, in the header: online, offline since a time, or syncing, with the
 * uploads waiting and "Sync now". The screens' own markers keep saying when their data was fetched.
 */
export function ConnectionIndicator() {
  const t = useT();
  const tp = useTPlural();
  const lang = useLang();
  const status = useConnection((s) => s.status);
  const syncing = useConnection((s) => s.syncing);
  const error = useConnection((s) => s.error);
  const activeId = useWorkspaces((s) => s.activeId);
  const generation = useWorkspaces((s) => s.generation);

  useEffect(() => {
    if (activeId) void useConnection.getState().load();
  }, [activeId, generation]);

  if (!status) return null;
  const state = syncing ? 'syncing' : status.state;
  const label =
    state === 'syncing'
      ? t('connection.syncing')
      : state === 'online'
        ? t('connection.online')
        : status.offlineSince
          ? t('connection.offlineSince', { time: formatMoment(status.offlineSince, lang) })
          : t('connection.offline');
  const hint = [
    label,
    state === 'offline' ? t('connection.offlineHint') : t('connection.onlineHint'),
    status.lastSync ? t('connection.lastSync', { time: formatMoment(status.lastSync, lang) }) : '',
    error ? `${t('connection.syncFailed')} ${describeError(error, lang)}` : '',
  ]
    .filter(Boolean)
    .join('\n');

  return (
    <div
      className={`connection connection-${state}${error ? ' has-error' : ''}`}
      role="status"
      aria-label={t('connection.label')}
      title={hint}
      data-testid="connection-indicator"
      data-state={state}
    >
      <span className="connection-dot" aria-hidden="true" />
      <span className="connection-label" data-testid="connection-label">
        {label}
      </span>
      {status.waitingUploads > 0 && (
        <span
          className="connection-waiting"
          data-testid="connection-waiting"
          title={tp('connection.waiting', status.waitingUploads)}
        >
          {/* A plain span may not carry a name (aria-label): its words are in the text, for screen readers. */}
          <span aria-hidden="true">⇡ {status.waitingUploads}</span>
          <span className="sr-only">{tp('connection.waiting', status.waitingUploads)}</span>
        </span>
      )}
      <Button
        size="sm"
        className="header-button connection-sync"
        onClick={() => void useConnection.getState().syncNow()}
        busy={syncing}
        title={t('connection.syncNow')}
        data-testid="sync-now"
      >
        <span className="connection-sync-icon" aria-hidden="true">
          ⟳
        </span>
        <span className="connection-sync-text">{t('connection.syncNow')}</span>
      </Button>
    </div>
  );
}
