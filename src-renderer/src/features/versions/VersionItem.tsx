import type { VersionRow } from '../../../../src-shared/versions/types';
import { Badge } from '../../components/Badge';
import { Button } from '../../components/Button';
import { formatDateTime, formatMoney, formatNumber } from '../../i18n/format';
import { useLang, useT } from '../../i18n/store';
import { formatFileSize } from '../files/file-size';
import { useVersions } from './store';

/** How many unpinned versions main keeps per estimate (src-main/versions/estimate-versions.ts). */
const KEPT_VERSIONS = 100;

/**
 * One version of the timeline: its number, name and marks (current, last opened, pinned, damaged),
 * when it was fetched and changed, its size and totals, and what can be done with it. A version found
 * damaged on this computer says so and cannot be compared.
 */
export function VersionItem({
  version: v,
  current,
  picked,
  onToggle,
  onCompareWithCurrent,
  onName,
}: {
  version: VersionRow;
  current: VersionRow | null;
  picked: boolean;
  onToggle: () => void;
  onCompareWithCurrent: () => void;
  onName: () => void;
}) {
  const t = useT();
  const lang = useLang();
  const store = useVersions.getState;
  return (
    <li
      className={`versions-item${v.current ? ' is-current' : ''}${v.damaged ? ' is-damaged' : ''}`}
      data-testid={`version-${v.seq}`}
    >
      <input
        type="checkbox"
        checked={picked}
        disabled={v.damaged}
        onChange={onToggle}
        aria-label={t('versions.select', { seq: v.seq })}
        data-testid={`version-pick-${v.seq}`}
      />
      <div className="versions-main">
        <div className="versions-title">
          <strong>{t('versions.version', { seq: v.seq })}</strong>
          {v.name && <span className="versions-name">{t('common.quoted', { text: v.name })}</span>}
          {v.current && <Badge tone="accent">{t('versions.current')}</Badge>}
          {v.lastOpened && <Badge>{t('versions.lastOpened')}</Badge>}
          {v.pinned && <Badge tone="warning">{t('versions.pinned')}</Badge>}
          {v.damaged && (
            <Badge tone="warning" title={t('versions.damagedHint')}>
              {t('versions.damaged')}
            </Badge>
          )}
        </div>
        <div className="versions-meta">
          {/* A version is the estimate as the service last changed it; when PlanDesk fetched it is a detail. */}
          {v.modified && (
            <span>
              {t('versions.modified')}: {formatDateTime(v.modified, lang)}
            </span>
          )}
          <span
            title={
              v.lastFetchedAt !== v.fetchedAt
                ? t('versions.fetchedAgain', { date: formatDateTime(v.lastFetchedAt, lang) })
                : undefined
            }
          >
            {t('versions.fetched')}: {formatDateTime(v.fetchedAt, lang)}
          </span>
          <span>
            {t('versions.items')}: {formatNumber(v.items, lang)}
          </span>
          <span title={v.storage === 'delta' ? t('versions.storedDelta') : undefined}>
            {formatFileSize(v.bytes, lang)}
          </span>
        </div>
      </div>
      <div className="versions-money mono">
        <span>
          {t('versions.net')} {formatMoney(v.net, v.currency ?? '', lang)}
        </span>
        <strong>
          {t('versions.gross')} {formatMoney(v.gross, v.currency ?? '', lang)}
        </strong>
      </div>
      <div className="versions-actions">
        {!v.current && current && !v.damaged && !current.damaged && (
          <Button size="sm" onClick={onCompareWithCurrent} data-testid={`version-compare-${v.seq}`}>
            {t('versions.compareWithCurrent')}
          </Button>
        )}
        <Button size="sm" variant="ghost" onClick={onName} data-testid={`version-name-${v.seq}`}>
          {t('versions.nameAction')}
        </Button>
        <Button
          size="sm"
          variant="ghost"
          onClick={() => void store().label(v.id, v.name, !v.pinned)}
          title={t('versions.pinHint', { count: KEPT_VERSIONS })}
          data-testid={`version-pin-${v.seq}`}
        >
          {v.pinned ? t('versions.unpin') : t('versions.pin')}
        </Button>
      </div>
    </li>
  );
}
