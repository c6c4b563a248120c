import { useState } from 'react';
import type { ErrorValue } from '../../../../src-shared/errors/service-error';
import type { ExportPreset } from '../../../../src-shared/exports/presets';
import type { ExportResult } from '../../../../src-shared/estimates/types';
import { call, newOperationId } from '../../api';
import { Button } from '../../components/Button';
import { Dialog } from '../../components/Dialog';
import { describeError } from '../../errors/describe-error';
import { useLang, useT } from '../../i18n/store';
import { useOperations } from '../operations/store';
import { DocumentSettings } from '../estimates/DocumentSettings';
import { choiceFromPreset, exportArgs } from '../estimates/export-choice';
import { ExportPresetPicker } from '../estimates/ExportPresetPicker';
import { FormatPicker, type DocumentFormat } from '../estimates/FormatPicker';
import { useDocumentDefaults } from '../estimates/use-document-defaults';
import { useExportChoice } from '../estimates/use-export-choice';
import type { ComparisonRequest } from './store';

/**
 * The change order of the comparison on screen, as PDF or Excel. The same presets as quotes decide
 * what kind of document it is (the client quote by default: no internal figure), which changes it
 * describes (the preset's columns), its language and paper. Main asks where to save it.
 */
export function ChangeOrderDialog({
  request,
  onClose,
  onSaved,
}: {
  request: ComparisonRequest;
  onClose: () => void;
  onSaved: (saved: ExportResult & { path: string }) => void;
}) {
  const t = useT();
  const lang = useLang();
  const [format, setFormat] = useState<DocumentFormat>('pdf');
  const [choice, change] = useExportChoice();
  const defaults = useDocumentDefaults(request.projectId, request.to.estimateId);
  const [operationId, setOperationId] = useState<string | null>(null);
  const [error, setError] = useState<ErrorValue | null>(null);
  const busy = operationId !== null;

  const submit = async () => {
    if (busy) return;
    const opId = newOperationId('change-order');
    useOperations.getState().start(opId, 'progress.changeOrder', { showAfterMs: 300 });
    setOperationId(opId);
    setError(null);
    const { statements: _statements, ...args } = exportArgs(choice, defaults?.language ?? lang);
    const res = await call((api) =>
      api.exportChangeOrder({ ...request, ...args, format, operationId: opId }),
    );
    useOperations.getState().finish(opId);
    setOperationId(null);
    if (!res.ok) {
      if (res.error.kind !== 'cancelled') setError(res.error);
      return;
    }
    // null: the save dialog was closed; this dialog stays for another try.
    if (res.data.path !== null) onSaved({ ...res.data, path: res.data.path });
  };

  return (
    <Dialog
      title={t('changeOrder.title')}
      onClose={onClose}
      onSubmit={() => void submit()}
      busy={busy}
      size="md"
      testId="change-order-dialog"
      error={error ? describeError(error, lang) : null}
      footer={
        <>
          <span className="dialog-status" role="status">
            {busy ? t('changeOrder.working') : ''}
          </span>
          {busy ? (
            <Button onClick={() => operationId && void useOperations.getState().cancel(operationId)}>
              {t('export.stop')}
            </Button>
          ) : (
            <Button onClick={onClose}>{t('common.cancel')}</Button>
          )}
          <Button type="submit" variant="primary" busy={busy} data-testid="change-order-submit">
            {t('changeOrder.submit')}
          </Button>
        </>
      }
    >
      <p className="dialog-intro">{t('changeOrder.intro')}</p>
      <ExportPresetPicker
        choice={choice}
        disabled={busy}
        onPick={(p: ExportPreset) => change(choiceFromPreset(p))}
      />
      <FormatPicker format={format} disabled={busy} onChange={setFormat} />
      <DocumentSettings choice={choice} defaults={defaults} disabled={busy} onChange={change} />
    </Dialog>
  );
}
