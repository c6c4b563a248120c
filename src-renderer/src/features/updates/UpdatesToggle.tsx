import { ON_REQUEST_MESSAGE, UNAVAILABLE_MESSAGES } from '../../../../src-shared/updates/types';
import { useT } from '../../i18n/store';
import { useUpdates } from './store';

/**
 * The version, and the "Update automatically" setting (settings.json), in the status bar. When this
 * copy cannot update itself, or installs updates only when the user confirms them (Linux), the box
 * is off and its title says why.
 */
export function UpdatesToggle() {
  const t = useT();
  const status = useUpdates((s) => s.status);
  const saving = useUpdates((s) => s.saving);
  const version = useUpdates((s) => s.version);
  if (!status) return null;
  const allowed = status.unavailable === null && status.install === 'restart';
  const why = status.unavailable
    ? t(UNAVAILABLE_MESSAGES[status.unavailable])
    : t(allowed ? 'updates.automaticHint' : ON_REQUEST_MESSAGE);
  return (
    <label className="statusbar-updates" title={why} data-testid="updates-toggle">
      {version && (
        <span className="statusbar-muted">
          {t('app.name')} {version}
        </span>
      )}
      <input
        type="checkbox"
        checked={allowed && status.automatic}
        disabled={!allowed || saving}
        onChange={(e) => void useUpdates.getState().setAutomatic(e.target.checked)}
        data-testid="updates-automatic"
      />
      <span>{t('updates.automatic')}</span>
    </label>
  );
}
