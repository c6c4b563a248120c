import { ScreenBar, ScreenTitle } from '../../components/ScreenBar';
import type { KeyboardEvent } from 'react';
import type { PlanView } from '../../../../src-shared/plans/types';
import { Badge } from '../../components/Badge';
import { Button } from '../../components/Button';
import { ErrorNotice } from '../../components/ErrorNotice';
import { OfflineMarker } from '../../components/OfflineMarker';
import { formatDateTime } from '../../i18n/format';
import { useLang, useT } from '../../i18n/store';
import { useNavigation } from '../navigation/store';
import { NotAvailable } from './bits';
import { PlanOverview } from './PlanOverview';
import { RoomsCostsBar } from './RoomsCostsBar';
import { RoomsCostsTable } from './RoomsCostsTable';
import { RoomsTableView } from './RoomsTableView';
import { usePlans, type PlanTab } from './store';
import './plans.css';

function PlanHeader({ view }: { view: PlanView }) {
  const t = useT();
  const lang = useLang();
  const unit =
    view.unitSystem === 'metric'
      ? t('plan.unitMetric')
      : view.unitSystem === 'imperial'
        ? t('plan.unitImperial')
        : view.unitSystem;
  const date = (iso: string | null) => formatDateTime(iso, lang) || iso || <NotAvailable />;
  return (
    <div className="plan-header" data-testid="plan-header">
      <div className="plan-header-title">
        <h2 className="plan-name" data-testid="plan-name">
          {view.name ?? t('plan.unnamed')}
        </h2>
        {view.shape === 'legacy' && (
          <Badge tone="neutral" title={t('plainPlan.legacyNote')}>
            {t('plainPlan.legacyBadge')}
          </Badge>
        )}
      </div>
      <dl className="plan-header-facts">
        <div>
          <dt>{t('plan.unitSystem')}</dt>
          <dd data-testid="plan-unit-system">{unit ?? <NotAvailable />}</dd>
        </div>
        <div>
          <dt>{t('detail.created')}</dt>
          <dd>{date(view.created)}</dd>
        </div>
        <div>
          <dt>{t('detail.modified')}</dt>
          <dd>{date(view.modified)}</dd>
        </div>
      </dl>
    </div>
  );
}

const TABS: {
  tab: PlanTab;
  label: 'plan.tabOverview' | 'plan.tabRooms' | 'roomsCosts.tab';
  testId: string;
}[] = [
  { tab: 'overview', label: 'plan.tabOverview', testId: 'plan-overview-tab' },
  { tab: 'rooms', label: 'plan.tabRooms', testId: 'rooms-tab' },
  { tab: 'costs', label: 'roomsCosts.tab', testId: 'costs-tab' },
];

/** A project's plan: header, then Overview (figures, floors, rooms) and Rooms table tabs. */
export function PlanScreen() {
  const t = useT();
  const view = useNavigation((s) => s.view);
  const result = usePlans((s) => s.result);
  const planId = usePlans((s) => s.planId);
  const loading = usePlans((s) => s.loading);
  const error = usePlans((s) => s.error);
  const tab = usePlans((s) => s.tab);
  const store = usePlans.getState;

  if (view.name !== 'plan') return null;
  const data = planId === view.planId ? result : null;

  const onTabKey = (e: KeyboardEvent<HTMLDivElement>) => {
    if (e.key !== 'ArrowRight' && e.key !== 'ArrowLeft') return;
    e.preventDefault();
    const at = TABS.findIndex((x) => x.tab === tab);
    const next = TABS[(at + (e.key === 'ArrowRight' ? 1 : TABS.length - 1)) % TABS.length]!.tab;
    store().setTab(next);
    document.getElementById(`plan-tab-${next}`)?.focus();
  };

  return (
    <section className="screen plan-screen" data-testid="plan-screen" aria-labelledby="plan-title">
      <ScreenBar
        back={{
          label: t('estimates.backToProjects'),
          onClick: () => useNavigation.getState().backToProjects(),
          testId: 'plan-back',
        }}
        heading={<ScreenTitle id="plan-title" title={t('plan.title')} subtitle={view.projectName} />}
        actions={
          <>
            <Button size="sm" onClick={() => void store().load()} busy={loading} data-testid="plan-reload">
              {t('common.reload')}
            </Button>
          </>
        }
      />

      {data?.source === 'cache' && <OfflineMarker fetchedAt={data.fetchedAt} />}

      <div className="screen-notices">
        {error && <ErrorNotice error={error} onRetry={() => void store().load()} testId="plan-error" />}
      </div>

      {!data ? (
        loading && <p className="screen-loading">{t('plan.loading')}</p>
      ) : (
        <div className="plan-scroll">
          <PlanHeader view={data.view} />
          <RoomsCostsBar workspaceId={view.workspaceId} projectId={view.projectId} planId={view.planId} />
          <div className="plan-tabs" role="tablist" aria-label={t('plan.title')} onKeyDown={onTabKey}>
            {TABS.map((entry) => (
              <button
                key={entry.tab}
                type="button"
                role="tab"
                id={`plan-tab-${entry.tab}`}
                className={`plan-tab${tab === entry.tab ? ' is-selected' : ''}`}
                aria-selected={tab === entry.tab}
                aria-controls={`plan-tabpanel-${entry.tab}`}
                tabIndex={tab === entry.tab ? 0 : -1}
                data-testid={entry.testId}
                onClick={() => store().setTab(entry.tab)}
              >
                {t(entry.label)}
              </button>
            ))}
          </div>
          <div role="tabpanel" id={`plan-tabpanel-${tab}`} aria-labelledby={`plan-tab-${tab}`}>
            {tab === 'overview' ? (
              <PlanOverview view={data.view} />
            ) : tab === 'rooms' ? (
              <RoomsTableView rooms={data.rooms} />
            ) : (
              <RoomsCostsTable />
            )}
          </div>
        </div>
      )}
    </section>
  );
}
