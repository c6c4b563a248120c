import { Notice } from '../../components/Notice';
import { OfflineMarker } from '../../components/OfflineMarker';
import { useLang, useT } from '../../i18n/store';
import { exportWarningText } from '../../../../src-shared/exports/warnings';
import { useEstimates } from './store';
import type { Provenance } from '../../../../src-shared/offline/types';

/*
 * What both estimates screens (a project's list, one estimate) say above their content: that it is
 * the offline copy, and where the last export was saved.
 */

/** Shown from the offline copy: the data on screen itself, or the file just exported from it. */
export function OfflineSource({ data }: { data: Provenance | null }) {
  const exportOfflineAt = useEstimates((s) => s.exportOfflineAt);
  const since = data?.source === 'cache' ? data.fetchedAt : exportOfflineAt;
  return since ? <OfflineMarker fetchedAt={since} /> : null;
}

/**
 * Where the last export was saved, and what the user should know about the document (no currency,
 * several currencies, an image left out: it was written all the same); shown until dismissed or the
 * user moves on.
 */
export function ExportedNotice() {
  const t = useT();
  const lang = useLang();
  const exported = useEstimates((s) => s.exported);
  if (!exported) return null;
  const warnings = exported.warnings ?? [];
  return (
    <Notice
      tone={warnings.length > 0 ? 'warning' : 'success'}
      testId="export-result"
      onDismiss={() => useEstimates.getState().setExported(null)}
    >
      {t('export.savedTo', { path: exported.path })}
      {warnings.length > 0 && (
        <ul className="export-warnings" data-testid="export-warnings">
          {warnings.map((w, i) => (
            <li key={i}>{exportWarningText(w, t, lang)}</li>
          ))}
        </ul>
      )}
    </Notice>
  );
}
