import { formatDateTime } from '../i18n/format';
import { useLang, useT } from '../i18n/store';
import './OfflineMarker.css';

/**
 * Says plainly that a screen shows the offline copy, and from when: "Offline — data from <time>".
 * Shown whenever a result came from the cache; it goes away once fresh data arrives.
 */
export function OfflineMarker({ fetchedAt }: { fetchedAt: string }) {
  const t = useT();
  const lang = useLang();
  const time = formatDateTime(fetchedAt, lang) || fetchedAt;
  return (
    <div className="offline-marker" role="status" data-testid="offline-marker">
      <span className="offline-marker-icon" aria-hidden="true" />
      <span className="offline-marker-title">{t('offline.marker', { time })}</span>
      <span className="offline-marker-hint">{t('offline.markerHint')}</span>
    </div>
  );
}
