import { useEffect, useState } from 'react';
import type { ErrorValue } from '../../../../src-shared/errors/service-error';
import type { OfflinePreview } from '../../../../src-shared/offline/types';
import { call } from '../../api';
import { Button } from '../../components/Button';
import { Dialog } from '../../components/Dialog';
import { describeError } from '../../errors/describe-error';
import { formatDateTime } from '../../i18n/format';
import { useLang, useT, useTPlural } from '../../i18n/store';
import { formatFileSize } from '../files/file-size';
import { useNavigation } from '../navigation/store';
import { useNeedsService } from '../connection/needs-service';
import { useEstimates } from './store';

/**
 * Before keeping a project offline: what is kept, and the files' count and size, so "Also keep the
 * files" is chosen knowing what it costs. It starts checked as the last copy was made.
 */
function MakeOfflineDialog({ onClose }: { onClose: () => void }) {
  const t = useT();
  const tp = useTPlural();
  const lang = useLang();
  const view = useNavigation((s) => s.view);
  const offline = useEstimates((s) => s.offline);
  const [keepFiles, setKeepFiles] = useState(offline?.keepFiles ?? false);
  const [preview, setPreview] = useState<OfflinePreview | null>(null);
  const [previewError, setPreviewError] = useState<ErrorValue | null>(null);
  const projectId = 'projectId' in view ? view.projectId : null;
  const projectName = 'projectName' in view ? view.projectName : '';

  useEffect(() => {
    if (!projectId) return;
    let live = true;
    void call((api) => api.previewOfflineCopy({ projectId })).then((res) => {
      if (!live) return;
      if (res.ok) setPreview(res.data);
      else setPreviewError(res.error);
    });
    return () => {
      live = false;
    };
  }, [projectId]);

  const start = () => {
    onClose();
    void useEstimates.getState().makeOffline(keepFiles);
  };

  const sizeText = preview
    ? preview.files === 0
      ? t('offline.noFiles')
      : `${tp('offline.filesSize', preview.files, { size: formatFileSize(preview.bytes, lang) || '0' })}${
          preview.unknownSizes > 0 ? ` (${t('offline.filesUnknownSizes')})` : ''
        }`
    : previewError
      ? `${t('offline.sizeFailed')} ${describeError(previewError, lang)}`
      : t('offline.sizeLoading');

  return (
    <Dialog
      title={t('offline.makeTitle', { name: projectName })}
      onClose={onClose}
      onSubmit={start}
      size="sm"
      testId="make-offline-dialog"
      footer={
        <>
          <Button onClick={onClose}>{t('common.cancel')}</Button>
          <Button type="submit" variant="primary" data-testid="offline-start">
            {t('offline.start')}
          </Button>
        </>
      }
    >
      <p className="dialog-intro">{t('offline.makeIntro')}</p>
      <label className="offline-keep-files">
        <input
          type="checkbox"
          checked={keepFiles}
          onChange={(e) => setKeepFiles(e.target.checked)}
          disabled={preview?.files === 0}
          data-testid="offline-keep-files"
        />
        <span>
          <strong>{t('offline.keepFiles')}</strong>
          <span className="offline-keep-size" data-testid="offline-files-size">
            {sizeText}
          </span>
          <span className="offline-keep-hint">{t('offline.keepFilesHint')}</span>
        </span>
      </label>
    </Dialog>
  );
}

/** "Make available offline" and, once there is a copy, "Available offline · <time>" and what it holds. */
export function OfflineControls() {
  const t = useT();
  const tp = useTPlural();
  const lang = useLang();
  const offline = useEstimates((s) => s.offline);
  const busy = useEstimates((s) => s.offlineBusy);
  const [asking, setAsking] = useState(false);
  const needsService = useNeedsService();
  const available = Boolean(offline?.available);
  const time = offline?.fetchedAt ? formatDateTime(offline.fetchedAt, lang) || offline.fetchedAt : '';
  const contents = offline
    ? [
        tp('offline.estimates', offline.estimates),
        tp('offline.images', offline.images),
        ...(offline.keepFiles
          ? [
              `${tp('offline.keptFiles', offline.keptFiles)} (${formatFileSize(offline.keptBytes, lang) || '0'})`,
            ]
          : []),
      ].join(' · ')
    : '';

  return (
    <div className="offline-controls">
      {available && time && offline && (
        <span className="offline-status" data-testid="offline-status" title={contents}>
          {t('offline.available', { time })}
        </span>
      )}
      <Button
        size="sm"
        busy={busy}
        onClick={() => setAsking(true)}
        disabled={needsService.disabled}
        title={needsService.title}
        data-testid="make-offline"
      >
        {available ? t('offline.update') : t('offline.make')}
      </Button>
      {asking && <MakeOfflineDialog onClose={() => setAsking(false)} />}
    </div>
  );
}
