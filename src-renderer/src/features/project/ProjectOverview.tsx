import type { ReactNode } from 'react';
import { Badge } from '../../components/Badge';
import { Button } from '../../components/Button';
import { ErrorNotice } from '../../components/ErrorNotice';
import { ScreenBar, ScreenTitle } from '../../components/ScreenBar';
import { formatDateTime, formatNumber } from '../../i18n/format';
import { useLang, useT } from '../../i18n/store';
import { unitSystemOf } from '../../../../src-shared/plans/units';
import { statisticText } from '../plans/plan-text';
import { useNavigation, type ProjectRef } from '../navigation/store';
import { useWorkspacePeople } from '../people/use-people';
import { AddressText, PersonText, totalComplete, totalText, useTotalCoverage } from './facts';
import { IdDetails } from './IdDetails';
import { useProject } from './store';
import './project.css';

/** A card of the overview: a titled block with what it says and a way to its tab. */
function Card({
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

/**
 * A project in one place: what the service says of it (address, team, assignee by name, dates,
 * archived or not), what PlanDesk knows of its estimates (how many, their total, the client they
 * name) and its plan's key figures, each with the way to its tab; the service's ids under Details.
 */
export function ProjectOverview() {
  const t = useT();
  const lang = useLang();
  const view = useNavigation((s) => s.view);
  const detail = useProject((s) => s.detail);
  const detailError = useProject((s) => s.detailError);
  const loading = useProject((s) => s.loading);
  const facts = useProject((s) => s.facts);
  const plan = useProject((s) => s.plan);
  const planError = useProject((s) => s.planError);
  const people = useWorkspacePeople();
  const coverage = useTotalCoverage();
  if (view.name !== 'project') return null;
  const ref: ProjectRef = {
    workspaceId: view.workspaceId,
    projectId: view.projectId,
    projectName: view.projectName,
  };
  const navigation = useNavigation.getState;
  const shown = detail?.id === view.projectId ? detail : null;
  const notSet = <span className="detail-empty">{t('common.notSet')}</span>;
  const text = (value: string | null | undefined) => value || notSet;
  const total = totalText(facts ?? undefined, lang);
  const units = unitSystemOf(plan?.view.unitSystem);
  const area = plan?.view.statistics.find((s) => s.key === 'area');

  return (
    <section
      className="screen overview-screen"
      data-testid="overview-screen"
      aria-labelledby="overview-title"
    >
      <ScreenBar
        back={{
          label: t('estimates.backToProjects'),
          onClick: () => navigation().backToProjects(),
          testId: 'overview-back',
        }}
        heading={
          <ScreenTitle id="overview-title" title={t('plainProject.overview')} subtitle={view.projectName} />
        }
        actions={
          <Button
            size="sm"
            onClick={() => navigation().refresh()}
            busy={loading}
            data-testid="overview-reload"
          >
            {t('common.reload')}
          </Button>
        }
      />

      <div className="screen-notices">
        {detailError && (
          <ErrorNotice error={detailError} onRetry={() => navigation().refresh()} testId="overview-error" />
        )}
      </div>

      <div className="overview-grid">
        <Card id="overview-project" title={t('plainProject.aboutProject')}>
          {shown?.archived && (
            <p className="overview-archived">
              <Badge tone="archived">{t('projects.archived')}</Badge> {t('detail.isArchived')}
            </p>
          )}
          <dl className="detail-list">
            <dt>{t('detail.ref')}</dt>
            <dd className="mono">{text(shown?.externalReferenceId)}</dd>
            <dt>{t('plainProjects.colClient')}</dt>
            <dd data-testid="overview-client">{text(facts?.client)}</dd>
            <dt>{t('detail.address')}</dt>
            <dd data-testid="overview-address">
              <AddressText address={shown?.address ?? null} empty={notSet} />
            </dd>
            <dt>{t('detail.team')}</dt>
            <dd>{text(shown?.teamName)}</dd>
            <dt>{t('detail.assignee')}</dt>
            <dd data-testid="overview-assignee">
              <PersonText email={shown?.assigneeEmail} people={people} empty={notSet} />
            </dd>
            <dt>{t('detail.created')}</dt>
            <dd>{formatDateTime(shown?.created, lang) || notSet}</dd>
            <dt>{t('detail.modified')}</dt>
            <dd>{formatDateTime(shown?.modified, lang) || notSet}</dd>
          </dl>
          <IdDetails
            ids={[
              { label: t('detail.id'), value: view.projectId, testId: 'overview-project-id' },
              { label: t('detail.plan'), value: shown?.planId ?? null, testId: 'overview-plan-id' },
            ]}
          />
        </Card>

        <Card
          id="overview-estimates"
          title={t('plainProject.tabEstimates')}
          action={
            <Button onClick={() => navigation().openProject(ref)} data-testid="overview-open-estimates">
              {t('plainProject.openEstimates')}
            </Button>
          }
        >
          <dl className="overview-figures">
            <div className="stat-card">
              <dt className="stat-label">{t('plainProjects.colEstimates')}</dt>
              <dd className="stat-value" data-testid="overview-estimate-count">
                {facts?.estimates != null ? formatNumber(facts.estimates, lang) : '—'}
              </dd>
            </div>
            <div className="stat-card">
              <dt className="stat-label">{t('plainProjects.colTotal')}</dt>
              <dd className="stat-value" data-testid="overview-estimate-total">
                {total ?? '—'}
              </dd>
            </div>
          </dl>
          {facts && total && !totalComplete(facts) && <p className="overview-note">{coverage(facts)}</p>}
          {facts && facts.estimates !== null && !total && facts.estimates > 0 && (
            <p className="overview-note">{t('plainProjects.totalUnknown')}</p>
          )}
        </Card>

        <Card
          id="overview-plan"
          title={t('plainProject.tabPlan')}
          action={
            <Button
              onClick={() => shown?.planId && navigation().openPlan(ref, shown.planId)}
              disabled={!shown?.planId}
              data-testid="overview-open-plan"
            >
              {t('plainProject.openPlan')}
            </Button>
          }
        >
          {shown && !shown.planId ? (
            <p className="overview-note">{t('detail.noPlan')}</p>
          ) : planError ? (
            <ErrorNotice error={planError} onRetry={() => navigation().refresh()} />
          ) : (
            <dl className="overview-figures">
              <div className="stat-card">
                <dt className="stat-label">{t('plan.stat.area')}</dt>
                <dd className="stat-value" data-testid="overview-plan-area">
                  {statisticText(area, lang, units) ?? '—'}
                </dd>
              </div>
              <div className="stat-card">
                <dt className="stat-label">{t('plan.floorCount')}</dt>
                <dd className="stat-value">
                  {plan?.view.floorCount != null ? formatNumber(plan.view.floorCount, lang) : '—'}
                </dd>
              </div>
              <div className="stat-card">
                <dt className="stat-label">{t('plan.roomCount')}</dt>
                <dd className="stat-value" data-testid="overview-plan-rooms">
                  {plan?.view.roomCount != null ? formatNumber(plan.view.roomCount, lang) : '—'}
                </dd>
              </div>
            </dl>
          )}
        </Card>

        <Card
          id="overview-files"
          title={t('plainProject.tabFiles')}
          action={
            <Button onClick={() => navigation().openFiles(ref)} data-testid="overview-open-files">
              {t('plainProject.openFiles')}
            </Button>
          }
        >
          <p className="overview-note">{t('plainProject.filesNote')}</p>
        </Card>
      </div>
    </section>
  );
}
