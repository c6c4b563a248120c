import { Button } from '../../components/Button';
import { formatDateTime } from '../../i18n/format';
import { useLang, useT, useTPlural } from '../../i18n/store';
import { useEstimates } from './store';

/** "Make available offline" and, once there is a copy, "Available offline · <time>". */
export function OfflineControls() {
  const t = useT();
  const tp = useTPlural();
  const lang = useLang();
  const offline = useEstimates((s) => s.offline);
  const busy = useEstimates((s) => s.offlineBusy);
  const available = Boolean(offline?.available);
  const time = offline?.fetchedAt ? formatDateTime(offline.fetchedAt, lang) || offline.fetchedAt : '';

  return (
    <div className="offline-controls">
      {available && time && offline && (
        <span
          className="offline-status"
          data-testid="offline-status"
          title={tp('offline.availableHint', offline.estimates)}
        >
          {t('offline.available', { time })}
        </span>
      )}
      <Button
        size="sm"
        busy={busy}
        onClick={() => void useEstimates.getState().makeOffline()}
        data-testid="make-offline"
      >
        {available ? t('offline.update') : t('offline.make')}
      </Button>
    </div>
  );
}
