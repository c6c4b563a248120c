import { Badge } from '../../components/Badge';
import { ErrorNotice } from '../../components/ErrorNotice';
import { Notice } from '../../components/Notice';
import { describeError } from '../../errors/describe-error';
import { formatDateTime } from '../../i18n/format';
import { useLang, useT } from '../../i18n/store';
import { useWorkspacePeople } from '../people/use-people';
import { IdDetails } from '../project/IdDetails';
import { AddressText, PersonText } from '../project/facts';
import { factsComplete } from '../project/facts-fetch';
import { ClientCell, CountCell, TotalCell } from './ProjectFactsCells';
import { ProjectDetailActions } from './ProjectDetailActions';
import { useProjects } from './store';
import type { ProjectDetailView, ProjectRow } from '../../../../src-shared/projects/types';

/** The client, number of estimates and their total: the row's figures, all of them at any width. */
function EstimateFacts({ row }: { row: ProjectRow | null }) {
  const t = useT();
  const pending = useProjects((s) => s.factsFetching && !factsComplete(row?.facts));
  if (!row) return null;
  const facts = { facts: row.facts, pending };
  return (
    <>
      <dt>{t('plainProjects.colClient')}</dt>
      <dd data-testid="detail-client">
        <ClientCell {...facts} />
      </dd>
      <dt>{t('plainProjects.colEstimates')}</dt>
      <dd data-testid="detail-estimates">
        <CountCell {...facts} />
      </dd>
      <dt>{t('plainProject.totalGross')}</dt>
      <dd data-testid="detail-total">
        <TotalCell {...facts} />
      </dd>
    </>
  );
}

/** What the service says of the project, and what its estimates say. */
function DetailList({
  shown,
  detail,
  row,
}: {
  shown: ProjectRow;
  detail: ProjectDetailView | null;
  row: ProjectRow | null;
}) {
  const t = useT();
  const lang = useLang();
  const people = useWorkspacePeople();
  const notSet = <span className="detail-empty">{t('common.notSet')}</span>;
  const text = (value: string | null | undefined) => (value ? value : notSet);
  const date = (value: string | null | undefined) => formatDateTime(value, lang) || notSet;
  return (
    <dl className="detail-list">
      <dt>{t('detail.ref')}</dt>
      <dd className="mono" data-testid="detail-ref">
        {text(shown.externalReferenceId)}
      </dd>
      <EstimateFacts row={row} />
      {detail && (
        <>
          <dt>{t('detail.team')}</dt>
          <dd>{text(detail.teamName)}</dd>
          <dt>{t('detail.address')}</dt>
          <dd>
            <AddressText address={detail.address} empty={notSet} />
          </dd>
        </>
      )}
      <dt>{t('detail.created')}</dt>
      <dd>{date(shown.created)}</dd>
      <dt>{t('detail.modified')}</dt>
      <dd>{date(shown.modified)}</dd>
      <dt>{t('detail.assignee')}</dt>
      <dd data-testid="detail-assignee">
        <PersonText email={shown.assigneeEmail} people={people} empty={notSet} />
      </dd>
      {shown.archived && (
        <>
          <dt>{t('detail.archivedAt')}</dt>
          <dd>{date(shown.archivedAt)}</dd>
        </>
      )}
    </dl>
  );
}

/** The side panel: everything the service says about the selected project, its estimates, and archive/restore. */
export function ProjectDetail({ id }: { id: string }) {
  const t = useT();
  const lang = useLang();
  const detail = useProjects((s) => (s.detail?.id === id ? s.detail : null));
  const row = useProjects((s) => s.page?.rows.find((r) => r.id === id) ?? null);
  const loading = useProjects((s) => s.detailLoading);
  const error = useProjects((s) => s.detailError);
  const actionError = useProjects((s) => s.actionError);
  const store = useProjects.getState;
  const shown: ProjectRow | ProjectDetailView | null = detail ?? row;

  return (
    <aside
      className="project-detail"
      data-testid="project-detail"
      aria-label={t('detail.label')}
      aria-busy={loading}
    >
      <div className="detail-header">
        <h2 className="detail-title" title={shown?.name}>
          {shown?.name ?? t('detail.loading')}
        </h2>
        <button
          type="button"
          className="detail-close"
          onClick={() => store().select(null)}
          aria-label={t('detail.close')}
          title={t('detail.close')}
          data-testid="detail-close"
        >
          <span aria-hidden="true">×</span>
        </button>
      </div>

      <div className="detail-scroll">
        {shown?.archived && (
          <div className="detail-archived">
            <Badge tone="archived">{t('projects.archived')}</Badge>
            <span>{t('detail.isArchived')}</span>
          </div>
        )}
        {error && <ErrorNotice error={error} onRetry={() => void store().loadDetail(id)} />}
        {!detail && loading && <p className="detail-loading">{t('detail.loading')}</p>}
        {detail?.source === 'cache' && detail.fetchedAt && (
          <p className="detail-offline" data-testid="detail-offline">
            {t('offline.detailFrom', { time: formatDateTime(detail.fetchedAt, lang) || detail.fetchedAt })}
          </p>
        )}
        {shown && <DetailList shown={shown} detail={detail} row={row} />}
        {shown && (
          <IdDetails
            ids={[
              { label: t('detail.id'), value: shown.id, testId: 'detail-project-id' },
              { label: t('detail.plan'), value: detail?.planId ?? null, testId: 'detail-plan-id' },
            ]}
          />
        )}
        {actionError && <Notice tone="error">{describeError(actionError, lang)}</Notice>}
      </div>

      {shown && <ProjectDetailActions shown={shown} detail={detail} />}
    </aside>
  );
}
