import { useState } from 'react';
import { Button } from '../../components/Button';
import { Dialog } from '../../components/Dialog';
import { describeError } from '../../errors/describe-error';
import { useLang, useT } from '../../i18n/store';
import { PdfPreview } from './PdfPreview';
import { useFiles } from './store';

/**
 * A file's preview inside the app: images as they are, PDFs drawn page by page (PdfPreview). Other
 * types say there is no preview and offer to open the file with the computer's program (or, for a
 * type PlanDesk does not open, to show it in its folder).
 */
export function PreviewDialog() {
  const t = useT();
  const lang = useLang();
  const preview = useFiles((s) => s.preview);
  const busy = useFiles((s) => (s.preview ? s.busy[s.preview.file.id] : undefined));
  const [brokenSrc, setBrokenSrc] = useState<string | null>(null);
  const store = useFiles.getState;
  if (!preview) return null;
  const { file } = preview;
  const close = () => store().closePreview();
  const openButton = file.openable ? (
    <Button
      onClick={() => void store().openWithSystem(file)}
      busy={busy === 'open'}
      disabled={busy !== undefined}
      data-testid="preview-open"
    >
      {t('files.open')}
    </Button>
  ) : (
    <Button
      onClick={() => void store().showInFolder(file)}
      busy={busy === 'show'}
      disabled={busy !== undefined}
      title={t('files.showInFolderHint')}
      data-testid="preview-show"
    >
      {t('files.showInFolder')}
    </Button>
  );

  let body;
  if (preview.status === 'loading') {
    body = (
      <div className="preview-placeholder" aria-busy="true">
        {t('files.previewLoading')}
      </div>
    );
  } else if (preview.status === 'ready' && brokenSrc === preview.preview.dataUrl) {
    body = (
      <div className="preview-placeholder" data-testid="preview-broken">
        {t('files.previewBroken')}
      </div>
    );
  } else if (preview.status === 'ready' && preview.preview.contentType.toLowerCase().startsWith('image/')) {
    body = (
      <div className="preview-frame">
        <img
          className="preview-image"
          src={preview.preview.dataUrl}
          alt={t('files.previewAlt', { name: file.name })}
          data-testid="preview-image"
          draggable={false}
          onError={() => setBrokenSrc(preview.preview.dataUrl)}
        />
      </div>
    );
  } else if (preview.status === 'ready' && preview.preview.contentType.toLowerCase() === 'application/pdf') {
    body = <PdfPreview dataUrl={preview.preview.dataUrl} />;
  } else if (preview.status === 'error') {
    body = (
      <div className="preview-placeholder is-error" role="alert" data-testid="preview-error">
        {describeError(preview.error, lang)}
      </div>
    );
  } else {
    body = (
      <div className="preview-placeholder" data-testid="preview-none">
        {t('files.previewNone')}
      </div>
    );
  }

  return (
    <Dialog
      title={file.name}
      onClose={close}
      size="lg"
      testId="preview-dialog"
      footer={
        <>
          {openButton}
          <Button variant="primary" onClick={close} data-autofocus>
            {t('common.close')}
          </Button>
        </>
      }
    >
      {body}
    </Dialog>
  );
}
