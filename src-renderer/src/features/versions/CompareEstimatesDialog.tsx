import { useId, useState } from 'react';
import type { EstimateListRow } from '../../../../src-shared/estimates/types';
import { Button } from '../../components/Button';
import { Dialog } from '../../components/Dialog';
import { useT } from '../../i18n/store';
import { useVersions } from './store';

/** Two estimates of the project, picked to see what differs between them (as the service sends them now). */
export function CompareEstimatesDialog({
  projectId,
  estimates,
  onClose,
}: {
  projectId: string;
  estimates: readonly EstimateListRow[];
  onClose: () => void;
}) {
  const t = useT();
  const id = useId();
  const [from, setFrom] = useState(estimates[0]?.id ?? '');
  const [to, setTo] = useState(estimates[1]?.id ?? '');
  const same = from === to;
  const label = (e: EstimateListRow) => [e.uniqueId, e.name].filter(Boolean).join(' · ');
  const submit = () => {
    if (same || !from || !to) return;
    onClose();
    void useVersions.getState().compare({ projectId, from: { estimateId: from }, to: { estimateId: to } });
  };
  const picker = (which: 'from' | 'to', value: string, set: (v: string) => void) => (
    <div className="field">
      <label className="field-label" htmlFor={`${id}-${which}`}>
        {t(which === 'from' ? 'compare.pickFrom' : 'compare.pickTo')}
      </label>
      <select
        id={`${id}-${which}`}
        className="select"
        value={value}
        onChange={(e) => set(e.target.value)}
        data-testid={`compare-pick-${which}`}
      >
        {estimates.map((e) => (
          <option key={e.id} value={e.id}>
            {label(e)}
          </option>
        ))}
      </select>
    </div>
  );
  return (
    <Dialog
      title={t('compare.estimatesTitle')}
      onClose={onClose}
      onSubmit={submit}
      size="md"
      testId="compare-estimates-dialog"
      error={same ? t('compare.samePicked') : null}
      footer={
        <>
          <Button onClick={onClose}>{t('common.cancel')}</Button>
          <Button type="submit" variant="primary" disabled={same} data-testid="compare-estimates-submit">
            {t('compare.submit')}
          </Button>
        </>
      }
    >
      <p className="dialog-intro">{t('compare.estimatesIntro')}</p>
      {picker('from', from, setFrom)}
      {picker('to', to, setTo)}
    </Dialog>
  );
}
