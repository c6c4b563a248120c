import { useState } from 'react';
import type { ErrorValue } from '../../../../src-shared/errors/service-error';
import type { UiLanguage } from '../../../../src-shared/i18n/languages';
import { call, newOperationId } from '../../api';
import { useOperations } from '../operations/store';
import { exportArgs, type ExportChoice } from './export-choice';
import type { DocumentFormat } from './FormatPicker';
import { useEstimates } from './store';

/** What the export dialog sends besides its choices. */
interface ExportTarget {
  projectId: string;
  estimateId?: string | undefined;
  /** The document's language when the choice names none. */
  language: UiLanguage;
  onDone: () => void;
}

/**
 * The export dialog's request to main: one at a time, with an operation the user can stop. A closed
 * save dialog ends it quietly; a PDF of more than LARGE_PDF_PAGES pages comes back unwritten, with
 * its page count (`largePdf`), for the dialog to offer the workbook instead or to write it anyway.
 */
export function useExportSubmit(target: ExportTarget) {
  const [operationId, setOperationId] = useState<string | null>(null);
  const [error, setError] = useState<ErrorValue | null>(null);
  const [largePdf, setLargePdf] = useState<number | null>(null);
  const busy = operationId !== null;

  /**
   * `largePdf`: the user was told the PDF's page count and wants it all the same; `roomsCosts`: the
   * costs-per-room sheets (the dialog sends it for an internal worksheet as Excel only).
   */
  const submit = async (
    choice: ExportChoice,
    format: DocumentFormat,
    extra: { largePdf?: boolean; roomsCosts?: boolean } = {},
  ) => {
    if (busy) return;
    const opId = newOperationId('export');
    useOperations.getState().start(opId, 'progress.exporting', { showAfterMs: 300 });
    setOperationId(opId);
    setError(null);
    setLargePdf(null);
    const res = await call((api) =>
      api.exportEstimates({
        projectId: target.projectId,
        ...(target.estimateId ? { estimateId: target.estimateId } : {}),
        format,
        ...exportArgs(choice, target.language),
        ...(extra.roomsCosts ? { roomsCosts: true } : {}),
        ...(extra.largePdf ? { largePdf: true } : {}),
        operationId: opId,
      }),
    );
    useOperations.getState().finish(opId);
    setOperationId(null);
    if (!res.ok) {
      // Stopped by the user: nothing went wrong, the dialog simply stays.
      if (res.error.kind !== 'cancelled') setError(res.error);
      return;
    }
    if (res.data.largePdfPages !== undefined) {
      setLargePdf(res.data.largePdfPages);
      return;
    }
    // null: the user closed the save dialog. Nothing to report; the dialog stays for another try.
    const path = res.data.path;
    if (path === null) return;
    useEstimates.getState().setExported({ ...res.data, path });
    target.onDone();
  };

  const stop = () => {
    if (operationId) void useOperations.getState().cancel(operationId);
  };

  return { submit, stop, busy, error, largePdf, clearLargePdf: () => setLargePdf(null) };
}
