import { useEffect, useId } from 'react';
import type { RoomsCosts } from '../../../../src-shared/plans/rooms-costs-types';
import { planProblemText } from '../../../../src-shared/plans/rooms-costs-words';
import { ErrorNotice } from '../../components/ErrorNotice';
import { Notice } from '../../components/Notice';
import { OfflineMarker } from '../../components/OfflineMarker';
import { describeError } from '../../errors/describe-error';
import { formatDateTime, formatMoney } from '../../i18n/format';
import { useLang, useT } from '../../i18n/store';
import { DriftNotice } from './DriftNotice';
import { useRoomsCosts } from './rooms-costs-store';
import { usePlans } from './store';
import { useNotOnPlanLine } from './use-plan-costs';
import './rooms-costs.css';

/** Why nothing was placed, and that the figures do not add up (never expected), in words. */
function CostsNotices({ costs }: { costs: RoomsCosts }) {
  const t = useT();
  const lang = useLang();
  const money = (v: string) => formatMoney(v, costs.currency ?? '', lang);
  const problem = costs.planProblem;
  const service = costs.totals.serviceNet;
  return (
    <>
      {problem && (
        <Notice tone="warning" testId="rooms-costs-problem">
          {planProblemText(problem, t)}
          {problem.kind === 'plan-failed' && ` ${describeError(problem.error, lang)}`}
        </Notice>
      )}
      {!costs.totals.sumHolds && (
        <Notice tone="error" testId="rooms-costs-sum-broken">
          {t('roomsCosts.sumBroken')}
        </Notice>
      )}
      {service !== null && money(service) !== money(costs.totals.totalNet) && (
        <Notice tone="warning" testId="rooms-costs-service-net">
          {t('roomsCosts.serviceNetDiffers', {
            service: money(service),
            total: money(costs.totals.totalNet),
          })}
        </Notice>
      )}
    </>
  );
}

/**
 * The estimate on the plan, above the plan's tabs: which estimate (the latest unless the user picks
 * another), what moved since the last look, why nothing could be placed, and how much is not on the
 * plan. Reads the costs again whenever the plan is read again.
 */
export function RoomsCostsBar({
  workspaceId,
  projectId,
  planId,
}: {
  workspaceId: string | null;
  projectId: string;
  planId: string;
}) {
  const t = useT();
  const notOnPlanLine = useNotOnPlanLine();
  const lang = useLang();
  const selectId = useId();
  const planFetchedAt = usePlans((s) => (s.planId === planId ? (s.result?.fetchedAt ?? null) : null));
  const planOffline = usePlans((s) => s.result?.source === 'cache');
  const result = useRoomsCosts((s) => (s.planId === planId ? s.result : null));
  const loading = useRoomsCosts((s) => s.loading);
  const error = useRoomsCosts((s) => s.error);
  const drift = useRoomsCosts((s) => s.drift);
  const planError = useRoomsCosts((s) => s.planError);
  const store = useRoomsCosts.getState;

  useEffect(() => {
    if (planFetchedAt) store().sync({ workspaceId, projectId, planId }, planFetchedAt);
  }, [workspaceId, projectId, planId, planFetchedAt, store]);
  useEffect(() => () => store().stop(), [store]);

  const costs = result?.costs ?? null;
  const money = (v: string) => formatMoney(v, costs?.currency ?? '', lang);

  return (
    <section className="rooms-costs-bar" aria-label={t('roomsCosts.estimate')} data-testid="rooms-costs-bar">
      <div className="rooms-costs-bar-row">
        {result && result.estimates.length > 0 && (
          <div className="toolbar-field">
            <label htmlFor={selectId} className="toolbar-label">
              {t('roomsCosts.estimate')}
            </label>
            <select
              id={selectId}
              className="select rooms-costs-select"
              value={result.estimateId ?? ''}
              onChange={(e) => store().pick(e.target.value)}
              disabled={loading}
              data-testid="rooms-costs-estimate"
            >
              {result.estimates.map((e) => {
                const name = [e.uniqueId, e.name].filter(Boolean).join(' ');
                return (
                  <option key={e.id} value={e.id}>
                    {e.id === result.latestId ? t('roomsCosts.latest', { name }) : name}
                  </option>
                );
              })}
            </select>
          </div>
        )}
        {result && result.estimates.length === 0 && (
          <span className="plan-muted">{t('roomsCosts.noEstimates')}</span>
        )}
        {loading && (
          <span className="plan-muted" aria-busy="true" data-testid="rooms-costs-loading">
            {t('roomsCosts.loading')}
          </span>
        )}
        {costs && !loading && (
          <span className="rooms-costs-summary" data-testid="rooms-costs-summary">
            {notOnPlanLine(costs)}
          </span>
        )}
      </div>
      {result?.source === 'cache' && !planOffline && <OfflineMarker fetchedAt={result.fetchedAt} />}
      {error && <ErrorNotice error={error} onRetry={() => void store().load()} testId="rooms-costs-error" />}
      {planError && result && (
        <Notice tone="warning" testId="rooms-costs-plan-stale">
          {t('roomsCosts.planStale', { date: formatDateTime(result.fetchedAt, lang) || result.fetchedAt })}{' '}
          {describeError(planError, lang)}
        </Notice>
      )}
      {costs && <CostsNotices costs={costs} />}
      {drift && <DriftNotice drift={drift} money={money} onDismiss={() => store().dismissDrift()} />}
    </section>
  );
}
