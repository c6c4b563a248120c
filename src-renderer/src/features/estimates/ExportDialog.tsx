import { useId, useState } from 'react';
import type { ExportPreset } from '../../../../src-shared/exports/presets';
import { Button } from '../../components/Button';
import { Dialog } from '../../components/Dialog';
import { describeError } from '../../errors/describe-error';
import { useLang, useT } from '../../i18n/store';
import { choiceFromPreset } from './export-choice';
import { ExportColumnsField } from './ExportColumnsField';
import { DocumentSettings } from './DocumentSettings';
import { FormatPicker, type DocumentFormat } from './FormatPicker';
import { ExportPresetPicker } from './ExportPresetPicker';
import { usePresets } from './presets-store';
import { useDocumentDefaults } from './use-document-defaults';
import { useExportChoice } from './use-export-choice';
import { useExportSubmit } from './use-export-submit';
import { LargePdfWarning } from './LargePdfWarning';
import { TotalsMismatchWarning, type TotalsMismatch } from './TotalsMismatchWarning';

export interface ExportDialogProps {
  projectId: string;
  /** One estimate; absent: every estimate of the project into one file. */
  estimateId?: string;
  /** Estimates of this export whose service totals disagree with their items. */
  mismatches: readonly TotalsMismatch[];
  onClose: () => void;
}

/**
 * Export to Excel or PDF. A preset decides the kind of document (the client quote by default, else
 * the one last used); its columns, language, paper and statements can be changed for this export,
 * and saved as a preset. Main asks where to save; a closed save dialog ends the export quietly, and
 * this dialog stays open to try again.
 */
export function ExportDialog({ projectId, estimateId, mismatches, onClose }: ExportDialogProps) {
  const t = useT();
  const lang = useLang();
  const id = useId();
  const presetsError = usePresets((s) => s.error);
  const [format, setFormat] = useState<DocumentFormat>('xlsx');
  const [choice, change] = useExportChoice();
  const defaults = useDocumentDefaults(projectId, estimateId);
  const [noColumns, setNoColumns] = useState(false);
  const exporting = useExportSubmit({
    projectId,
    estimateId,
    language: defaults?.language ?? lang,
    onDone: onClose,
  });
  const { busy, error, largePdf, stop } = exporting;
  // Off by default, and only ever sent for an internal worksheet as Excel.
  const [roomsCosts, setRoomsCosts] = useState(false);

  const pick = (preset: ExportPreset) => change(choiceFromPreset(preset));

  const submit = (as: DocumentFormat = format, confirmedLargePdf = false) => {
    if (choice.columns.length === 0) {
      setNoColumns(true);
      return;
    }
    void exporting.submit(choice, as, {
      largePdf: confirmedLargePdf,
      roomsCosts: roomsCosts && choice.kind === 'internal' && as === 'xlsx',
    });
  };
  const chooseFormat = (next: DocumentFormat) => {
    setFormat(next);
    exporting.clearLargePdf();
  };
  const instead = () => {
    chooseFormat('xlsx');
    submit('xlsx');
  };

  const shownError = error ?? presetsError;
  const roomsCostsHintId = `${id}-rooms-costs`;

  return (
    <Dialog
      title={estimateId ? t('export.title') : t('export.titleAll')}
      onClose={onClose}
      onSubmit={() => submit()}
      busy={busy}
      size="lg"
      testId="export-dialog"
      error={
        shownError
          ? describeError(shownError, lang)
          : noColumns && choice.columns.length === 0
            ? t('export.noColumns')
            : null
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
          <Button
            type="submit"
            variant="primary"
            busy={busy}
            data-testid="export-submit"
            data-anyway={mismatches.length > 0 || undefined}
          >
            {mismatches.length > 0 ? t('export.exportAnyway') : t('export.submit')}
          </Button>
        </>
      }
    >
      {!estimateId && <p className="dialog-intro">{t('export.allHint')}</p>}
      <TotalsMismatchWarning items={mismatches} workbook={!estimateId} />

      <ExportPresetPicker choice={choice} disabled={busy} onPick={pick} />

      <FormatPicker format={format} disabled={busy} onChange={chooseFormat} />
      {largePdf !== null && format === 'pdf' && (
        <LargePdfWarning
          pages={largePdf}
          disabled={busy}
          onExcel={instead}
          onPdf={() => submit('pdf', true)}
        />
      )}

      <ExportColumnsField choice={choice} disabled={busy} onChange={change} />

      <DocumentSettings choice={choice} defaults={defaults} disabled={busy} onChange={change} />
      <label className="export-choice export-statements">
        <input
          type="checkbox"
          checked={choice.statements}
          disabled={busy}
          onChange={(e) => change({ ...choice, statements: e.target.checked })}
          data-testid="export-statements"
        />
        {t('export.statements')}
      </label>
      {choice.kind === 'internal' && format === 'xlsx' && (
        <label className="export-choice export-statements">
          <input
            type="checkbox"
            checked={roomsCosts}
            disabled={busy}
            aria-describedby={roomsCostsHintId}
            onChange={(e) => setRoomsCosts(e.target.checked)}
            data-testid="export-rooms-costs"
          />
          <span>
            <span className="export-choice-title">{t('export.roomsCosts')}</span>
            <span id={roomsCostsHintId} className="export-choice-hint">
              {t('export.roomsCostsHint')}
            </span>
          </span>
        </label>
      )}
    </Dialog>
  );
}
