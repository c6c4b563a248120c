import { Badge } from '../../components/Badge';
import { Button } from '../../components/Button';
import { ErrorNotice } from '../../components/ErrorNotice';
import { OfflineMarker } from '../../components/OfflineMarker';
import { ScreenBar, ScreenTitle } from '../../components/ScreenBar';
import { formatDateTime } from '../../i18n/format';
import { useLang, useT } from '../../i18n/store';
import { useNavigation, type ProjectRef } from '../navigation/store';
import { useWorkspacePeople } from '../people/use-people';
import { AddressText, PersonText } from './facts';
import { IdDetails } from './IdDetails';
import { Card, EstimatesCard, PlanCard } from './OverviewCards';
import { useProject } from './store';
import './project.css';

/** The client the project's estimates name: being looked up, named, or not set. */
function ClientText() {
  const t = useT();
  const facts = useProject((s) => s.facts);
  const fetching = useProject((s) => s.factsFetching);
  if (facts?.client) return <>{facts.client}</>;
  if (fetching) return <span className="detail-empty">{t('plainProjects.factsPending')}…</span>;
  return <span className="detail-empty">{t('common.notSet')}</span>;
}

/** What the service says of the project, and the client its estimates name. */
function AboutCard({ projectId }: { projectId: string }) {
  const t = useT();
  const lang = useLang();
  const detail = useProject((s) => (s.detail?.id === projectId ? s.detail : null));
  const people = useWorkspacePeople();
  const notSet = <span className="detail-empty">{t('common.notSet')}</span>;
  const text = (value: string | null | undefined) => value || notSet;
  return (
    <Card id="overview-project" title={t('plainProject.aboutProject')}>
      {detail?.archived && (
        <p className="overview-archived">
          <Badge tone="archived">{t('projects.archived')}</Badge> {t('detail.isArchived')}
        </p>
      )}
      <dl className="detail-list">
        <dt>{t('detail.ref')}</dt>
        <dd className="mono">{text(detail?.externalReferenceId)}</dd>
        <dt>{t('plainProjects.colClient')}</dt>
        <dd data-testid="overview-client">
          <ClientText />
        </dd>
        <dt>{t('detail.address')}</dt>
        <dd data-testid="overview-address">
          <AddressText address={detail?.address ?? null} empty={notSet} />
        </dd>
        <dt>{t('detail.team')}</dt>
        <dd>{text(detail?.teamName)}</dd>
        <dt>{t('detail.assignee')}</dt>
        <dd data-testid="overview-assignee">
          <PersonText email={detail?.assigneeEmail} people={people} empty={notSet} />
        </dd>
        <dt>{t('detail.created')}</dt>
        <dd>{formatDateTime(detail?.created, lang) || notSet}</dd>
        <dt>{t('detail.modified')}</dt>
        <dd>{formatDateTime(detail?.modified, lang) || notSet}</dd>
      </dl>
      <IdDetails
        ids={[
          { label: t('detail.id'), value: projectId, testId: 'overview-project-id' },
          { label: t('detail.plan'), value: detail?.planId ?? null, testId: 'overview-plan-id' },
        ]}
      />
    </Card>
  );
}

/**
 * A project in one place: what the service says of it (address, team, assignee by name, dates,
 * archived or not), what PlanDesk knows of its estimates (how many, their total, the client they
 * name: the projects list's facts) and its plan's key figures, each with the way to its tab; the
 * service's ids under Details.
 */
export function ProjectOverview() {
  const t = useT();
  const view = useNavigation((s) => s.view);
  const detail = useProject((s) => s.detail);
  const detailError = useProject((s) => s.detailError);
  const loading = useProject((s) => s.loading);
  if (view.name !== 'project') return null;
  const ref: ProjectRef = {
    workspaceId: view.workspaceId,
    projectId: view.projectId,
    projectName: view.projectName,
  };
  const navigation = useNavigation.getState;
  const shown = detail?.id === view.projectId ? detail : null;

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

      {shown?.source === 'cache' && shown.fetchedAt && <OfflineMarker fetchedAt={shown.fetchedAt} />}

      <div className="screen-notices">
        {detailError && (
          <ErrorNotice error={detailError} onRetry={() => navigation().refresh()} testId="overview-error" />
        )}
      </div>

      <div className="overview-grid">
        <AboutCard projectId={view.projectId} />
        <EstimatesCard project={ref} />
        <PlanCard project={ref} planId={shown?.planId ?? null} noPlan={Boolean(shown && !shown.planId)} />
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
