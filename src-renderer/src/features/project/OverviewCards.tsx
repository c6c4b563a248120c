import type { ReactNode } from 'react';
import { Button } from '../../components/Button';
import { ErrorNotice } from '../../components/ErrorNotice';
import { formatMoney, formatNumber } from '../../i18n/format';
import { useLang, useT } from '../../i18n/store';
import { unitSystemOf } from '../../../../src-shared/plans/units';
import type { ProjectFacts } from '../../../../src-shared/projects/types';
import { statisticText } from '../plans/plan-text';
import { useNavigation, type ProjectRef } from '../navigation/store';
import { totalComplete, totalText, useTotalCoverage } from './facts';
import { useProject } from './store';

/** A card of the overview: a titled block with what it says and a way to its tab. */
export function Card({
  id,
  title,
  children,
  action,
}: {
  id: string;
  title: string;
  children: ReactNode;
  action?: ReactNode;
}) {
  return (
    <section className="overview-card" aria-labelledby={`${id}-title`} data-testid={id}>
      <h2 id={`${id}-title`} className="overview-card-title">
        {title}
      </h2>
      <div className="overview-card-body">{children}</div>
      {action && <div className="overview-card-action">{action}</div>}
    </section>
  );
}

/** A figure of the estimates card: known, being looked up, none at all, or not known. */
function FactFigure({
  value,
  facts,
  fetching,
}: {
  value: string | null;
  facts: ProjectFacts | null;
  fetching: boolean;
}) {
  const t = useT();
  if (value) return <>{value}</>;
  if (facts?.estimates === 0) return <>—</>;
  if (fetching) return <span className="overview-pending">{t('plainProjects.factsPending')}…</span>;
  return <span className="overview-unknown">{t('plainProjects.notKnown')}</span>;
}

/** Net and gross of every estimate, in the words of the estimates tab's sum line. */
function SumNote({ facts }: { facts: ProjectFacts }) {
  const t = useT();
  const lang = useLang();
  const joined = (field: 'net' | 'gross') =>
    facts.total.map((s) => formatMoney(s[field], s.currency, lang)).join(' + ');
  return (
    <p className="overview-note" data-testid="overview-estimate-sum">
      {t('estimates.projectSum', { net: joined('net'), gross: joined('gross') })}
    </p>
  );
}

/**
 * How many estimates the project has and what they add up to (gross, per currency), from the same
 * facts as the projects list, summed as the estimates tab sums them.
 */
export function EstimatesCard({ project }: { project: ProjectRef }) {
  const t = useT();
  const lang = useLang();
  const facts = useProject((s) => s.facts);
  const fetching = useProject((s) => s.factsFetching);
  const coverage = useTotalCoverage();
  const total = totalText(facts ?? undefined, lang);
  const count = facts?.estimates != null ? formatNumber(facts.estimates, lang) : null;
  const complete = totalComplete(facts ?? undefined);
  return (
    <Card
      id="overview-estimates"
      title={t('plainProject.tabEstimates')}
      action={
        <Button
          onClick={() => useNavigation.getState().openProject(project)}
          data-testid="overview-open-estimates"
        >
          {t('plainProject.openEstimates')}
        </Button>
      }
    >
      <dl className="overview-figures">
        <div className="stat-card stat-card-wide">
          <dt className="stat-label">{t('plainProject.totalGross')}</dt>
          <dd className="stat-value" data-testid="overview-estimate-total" title={total ?? undefined}>
            <FactFigure value={total} facts={facts} fetching={fetching && !complete} />
          </dd>
        </div>
        <div className="stat-card">
          <dt className="stat-label">{t('plainProjects.colEstimates')}</dt>
          <dd className="stat-value" data-testid="overview-estimate-count">
            <FactFigure value={count} facts={facts} fetching={fetching} />
          </dd>
        </div>
      </dl>
      {facts && total && complete && <SumNote facts={facts} />}
      {facts && total && !complete && <p className="overview-note">{coverage(facts)}</p>}
      {facts && facts.estimates !== null && facts.estimates > 0 && !complete && !fetching && (
        <p className="overview-note">{t('plainProjects.totalUnknown')}</p>
      )}
    </Card>
  );
}

/** The plan's key figures: area, floors, rooms. */
export function PlanCard({
  project,
  planId,
  noPlan,
}: {
  project: ProjectRef;
  planId: string | null;
  noPlan: boolean;
}) {
  const t = useT();
  const lang = useLang();
  const plan = useProject((s) => s.plan);
  const planError = useProject((s) => s.planError);
  const units = unitSystemOf(plan?.view.unitSystem);
  const area = plan?.view.statistics.find((s) => s.key === 'area');
  const figure = (label: string, value: string | null | undefined, testId?: string) => (
    <div className="stat-card">
      <dt className="stat-label">{label}</dt>
      <dd className="stat-value" data-testid={testId}>
        {value ?? '—'}
      </dd>
    </div>
  );
  const count = (n: number | null | undefined) => (n != null ? formatNumber(n, lang) : null);
  return (
    <Card
      id="overview-plan"
      title={t('plainProject.tabPlan')}
      action={
        <Button
          onClick={() => planId && useNavigation.getState().openPlan(project, planId)}
          disabled={!planId}
          data-testid="overview-open-plan"
        >
          {t('plainProject.openPlan')}
        </Button>
      }
    >
      {noPlan ? (
        <p className="overview-note">{t('detail.noPlan')}</p>
      ) : planError ? (
        <ErrorNotice error={planError} onRetry={() => useNavigation.getState().refresh()} />
      ) : (
        <dl className="overview-figures">
          {figure(t('plan.stat.area'), statisticText(area, lang, units), 'overview-plan-area')}
          {figure(t('plan.floorCount'), count(plan?.view.floorCount))}
          {figure(t('plan.roomCount'), count(plan?.view.roomCount), 'overview-plan-rooms')}
        </dl>
      )}
    </Card>
  );
}
