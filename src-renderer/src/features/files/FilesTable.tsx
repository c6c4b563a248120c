import { useState } from 'react';
import { Badge } from '../../components/Badge';
import { Button } from '../../components/Button';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { Table } from '../../components/Table';
import { describeError } from '../../errors/describe-error';
import { formatDate, formatDateTime } from '../../i18n/format';
import { useLang, useT } from '../../i18n/store';
import { formatFileSize } from './file-size';
import { useNeedsService } from '../connection/needs-service';
import type { FileAction } from './files-state';
import { useFiles } from './store';
import type { FileRow } from '../../../../src-shared/files/types';

const DASH = '—';

/**
 * "Open" for the types PlanDesk opens with the system's program; for any other type (which the
 * system might run) "Show in folder".
 */
export function OpenOrShowButton({ file, action }: { file: FileRow; action: FileAction | undefined }) {
  const t = useT();
  const store = useFiles.getState;
  return file.openable ? (
    <Button
      size="sm"
      variant="ghost"
      onClick={() => void store().openWithSystem(file)}
      busy={action === 'open'}
      disabled={action !== undefined}
      data-testid={`file-open-${file.id}`}
    >
      {t('files.open')}
    </Button>
  ) : (
    <Button
      size="sm"
      variant="ghost"
      onClick={() => void store().showInFolder(file)}
      busy={action === 'show'}
      disabled={action !== undefined}
      title={t('files.showInFolderHint')}
      data-testid={`file-show-${file.id}`}
    >
      {t('files.showInFolder')}
    </Button>
  );
}

/** One file: its name (and whether it is kept on this computer), type, size, date, origin, actions. */
function FileRowView({
  file,
  isNew,
  action,
  onDelete,
}: {
  file: FileRow;
  isNew: boolean;
  action: FileAction | undefined;
  onDelete: () => void;
}) {
  const t = useT();
  const lang = useLang();
  const needsService = useNeedsService();
  const store = useFiles.getState;
  return (
    <tr
      className={`file-row${isNew ? ' is-new' : ''}`}
      data-testid={`file-row-${file.id}`}
      data-origin={file.origin ?? ''}
      data-new={isNew ? 'true' : undefined}
    >
      <td className="cell-name">
        <span className="file-name-line">
          <span className="file-name-text" title={file.name}>
            {file.name}
          </span>
          {file.kept && (
            <span className="file-kept" data-testid={`file-kept-${file.id}`}>
              <Badge tone="success" icon="⤓" title={`${t('files.kept')}: ${t('files.keptHint')}`}>
                {t('files.kept')}
              </Badge>
            </span>
          )}
        </span>
      </td>
      <td>
        {file.type ? (
          <Badge tone="neutral">{file.type.toUpperCase()}</Badge>
        ) : (
          <span className="cell-empty">{DASH}</span>
        )}
      </td>
      <td className="num" title={file.size !== null ? String(file.size) : undefined}>
        {formatFileSize(file.size, lang) || <span className="cell-empty">{DASH}</span>}
      </td>
      <td title={formatDateTime(file.created, lang) || undefined}>
        {formatDate(file.created, lang) || <span className="cell-empty">{DASH}</span>}
      </td>
      <td>
        {file.origin === 'export' ? (
          <Badge tone="accent" title={t('files.originExportHint')}>
            {t('files.originExport')}
          </Badge>
        ) : file.origin === 'upload' ? (
          <span className="file-origin">{t('files.originUpload')}</span>
        ) : file.origin ? (
          <span className="file-origin">{file.origin}</span>
        ) : (
          <span className="cell-empty">{DASH}</span>
        )}
      </td>
      <td className="file-actions">
        <Button
          size="sm"
          variant="ghost"
          onClick={() => void store().showPreview(file)}
          disabled={action !== undefined}
          data-testid={`file-preview-${file.id}`}
        >
          {t('files.preview')}
        </Button>
        <Button
          size="sm"
          variant="ghost"
          onClick={() => void store().download(file)}
          busy={action === 'download'}
          disabled={action !== undefined}
          data-testid={`file-download-${file.id}`}
        >
          {t('files.download')}
        </Button>
        <OpenOrShowButton file={file} action={action} />
        <Button
          size="sm"
          variant="ghost"
          className="file-delete"
          onClick={onDelete}
          busy={action === 'delete'}
          disabled={action !== undefined || needsService.disabled}
          title={needsService.title}
          data-testid={`file-delete-${file.id}`}
        >
          {t('files.delete')}
        </Button>
      </td>
    </tr>
  );
}

/** The project's files, newest first, each with Preview, Download…, Open and Delete. */
export function FilesTable() {
  const t = useT();
  const lang = useLang();
  const rows = useFiles((s) => s.rows);
  const loading = useFiles((s) => s.loading);
  const highlighted = useFiles((s) => s.highlighted);
  const busy = useFiles((s) => s.busy);
  const [deleting, setDeleting] = useState<FileRow | null>(null);
  const store = useFiles.getState;

  return (
    <>
      <Table label={t('files.tableLabel')} testId="files-table" busy={loading && rows !== null}>
        <colgroup>
          <col className="col-name" />
          <col className="col-file-type" />
          <col className="col-file-size" />
          <col className="col-date" />
          <col className="col-file-origin" />
          <col className="col-file-actions" />
        </colgroup>
        <thead>
          <tr>
            <th scope="col">{t('files.colName')}</th>
            <th scope="col">{t('files.colType')}</th>
            <th scope="col" className="num">
              {t('files.colSize')}
            </th>
            <th scope="col">{t('files.colDate')}</th>
            <th scope="col">{t('files.colOrigin')}</th>
            <th scope="col">
              <span className="sr-only">{t('files.colActions')}</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {(rows ?? []).map((file) => (
            <FileRowView
              key={file.id}
              file={file}
              isNew={highlighted.includes(file.id)}
              action={busy[file.id]}
              onDelete={() => setDeleting(file)}
            />
          ))}
          {(rows === null || rows.length === 0) && (
            <tr className="table-message">
              <td colSpan={6}>{rows === null ? (loading ? t('files.loading') : '') : t('files.empty')}</td>
            </tr>
          )}
        </tbody>
      </Table>

      {deleting && (
        <ConfirmDialog
          title={t('files.deleteTitle')}
          confirmLabel={t('files.deleteConfirm')}
          danger
          onClose={() => setDeleting(null)}
          onConfirm={async () => {
            const error = await store().remove(deleting);
            return error ? describeError(error, lang) : null;
          }}
        >
          <p>{t('files.deleteBody', { name: deleting.name })}</p>
        </ConfirmDialog>
      )}
    </>
  );
}
