import { useEffect, useState } from 'react';
import type { ExportResult } from '../../../../src-shared/estimates/types';
import { ExportWarnings } from '../estimates/ExportWarnings';
import type { EstimateComparison } from '../../../../src-shared/versions/types';
import { Button } from '../../components/Button';
import { Dialog } from '../../components/Dialog';
import { Notice } from '../../components/Notice';
import { SavedFileActions } from '../../components/SavedFileActions';
import { describeError } from '../../errors/describe-error';
import { formatMoney } from '../../i18n/format';
import { useLang, useT, useTPlural } from '../../i18n/store';
import { ChangeOrderDialog } from './ChangeOrderDialog';
import { changeLines, signedMoney, versionLabel } from './comparison-text';
import { ComparisonTree } from './ComparisonTree';
import { useVersions } from './store';
import './versions.css';

/** Net, VAT and gross before, after, and the change: exact, formatted in the UI language. */
function TotalsTable({ comparison }: { comparison: EstimateComparison }) {
  const t = useT();
  const lang = useLang();
  const currency = comparison.currency ?? '';
  const { from, to, delta } = comparison.totals;
  const lines = [
    ['compare.net', 'net'],
    ['compare.vat', 'tax'],
    ['compare.gross', 'gross'],
  ] as const;
  return (
    <table className="compare-totals" data-testid="compare-totals">
      <thead>
        <tr>
          <th scope="col">{t('compare.totals')}</th>
          <th scope="col" className="num">
            {t('compare.from')}
          </th>
          <th scope="col" className="num">
            {t('compare.to')}
          </th>
          <th scope="col" className="num">
            {t('compare.change')}
          </th>
        </tr>
      </thead>
      <tbody>
        {lines.map(([label, field]) => (
          <tr key={field} className={field === 'gross' ? 'is-total' : undefined}>
            <th scope="row">{t(label)}</th>
            <td className="num mono">{formatMoney(from[field], currency, lang)}</td>
            <td className="num mono">{formatMoney(to[field], currency, lang)}</td>
            <td
              className={`num mono compare-delta${delta[field].startsWith('-') ? ' is-down' : ''}`}
              data-testid={`compare-delta-${field}`}
            >
              {signedMoney(delta[field], currency, lang)}
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

/**
 * What changed between two versions of an estimate (or two estimates): the counts, the totals before
 * and after, the tree of changes (unchanged items on request), every change of the selected item, and
 * the change order made from it.
 */
export function ComparisonDialog() {
  const t = useT();
  const tp = useTPlural();
  const lang = useLang();
  const request = useVersions((s) => s.comparisonRequest);
  const comparison = useVersions((s) => s.comparison);
  const loading = useVersions((s) => s.comparisonLoading);
  const error = useVersions((s) => s.comparisonError);
  const showUnchanged = useVersions((s) => s.showUnchanged);
  const [selected, setSelected] = useState<number | null>(null);
  const [ordering, setOrdering] = useState(false);
  const [saved, setSaved] = useState<(ExportResult & { path: string }) | null>(null);
  const store = useVersions.getState;
  // A comparison belongs to the screen that showed it: leaving the screen ends it.
  useEffect(() => () => useVersions.getState().closeComparison(), []);
  if (!request) return null;

  const currency = comparison?.currency ?? '';
  const counts = comparison?.counts;
  const nothing = counts && counts.added + counts.removed + counts.moved + counts.changed === 0;
  const row = comparison && selected !== null ? comparison.rows[selected] : undefined;
  const withEstimate = comparison ? !comparison.sameEstimate : false;

  return (
    <Dialog
      title={t('compare.title')}
      onClose={() => store().closeComparison()}
      size="xl"
      testId="compare-dialog"
      error={error ? describeError(error, lang) : null}
      footer={
        <>
          <span className="dialog-status" role="status">
            {loading ? t('compare.loading') : ''}
          </span>
          <Button onClick={() => store().closeComparison()}>{t('common.close')}</Button>
          <Button
            variant="primary"
            disabled={!comparison || loading}
            onClick={() => setOrdering(true)}
            data-testid="change-order-open"
          >
            {t('compare.changeOrder')}
          </Button>
        </>
      }
    >
      {comparison && (
        <div className="compare" aria-busy={loading}>
          <dl className="compare-sides">
            <dt>{t('compare.from')}</dt>
            <dd data-testid="compare-from">{versionLabel(comparison.from, lang, t, withEstimate)}</dd>
            <dt>{t('compare.to')}</dt>
            <dd data-testid="compare-to">{versionLabel(comparison.to, lang, t, withEstimate)}</dd>
          </dl>
          {saved && (
            <Notice
              tone={saved.warnings?.length ? 'warning' : 'success'}
              onDismiss={() => setSaved(null)}
              testId="change-order-saved"
              actions={<SavedFileActions path={saved.path} testId="change-order-file" />}
            >
              {t('changeOrder.saved', { path: saved.path })}
              <ExportWarnings warnings={saved.warnings} />
            </Notice>
          )}
          <p className="compare-counts" data-testid="compare-counts">
            {nothing
              ? t('compare.noChanges')
              : (['added', 'removed', 'changed', 'moved'] as const)
                  .filter((kind) => counts![kind] > 0)
                  .map((kind) => (
                    <span key={kind} className={`compare-kind is-${kind}`}>
                      {tp(`compare.${kind}`, counts![kind])}
                    </span>
                  ))}
            {counts!.matchedByCodeName > 0 && (
              <span className="compare-note">
                {tp('compare.matchedByCodeName', counts!.matchedByCodeName)}
              </span>
            )}
          </p>
          <TotalsTable comparison={comparison} />
          <label className="compare-toggle">
            <input
              type="checkbox"
              checked={showUnchanged}
              onChange={(e) => {
                setSelected(null);
                store().setShowUnchanged(e.target.checked);
              }}
              data-testid="compare-show-unchanged"
            />
            {t('compare.showUnchanged')}
          </label>
          <ComparisonTree
            rows={comparison.rows}
            currency={currency}
            selected={selected}
            onSelect={setSelected}
          />
          {row && (
            <div className="compare-detail" data-testid="compare-detail">
              <strong>{[row.code, row.name].filter(Boolean).join(' ')}</strong>
              <ul>
                {changeLines(row, currency, lang, t).map((line, i) => (
                  <li key={i}>{line}</li>
                ))}
                {row.type === 'group' && (
                  <li>
                    {t('compare.subtotal')}: {formatMoney(row.net.from ?? '0', currency, lang)} →{' '}
                    {formatMoney(row.net.to ?? '0', currency, lang)}
                  </li>
                )}
              </ul>
            </div>
          )}
        </div>
      )}
      {!comparison && loading && <p className="screen-loading">{t('compare.loading')}</p>}
      {ordering && comparison && (
        <ChangeOrderDialog
          request={request}
          onClose={() => setOrdering(false)}
          onSaved={(result) => {
            setOrdering(false);
            setSaved(result);
          }}
        />
      )}
    </Dialog>
  );
}
