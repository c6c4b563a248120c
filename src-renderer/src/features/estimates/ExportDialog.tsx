import { useId, useState } from 'react';
import type { ErrorValue } from '../../../../src-shared/errors/service-error';
import { call, newOperationId } from '../../api';
import { Button } from '../../components/Button';
import { Dialog } from '../../components/Dialog';
import { Notice } from '../../components/Notice';
import { describeError } from '../../errors/describe-error';
import { LANGUAGE_NAMES, LANGUAGES, isUiLanguage, type UiLanguage } from '../../i18n/languages';
import { useLang, useT } from '../../i18n/store';
import { useOperations } from '../operations/store';
import {
  columnLabel,
  EXPORT_COLUMN_KEYS,
  applyClientCopy,
  defaultExportColumns,
  leaveClientCopy,
  lockedInClientCopy,
  notesExposed,
  toggleExportColumn,
} from './columns';
import { useEstimates } from './store';
import type { ExportColumnKey } from '../../../../src-shared/estimates/columns';

type Format = 'xlsx' | 'pdf';

/** File format names are the same in every language. */
const FORMATS: { value: Format; label: string }[] = [
  { value: 'xlsx', label: 'Excel (.xlsx)' },
  { value: 'pdf', label: 'PDF' },
];

export interface ExportDialogProps {
  projectId: string;
  /** One estimate; absent: every estimate of the project into one file. */
  estimateId?: string;
  onClose: () => void;
}

/**
 * Export to Excel or PDF: columns, client copy, language. Main asks where to save; a closed save
 * dialog ends the export quietly, and the dialog stays open to try again.
 */
export function ExportDialog({ projectId, estimateId, onClose }: ExportDialogProps) {
  const t = useT();
  const lang = useLang();
  const formatName = useId();
  const [format, setFormat] = useState<Format>('xlsx');
  const [clientCopy, setClientCopy] = useState(false);
  const [columns, setColumns] = useState<ExportColumnKey[]>(defaultExportColumns);
  const [beforeClientCopy, setBeforeClientCopy] = useState<ExportColumnKey[]>([]);
  const [language, setLanguage] = useState<UiLanguage>(lang);
  const [operationId, setOperationId] = useState<string | null>(null);
  const [error, setError] = useState<ErrorValue | null>(null);
  const [noColumns, setNoColumns] = useState(false);
  const busy = operationId !== null;

  const changeClientCopy = (on: boolean) => {
    setClientCopy(on);
    if (on) {
      setBeforeClientCopy(columns);
      setColumns(applyClientCopy(columns));
    } else {
      setColumns(leaveClientCopy(columns, beforeClientCopy));
    }
  };

  const submit = async () => {
    if (busy) return;
    if (columns.length === 0) {
      setNoColumns(true);
      return;
    }
    const id = newOperationId('export');
    useOperations.getState().start(id, 'progress.exporting', { showAfterMs: 300 });
    setOperationId(id);
    setError(null);
    const res = await call((api) =>
      api.exportEstimates({
        projectId,
        ...(estimateId ? { estimateId } : {}),
        format,
        columns,
        presetId: clientCopy ? 'quote' : 'internal',
        language,
        operationId: id,
      }),
    );
    useOperations.getState().finish(id);
    setOperationId(null);
    if (!res.ok) {
      // Stopped by the user: nothing went wrong, the dialog simply stays.
      if (res.error.kind !== 'cancelled') setError(res.error);
      return;
    }
    // null: the user closed the save dialog. Nothing to report; this dialog stays for another try.
    const path = res.data.path;
    if (path === null) return;
    useEstimates.getState().setExported({ ...res.data, path });
    onClose();
  };

  const stop = () => {
    if (operationId) void useOperations.getState().cancel(operationId);
  };

  return (
    <Dialog
      title={estimateId ? t('export.title') : t('export.titleAll')}
      onClose={onClose}
      onSubmit={() => void submit()}
      busy={busy}
      size="lg"
      testId="export-dialog"
      error={
        error ? describeError(error, lang) : noColumns && columns.length === 0 ? t('export.noColumns') : null
      }
      footer={
        <>
          <span className="dialog-status" role="status">
            {busy ? t('export.working') : ''}
          </span>
          {busy ? (
            <Button onClick={stop} data-testid="export-stop">
              {t('export.stop')}
            </Button>
          ) : (
            <Button onClick={onClose}>{t('common.cancel')}</Button>
          )}
          <Button type="submit" variant="primary" busy={busy} data-testid="export-submit">
            {t('export.submit')}
          </Button>
        </>
      }
    >
      {!estimateId && <p className="dialog-intro">{t('export.allHint')}</p>}

      <fieldset className="export-group" disabled={busy}>
        <legend>{t('export.format')}</legend>
        <div className="export-formats">
          {FORMATS.map((f) => (
            <label key={f.value} className="export-choice">
              <input
                type="radio"
                name={formatName}
                value={f.value}
                checked={format === f.value}
                onChange={() => setFormat(f.value)}
                data-testid={`export-format-${f.value}`}
                data-autofocus={f.value === format || undefined}
              />
              {f.label}
            </label>
          ))}
        </div>
      </fieldset>

      <fieldset className="export-group" disabled={busy}>
        <legend>{t('export.columns')}</legend>
        <label className="export-choice export-client-copy">
          <input
            type="checkbox"
            checked={clientCopy}
            onChange={(e) => changeClientCopy(e.target.checked)}
            data-testid="export-client-copy"
          />
          <span>
            <span className="export-choice-title">{t('export.clientCopy')}</span>
            <span className="export-choice-hint">{t('export.clientCopyHint')}</span>
          </span>
        </label>
        <div className="export-columns">
          {EXPORT_COLUMN_KEYS.map((key) => {
            const locked = clientCopy && lockedInClientCopy(key);
            return (
              <label
                key={key}
                className={`export-choice${locked ? ' is-locked' : ''}`}
                title={locked ? t('export.lockedHint') : undefined}
              >
                <input
                  type="checkbox"
                  checked={columns.includes(key)}
                  disabled={locked}
                  onChange={() => setColumns((c) => toggleExportColumn(c, key, clientCopy))}
                  data-testid={`export-column-${key}`}
                />
                {t(columnLabel(key))}
              </label>
            );
          })}
        </div>
        {notesExposed(columns, clientCopy) && (
          <Notice tone="warning" testId="export-notes-warning" className="export-notes-warning">
            {t('export.notesWarning')}
          </Notice>
        )}
      </fieldset>

      <div className="field export-language">
        <label className="field-label" htmlFor={`${formatName}-language`}>
          {t('export.language')}
        </label>
        <select
          id={`${formatName}-language`}
          className="select"
          value={language}
          disabled={busy}
          onChange={(e) => {
            if (isUiLanguage(e.target.value)) setLanguage(e.target.value);
          }}
          data-testid="export-language"
        >
          {LANGUAGES.map((l) => (
            <option key={l} value={l}>
              {LANGUAGE_NAMES[l]}
            </option>
          ))}
        </select>
      </div>
    </Dialog>
  );
}
