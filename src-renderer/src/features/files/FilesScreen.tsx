import { ScreenBar, ScreenTitle } from '../../components/ScreenBar';
import { useEffect, useRef, useState, type DragEvent } from 'react';
import { Button } from '../../components/Button';
import { OfflineMarker } from '../../components/OfflineMarker';
import { ProgressBar } from '../../components/ProgressBar';
import { useLang, useT, useTPlural } from '../../i18n/store';
import { useNavigation } from '../navigation/store';
import { allowedTypesText } from './file-types';
import { uploadProgressParts } from './file-size';
import { FilesTable } from './FilesTable';
import { PreviewDialog } from './PreviewDialog';
import { useFiles } from './store';
import { WaitingUploads } from '../outbox/WaitingUploads';
import { DROP_PROJECT_ATTRIBUTE } from '../../../../src-shared/files/drop-target';
import { FilesNotices } from './FilesNotices';
import './files.css';

function hasFiles(e: DragEvent | globalThis.DragEvent): boolean {
  return Array.from(e.dataTransfer?.types ?? []).includes('Files');
}

/** Names for a sentence: "a.pdf, b.png and 3 more". */
function nameList(names: string[], more: (count: number) => string): string {
  const shown = names.slice(0, 3).join(', ');
  return names.length > 3 ? `${shown} ${more(names.length - 3)}` : shown;
}

function UploadProgress() {
  const t = useT();
  const tp = useTPlural();
  const lang = useLang();
  const upload = useFiles((s) => s.upload);
  if (!upload || (upload.paths === undefined && upload.total === null)) return null;
  const parts = uploadProgressParts(upload.done, upload.total, lang);
  const copying = upload.phase === 'copying';
  const text =
    parts.total !== null && parts.percent !== null
      ? t(copying ? 'files.copyProgress' : 'files.progress', {
          done: parts.done,
          total: parts.total,
          percent: parts.percent,
        })
      : t('files.progressUnknown', { done: parts.done });
  const names = nameList(upload.names, (count) => tp('files.andMore', count));
  const title = copying
    ? t('files.copying')
    : upload.names.length > 0
      ? t('files.uploadingNames', { names })
      : t('files.uploading');
  return (
    <div className="upload-panel" aria-live="polite">
      <div className="upload-panel-text">
        <span className="upload-panel-title">{title}</span>
        <span className="upload-panel-progress" data-testid="upload-progress">
          {text}
        </span>
      </div>
      <ProgressBar value={parts.fraction} label={t('files.uploading')} valueText={text} />
      <Button
        size="sm"
        onClick={() => void useFiles.getState().cancelUpload()}
        busy={upload.cancelling}
        data-testid="upload-cancel"
      >
        {t('common.cancel')}
      </Button>
    </div>
  );
}

/**
 * A project's files: list (offline, the list kept on this computer, with its time), upload by drop
 * or dialog (offline they wait in the outbox, shown above the list), per-file actions.
 */
export function FilesScreen() {
  const t = useT();
  const view = useNavigation((s) => s.view);
  const projectKeyMatches = useFiles((s) => view.name === 'files' && s.projectId === view.projectId);
  const loading = useFiles((s) => s.loading);
  const uploading = useFiles((s) => s.upload !== null);
  const source = useFiles((s) => (projectKeyMatches ? s.source : null));
  const fetchedAt = useFiles((s) => s.fetchedAt);
  const [dragging, setDragging] = useState(false);
  const depth = useRef(0);
  const store = useFiles.getState;

  // Files dropped beside the drop area must not make the window navigate to them.
  useEffect(() => {
    const block = (e: globalThis.DragEvent) => {
      if (hasFiles(e)) e.preventDefault();
    };
    window.addEventListener('dragover', block);
    window.addEventListener('drop', block);
    return () => {
      window.removeEventListener('dragover', block);
      window.removeEventListener('drop', block);
    };
  }, []);

  if (view.name !== 'files') return null;

  const onDragEnter = (e: DragEvent<HTMLElement>) => {
    if (!hasFiles(e)) return;
    e.preventDefault();
    depth.current += 1;
    setDragging(true);
  };
  const onDragOver = (e: DragEvent<HTMLElement>) => {
    if (!hasFiles(e)) return;
    e.preventDefault();
    e.dataTransfer.dropEffect = uploading ? 'none' : 'copy';
  };
  const onDragLeave = (e: DragEvent<HTMLElement>) => {
    if (!hasFiles(e)) return;
    depth.current = Math.max(0, depth.current - 1);
    if (depth.current === 0) setDragging(false);
  };
  const onDrop = (e: DragEvent<HTMLElement>) => {
    e.preventDefault();
    depth.current = 0;
    setDragging(false);
    if (uploading) return;
    const files = Array.from(e.dataTransfer?.files ?? []);
    if (files.length === 0) return;
    void store().uploadDropped(files);
  };

  return (
    <section
      className={`screen files-screen${dragging ? ' is-dragging' : ''}`}
      data-testid="files-screen"
      // Names this project to the preload, which registers a real drop here for it (trusted-drops.ts).
      {...{ [DROP_PROJECT_ATTRIBUTE]: view.projectId }}
      aria-labelledby="files-title"
      onDragEnter={onDragEnter}
      onDragOver={onDragOver}
      onDragLeave={onDragLeave}
      onDrop={onDrop}
    >
      <ScreenBar
        back={{
          label: t('estimates.backToProjects'),
          onClick: () => useNavigation.getState().backToProjects(),
          testId: 'files-back',
        }}
        heading={<ScreenTitle id="files-title" title={t('files.title')} subtitle={view.projectName} />}
        actions={
          <>
            <Button size="sm" onClick={() => void store().load()} busy={loading} data-testid="files-reload">
              {t('common.reload')}
            </Button>
            <Button
              size="sm"
              variant="primary"
              onClick={() => void store().uploadPicked()}
              busy={uploading}
              data-testid="upload-button"
            >
              {t('files.upload')}
            </Button>
          </>
        }
      />

      {source === 'cache' && fetchedAt && <OfflineMarker fetchedAt={fetchedAt} />}

      <FilesNotices />

      <UploadProgress />

      {projectKeyMatches && <WaitingUploads projectId={view.projectId} />}

      <div className={`drop-zone${uploading ? ' is-busy' : ''}`} data-testid="drop-zone">
        <span className="drop-zone-icon" aria-hidden="true" />
        <span className="drop-zone-text">{uploading ? t('files.dropBusy') : t('files.dropHint')}</span>
        <span className="drop-zone-types">{t('files.allowedTypes', { types: allowedTypesText() })}</span>
      </div>

      <div className="files-list">{projectKeyMatches && <FilesTable />}</div>

      {dragging && (
        <div className="drop-overlay" aria-hidden="true">
          <div className="drop-overlay-box">{uploading ? t('files.dropBusy') : t('files.dropNow')}</div>
        </div>
      )}

      <PreviewDialog />
    </section>
  );
}
