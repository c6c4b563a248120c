import { useEffect } from 'react';
import { formatDateTime } from '../../i18n/format';
import { useLang, useT, useTPlural } from '../../i18n/store';
import { signedMoney } from './comparison-text';
import { useVersions } from './store';

/**
 * "Changed since 12 May 2026, 10:04": shown beside the estimate's title when it changed since the
 * user last opened it; a click shows what changed. Asked of main each time the estimate arrives.
 */
export function ChangesBadge({
  projectId,
  estimateId,
  loadedAt,
}: {
  projectId: string;
  estimateId: string;
  /** When the estimate on screen arrived (null while it loads). */
  loadedAt: string | null;
}) {
  const t = useT();
  const tp = useTPlural();
  const lang = useLang();
  const changes = useVersions((s) => s.changes);

  useEffect(() => {
    useVersions.getState().forgetChanges(estimateId);
    if (loadedAt !== null) void useVersions.getState().checkOpened(projectId, estimateId, loadedAt);
  }, [projectId, estimateId, loadedAt]);

  if (!changes || changes.estimateId !== estimateId) return null;
  const { since } = changes;
  const counts = [
    since.counts.added > 0 ? tp('compare.added', since.counts.added) : '',
    since.counts.removed > 0 ? tp('compare.removed', since.counts.removed) : '',
    since.counts.changed > 0 ? tp('compare.changed', since.counts.changed) : '',
    since.counts.moved > 0 ? tp('compare.moved', since.counts.moved) : '',
  ]
    .filter(Boolean)
    .join(', ');
  return (
    <button
      type="button"
      className="changes-badge"
      title={t('versions.changedSinceHint', {
        summary: counts,
        delta: signedMoney(since.gross.delta, since.currency ?? '', lang),
      })}
      onClick={() =>
        void useVersions.getState().compare({
          projectId,
          from: { estimateId, versionId: since.fromVersion },
          to: { estimateId, versionId: since.toVersion },
        })
      }
      data-testid="changes-badge"
    >
      {t('versions.changedSince', { date: formatDateTime(since.openedAt, lang) })}
    </button>
  );
}
