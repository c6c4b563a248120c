import { Notice } from '../../components/Notice';
import { OfflineMarker } from '../../components/OfflineMarker';
import { SavedFileActions } from '../../components/SavedFileActions';
import { useT } from '../../i18n/store';
import { ExportWarnings } from './ExportWarnings';
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
  const exported = useEstimates((s) => s.exported);
  if (!exported) return null;
  return (
    <Notice
      tone={exported.warnings?.length ? 'warning' : 'success'}
      testId="export-result"
      onDismiss={() => useEstimates.getState().setExported(null)}
      actions={<SavedFileActions path={exported.path} testId="export-file" />}
    >
      {t('export.savedTo', { path: exported.path })}
      <ExportWarnings warnings={exported.warnings} />
    </Notice>
  );
}
