import { useCallback, type ReactNode } from 'react';
import { colourNameKey } from '../../../../src-shared/plans/colours';
import type { StatisticView } from '../../../../src-shared/plans/types';
import { unitSystemOf, type UnitSystem } from '../../../../src-shared/plans/units';
import { termLabel, type TermKind } from '../../../../src-shared/plans/vocabulary';
import { useLang, useT } from '../../i18n/store';
import { extraEntries, safeColour, statisticLabelKey, statisticText } from './plan-text';
import { usePlans } from './store';

/** The unit system of the plan shown: the unit every plain number of it is in. */
export function usePlanUnits(): UnitSystem | null {
  return usePlans((s) => unitSystemOf(s.result?.view.unitSystem));
}

/** A service value (room type, material, symbol, format) in the user's words. */
export function useTerm(): (kind: TermKind, raw: string) => string {
  const t = useT();
  return useCallback((kind: TermKind, raw: string) => termLabel(kind, raw, t), [t]);
}

/** "Not available": the service did not send this (not the same as zero or none). */
export function NotAvailable() {
  const t = useT();
  return <span className="plan-na">{t('plan.notAvailable')}</span>;
}

/** The label of a statistic: translated when PlanDesk knows the key, else the service's own name. */
export function useStatisticLabel(): (stat: Pick<StatisticView, 'key' | 'label'>) => string {
  const t = useT();
  return (stat) => {
    const key = statisticLabelKey(stat.key);
    return key ? t(key) : stat.label;
  };
}

/** Statistics as cards: each shows the service's formatted text (or the plain number, without unit). */
export function StatCards({
  stats,
  testIdPrefix,
  size = 'md',
  label,
  after,
}: {
  stats: StatisticView[];
  /** More cards after the statistics (counts, ceiling height). */
  after?: ReactNode;
  /** Gives each card the test id `<prefix><key>`. */
  testIdPrefix?: string;
  size?: 'md' | 'sm';
  label: string;
}) {
  const lang = useLang();
  const units = usePlanUnits();
  const labelOf = useStatisticLabel();
  if (stats.length === 0 && !after) return null;
  return (
    <dl className={`stat-cards stat-cards-${size}`} aria-label={label}>
      {stats.map((stat) => {
        const text = statisticText(stat, lang, units);
        return (
          <div
            key={stat.key}
            className="stat-card"
            data-testid={testIdPrefix ? `${testIdPrefix}${stat.key}` : undefined}
          >
            <dt className="stat-label">{labelOf(stat)}</dt>
            <dd className="stat-value">{text ?? <NotAvailable />}</dd>
          </div>
        );
      })}
      {after}
    </dl>
  );
}

/** A single figure in the same card style (counts, ceiling height). */
export function FigureCard({
  label,
  value,
  testId,
}: {
  label: string;
  value: string | null;
  testId?: string;
}) {
  return (
    <div className="stat-card" data-testid={testId}>
      <dt className="stat-label">{label}</dt>
      <dd className="stat-value">{value ?? <NotAvailable />}</dd>
    </div>
  );
}

export function Notes({ notes, title }: { notes: string[]; title: string }) {
  const shown = notes.filter((n) => n.trim() !== '');
  if (shown.length === 0) return null;
  return (
    <div className="plan-notes">
      <h4 className="plan-subtitle">{title}</h4>
      <ul>
        {shown.map((note, i) => (
          <li key={`${i}-${note}`}>{note}</li>
        ))}
      </ul>
    </div>
  );
}

/** Fields PlanDesk does not know, listed as they came (JSON for objects), folded away by default. */
export function MoreDetails({ extra, testId }: { extra: Record<string, unknown>; testId?: string }) {
  const t = useT();
  const lang = useLang();
  const entries = extraEntries(extra, lang);
  if (entries.length === 0) return null;
  return (
    <details className="plan-more" data-testid={testId}>
      <summary>{t('plan.moreDetails', { count: entries.length })}</summary>
      <dl className="plan-more-list">
        {entries.map((e) => (
          <div key={e.key} className="plan-more-entry">
            <dt className="mono">{e.key}</dt>
            <dd className="mono">{e.text}</dd>
          </div>
        ))}
      </dl>
    </details>
  );
}

/**
 * A colour as a swatch with its name where PlanDesk knows one (the code then in small type beside
 * it); text only when the value is not a colour PlanDesk can paint.
 */
export function Swatch({ colour, testId }: { colour: string | null; testId?: string }) {
  const t = useT();
  if (!colour) return <NotAvailable />;
  const safe = safeColour(colour);
  const nameKey = colourNameKey(colour);
  const name = nameKey ? t(nameKey) : null;
  return (
    <span className="swatch-line" data-testid={testId ? `colour-${testId}` : undefined}>
      {safe && (
        <span
          className="swatch"
          style={{ backgroundColor: safe }}
          data-testid={testId}
          data-colour={safe}
          aria-hidden="true"
        />
      )}
      {name && <span className="swatch-name">{name}</span>}
      <span
        className={name ? 'mono swatch-code' : 'mono'}
        title={t('plainPlan.colourCode', { code: colour })}
      >
        {colour}
      </span>
    </span>
  );
}
