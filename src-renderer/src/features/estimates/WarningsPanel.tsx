import { useId, useState } from 'react';
import type { EstimateWarning, EstimateView } from '../../../../src-shared/estimates/types';
import { formatNumber } from '../../i18n/format';
import { useLang, useT, useTPlural } from '../../i18n/store';
import { totalsFieldOf, warningText } from './warnings';

/** Warnings listed at first, and added per "Show more": thousands of them stay cheap. */
const STEP = 200;

/**
 * What did not add up or had to be repaired, one line per warning in the UI language. A warning
 * about an item (or an estimate total) is a button that goes there.
 */
export function WarningsPanel({
  view,
  ids,
  currency,
  onSelect,
}: {
  view: EstimateView;
  ids: Map<string, number>;
  currency: string;
  onSelect: (warning: EstimateWarning) => void;
}) {
  const t = useT();
  const tp = useTPlural();
  const lang = useLang();
  const titleId = useId();
  const [limit, setLimit] = useState(STEP);
  const warnings = view.warnings;
  const rest = warnings.length - limit;
  const ctx = { view, ids, currency, lang };

  return (
    <section className="estimate-warnings" data-testid="warnings-panel" aria-labelledby={titleId}>
      <div className="warnings-head">
        <h2 id={titleId} className="warnings-title">
          {tp('estimate.warnings', warnings.length)}
        </h2>
        <span className="warnings-hint">{t('estimate.warningsHint')}</span>
      </div>
      <ul className="warnings-list">
        {warnings.slice(0, limit).map((warning, i) => {
          const text = warningText(warning, ctx);
          const target =
            (warning.item_id !== undefined && ids.has(warning.item_id)) ||
            (warning.code === 'totals-mismatch' && totalsFieldOf(warning) !== null);
          return (
            <li key={i} className="warnings-entry">
              {target ? (
                <button
                  type="button"
                  className="warning-item"
                  data-testid={`warning-${i}`}
                  data-code={warning.code}
                  onClick={() => onSelect(warning)}
                >
                  {text}
                </button>
              ) : (
                <span className="warning-item" data-testid={`warning-${i}`} data-code={warning.code}>
                  {text}
                </span>
              )}
            </li>
          );
        })}
      </ul>
      {rest > 0 && (
        <button type="button" className="link-button warnings-more" onClick={() => setLimit((l) => l + STEP)}>
          {t('estimate.warningsMore', { count: formatNumber(Math.min(STEP, rest), lang) })}
        </button>
      )}
    </section>
  );
}
