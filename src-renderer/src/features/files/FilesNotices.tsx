import { Button } from '../../components/Button';
import { ErrorNotice } from '../../components/ErrorNotice';
import { Notice } from '../../components/Notice';
import { describeError, errorDetail } from '../../errors/describe-error';
import { useLang, useT, useTPlural } from '../../i18n/store';
import type { MessageKey } from '../../i18n/messages';
import { allowedTypesText } from './file-types';
import { formatExactBytes } from './file-size';
import { useFiles } from './store';

/**
 * Where the last download was saved; when the project's file list gave another size than arrived
 * (complete by the storage service's own length), both sizes in a note.
 */
function SavedNotice() {
  const t = useT();
  const lang = useLang();
  const saved = useFiles((s) => s.saved);
  if (!saved) return null;
  const where = t('files.savedTo', { name: saved.name, path: saved.path });
  const dismiss = () => useFiles.getState().dismissResult();
  if (!saved.sizeDiffers)
    return (
      <Notice tone="success" testId="file-result" onDismiss={dismiss}>
        {where}
      </Notice>
    );
  return (
    <Notice tone="success" testId="file-result" title={where} onDismiss={dismiss}>
      <span data-testid="file-size-differs">
        {t('files.sizeDiffers', {
          listed: formatExactBytes(saved.sizeDiffers.listed, lang),
          received: formatExactBytes(saved.sizeDiffers.received, lang),
        })}
      </span>
    </Notice>
  );
}

/**
 * The files screen's notices: what the last upload did (uploaded, waiting, refused — by type before
 * sending, or by the service, each file with its reason — failed or cancelled), the last download,
 * a failed action, and a list that could not be read.
 */
export function FilesNotices() {
  const t = useT();
  const tp = useTPlural();
  const lang = useLang();
  const error = useFiles((s) => s.error);
  const uploading = useFiles((s) => s.upload !== null);
  const refused = useFiles((s) => s.refused);
  const serviceRefused = useFiles((s) => s.serviceRefused);
  const failure = useFiles((s) => s.uploadFailure);
  const cancelled = useFiles((s) => s.uploadCancelled);
  const uploadedCount = useFiles((s) => s.uploadedCount);
  const queuedCount = useFiles((s) => s.queuedCount);
  const actionError = useFiles((s) => s.actionError);
  const store = useFiles.getState;

  return (
    <div className="screen-notices">
      {queuedCount !== null && (
        <Notice tone="info" testId="upload-queued" onDismiss={() => store().dismissUploadNotice('queued')}>
          {tp('files.queued', queuedCount)}
        </Notice>
      )}
      <SavedNotice />
      {actionError && (
        <Notice
          tone={actionError.kind === 'cancelled' ? 'info' : 'error'}
          testId="file-action-error"
          onDismiss={() => store().dismissResult()}
        >
          {describeError(actionError, lang)}
        </Notice>
      )}
      {refused && (
        <Notice
          tone="error"
          testId="upload-refused"
          title={t('files.refusedTitle', { names: refused.join(', ') })}
          onDismiss={() => store().dismissUploadNotice('refused')}
        >
          {t('files.refusedBody', { types: allowedTypesText() })}
        </Notice>
      )}
      {serviceRefused && (
        <Notice
          tone="error"
          testId="upload-service-refused"
          title={tp('files.serviceRefusedTitle', serviceRefused.length)}
          onDismiss={() => store().dismissUploadNotice('serviceRefused')}
        >
          <ul>
            {serviceRefused.map((r, i) => (
              <li key={`${i}:${r.name}`} data-testid="upload-service-refused-file">
                <strong>{r.name}</strong>: {t(`outbox.problem.${r.problem}` as MessageKey)}
                {errorDetail(r) && ` ${t('outbox.serviceSaid', { message: errorDetail(r) })}`}
              </li>
            ))}
          </ul>
        </Notice>
      )}
      {failure && (
        <Notice
          tone="error"
          testId="upload-error"
          title={t('files.uploadFailed')}
          onDismiss={() => store().dismissUploadNotice('failure')}
          actions={
            <Button
              size="sm"
              onClick={() => void store().retryUpload()}
              disabled={uploading}
              data-testid="upload-retry"
            >
              {t('files.retryUpload')}
            </Button>
          }
        >
          {describeError(failure.error, lang)}
        </Notice>
      )}
      {cancelled && (
        <Notice
          tone="info"
          testId="upload-cancelled"
          onDismiss={() => store().dismissUploadNotice('cancelled')}
        >
          {t('files.uploadCancelled')}
        </Notice>
      )}
      {uploadedCount !== null && (
        <Notice tone="success" testId="upload-done" onDismiss={() => store().dismissUploadNotice('uploaded')}>
          {tp('files.uploaded', uploadedCount)}
        </Notice>
      )}
      {error && (
        <ErrorNotice
          error={error}
          onRetry={() => void store().load()}
          testId="files-error"
          retryTestId="files-retry"
        />
      )}
    </div>
  );
}
