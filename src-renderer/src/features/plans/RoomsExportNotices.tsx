import { Notice } from '../../components/Notice';
import { SavedFileActions } from '../../components/SavedFileActions';
import { describeError } from '../../errors/describe-error';
import { useLang, useT } from '../../i18n/store';
import { ExportWarnings } from '../estimates/ExportWarnings';
import { usePlans } from './store';

/** Where the rooms export was saved (and what the user should know about it), or why it failed. */
export function RoomsExportNotices() {
  const t = useT();
  const lang = useLang();
  const exportedPath = usePlans((s) => s.exportedPath);
  const exportWarnings = usePlans((s) => s.exportWarnings);
  const exportError = usePlans((s) => s.exportError);
  const dismiss = () => usePlans.getState().dismissExport();
  if (!exportedPath && !exportError) return null;
  return (
    <div className="screen-notices">
      {exportedPath && (
        <Notice
          tone="success"
          testId="rooms-export-result"
          onDismiss={dismiss}
          actions={<SavedFileActions path={exportedPath} testId="rooms-export-file" />}
        >
          {t('export.savedTo', { path: exportedPath })}
          <ExportWarnings warnings={exportWarnings} />
        </Notice>
      )}
      {exportError && (
        <Notice tone="error" testId="rooms-export-error" onDismiss={dismiss}>
          {describeError(exportError, lang)}
        </Notice>
      )}
    </div>
  );
}
