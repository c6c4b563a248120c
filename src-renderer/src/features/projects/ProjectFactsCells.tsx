import type { ProjectFacts } from '../../../../src-shared/projects/types';
import { formatNumber } from '../../i18n/format';
import { useLang, useT } from '../../i18n/store';
import { totalComplete, totalText, useTotalCoverage } from '../project/facts';

/*
 * The client, number of estimates and total of a project in the list. "—" only for a project with no
 * estimate; while they are looked up, a small mark; what could not be looked up says "not known".
 */

const DASH = '—';

export interface FactsState {
  facts: ProjectFacts | undefined;
  /** Looked up now (the row is in the fetch under way and not complete yet). */
  pending: boolean;
}

/** A faint bar where a figure is about to appear; named for screen readers. */
function Pending() {
  const t = useT();
  return (
    <span className="fact-pending" role="img" aria-label={t('plainProjects.factsPending')}>
      <span className="fact-pending-bar" aria-hidden="true" />
    </span>
  );
}

function NoEstimates() {
  const t = useT();
  return (
    <span className="cell-empty" title={t('plainProjects.noEstimates')}>
      {DASH}
      <span className="sr-only"> {t('plainProjects.noEstimates')}</span>
    </span>
  );
}

function NotKnown() {
  const t = useT();
  return (
    <span className="cell-unknown" title={t('plainProjects.notKnownHint')}>
      {t('plainProjects.notKnown')}
    </span>
  );
}

/** What a cell shows when its figure is missing: no estimate, on its way, or not known. */
function Missing({ facts, pending }: FactsState) {
  if (facts?.estimates === 0) return <NoEstimates />;
  return pending ? <Pending /> : <NotKnown />;
}

export function ClientCell({ facts, pending }: FactsState) {
  const t = useT();
  if (facts?.client) return <span title={facts.client}>{facts.client}</span>;
  // Every estimate read and none names a client.
  if (facts && facts.estimates && totalComplete(facts)) {
    return (
      <span className="cell-empty" title={t('plainProjects.noClientNamed')}>
        {t('common.notSet')}
      </span>
    );
  }
  return <Missing facts={facts} pending={pending} />;
}

export function CountCell({ facts, pending }: FactsState) {
  const lang = useLang();
  if (facts?.estimates != null) return <>{formatNumber(facts.estimates, lang)}</>;
  return <Missing facts={facts} pending={pending} />;
}

/** What the project's estimates add up to, per currency; a partial sum says how much it covers. */
export function TotalCell({ facts, pending }: FactsState) {
  const lang = useLang();
  const coverage = useTotalCoverage();
  const text = totalText(facts, lang);
  if (!facts || !text) return <Missing facts={facts} pending={pending} />;
  if (totalComplete(facts)) return <span title={text}>{text}</span>;
  const note = coverage(facts);
  return (
    <span className="total-partial" title={`${text} · ${note}`}>
      {text}
      <span className="sr-only"> ({note})</span>
      <span aria-hidden="true">*</span>
      {pending && <Pending />}
    </span>
  );
}
