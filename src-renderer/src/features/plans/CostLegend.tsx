import { formatMoney } from '../../i18n/format';
import { useLang, useT } from '../../i18n/store';
import { boundText, COST_COLOURS, type CostScale } from './cost-scale';
import { useRoomsCosts } from './rooms-costs-store';
import { useCostOverlayOn, useNotOnPlanLine, usePlanCosts } from './use-plan-costs';

/**
 * How to use the floor image: point at a room, click to select it; with the cost overlay on, choosing
 * a room opens its positions. A component of its own, so the switch re-renders this line only (and,
 * one line for another, moves nothing below it).
 */
export function ImageHint() {
  const t = useT();
  const costs = useCostOverlayOn();
  return (
    <p className="plan-muted floor-image-hint" data-testid="floor-image-hint">
      {costs ? t('roomsCosts.openHint') : t('plan.imageHint')}
    </p>
  );
}

/** The switch of the cost overlay, beside the room labels' switch; shown once there are costs. */
export function CostToggle() {
  const t = useT();
  const overlay = useRoomsCosts((s) => s.overlay);
  const setOverlay = useRoomsCosts((s) => s.setOverlay);
  const costs = usePlanCosts();
  if (!costs) return null;
  return (
    <label className="room-labels-toggle">
      <input
        type="checkbox"
        checked={overlay}
        onChange={(e) => setOverlay(e.target.checked)}
        data-testid="room-costs-toggle"
      />
      {t('roomsCosts.toggle')}
    </label>
  );
}

/**
 * The legend of the cost overlay, beside the floor image (where showing it moves nothing): the five classes with their ranges in the
 * estimate's currency, the hatching of rooms not priced, and what is not on the plan at all.
 */
export function CostLegend() {
  const t = useT();
  const lang = useLang();
  const notOnPlanLine = useNotOnPlanLine();
  const overlay = useRoomsCosts((s) => s.overlay);
  const plan = usePlanCosts();
  if (!overlay || !plan) return null;
  const { costs, scale } = plan;
  const bound = (s: CostScale, i: number) => formatMoney(boundText(s, i), costs.currency ?? '', lang);
  return (
    <div className="cost-legend" data-testid="cost-legend">
      <div className="cost-legend-title">
        {t('roomsCosts.legendTitle', { currency: costs.currency ?? '—' })}
      </div>
      <ul className="cost-legend-scale" aria-label={t('roomsCosts.legendLabel')}>
        {scale &&
          COST_COLOURS.map((colour, i) => (
            <li key={colour} data-testid={`cost-legend-class-${i}`}>
              <span className="cost-swatch" aria-hidden="true">
                <span style={{ background: colour }} />
              </span>
              {t('roomsCosts.legendRange', { from: bound(scale, i), to: bound(scale, i + 1) })}
            </li>
          ))}
        <li data-testid="cost-legend-not-priced">
          <span className="cost-swatch is-not-priced" aria-hidden="true" />
          {t('roomsCosts.notPriced')}
        </li>
      </ul>
      <p className="cost-legend-note" data-testid="cost-legend-not-on-plan">
        {notOnPlanLine(costs)}
      </p>
    </div>
  );
}
