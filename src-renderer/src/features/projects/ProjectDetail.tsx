import { useState } from 'react';
import { Badge } from '../../components/Badge';
import { Button } from '../../components/Button';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { ErrorNotice } from '../../components/ErrorNotice';
import { Notice } from '../../components/Notice';
import { describeError } from '../../errors/describe-error';
import { formatDateTime } from '../../i18n/format';
import { useLang, useT } from '../../i18n/store';
import { useNavigation } from '../navigation/store';
import { projectRef } from '../project/ref';
import { useWorkspacePeople } from '../people/use-people';
import { IdDetails } from '../project/IdDetails';
import { AddressText, ClientFact, PersonText } from '../project/facts';
import { useProjects } from './store';
import type { ProjectDetailView, ProjectRow } from '../../../../src-shared/projects/types';

/** The side panel: everything the service says about the selected project, its estimates, and archive/restore. */
export function ProjectDetail({ id }: { id: string }) {
  const t = useT();
  const lang = useLang();
  const detail = useProjects((s) => (s.detail?.id === id ? s.detail : null));
  const row = useProjects((s) => s.page?.rows.find((r) => r.id === id) ?? null);
  const loading = useProjects((s) => s.detailLoading);
  const error = useProjects((s) => s.detailError);
  const actionBusy = useProjects((s) => s.actionBusy);
  const actionError = useProjects((s) => s.actionError);
  const [confirmArchive, setConfirmArchive] = useState(false);
  const store = useProjects.getState;

  const people = useWorkspacePeople();
  const shown: ProjectRow | ProjectDetailView | null = detail ?? row;
  const notSet = <span className="detail-empty">{t('common.notSet')}</span>;
  const text = (value: string | null | undefined) => (value ? value : notSet);
  const date = (value: string | null | undefined) => formatDateTime(value, lang) || notSet;

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
        {shown && (
          <dl className="detail-list">
            <dt>{t('detail.ref')}</dt>
            <dd className="mono" data-testid="detail-ref">
              {text(shown.externalReferenceId)}
            </dd>
            <ClientFact row={row} />
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
        )}
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

      {shown && (
        <div className="detail-actions">
          <Button
            variant="primary"
            className="detail-open-project"
            onClick={() => useNavigation.getState().openOverview(projectRef(shown))}
            data-testid="open-project"
          >
            {t('plainProject.open')}
          </Button>
          <Button
            className="detail-open-estimates"
            onClick={() => useNavigation.getState().openProject(projectRef(shown))}
            data-testid="open-estimates"
          >
            {t('detail.estimates')}
          </Button>
          <Button
            onClick={() => {
              if (detail?.planId) useNavigation.getState().openPlan(projectRef(shown), detail.planId);
            }}
            disabled={!detail?.planId}
            title={detail && !detail.planId ? t('detail.noPlan') : undefined}
            data-testid="open-plan"
          >
            {t('detail.openPlan')}
          </Button>
          <Button
            onClick={() => useNavigation.getState().openFiles(projectRef(shown))}
            data-testid="open-files"
          >
            {t('detail.openFiles')}
          </Button>
          <span className="detail-actions-spacer" />
          {shown.archived ? (
            <Button
              variant="primary"
              busy={actionBusy === 'restore'}
              disabled={actionBusy !== null}
              onClick={() => void store().restore(id)}
              data-testid="restore-project"
            >
              {actionBusy === 'restore' ? t('detail.restoring') : t('detail.restore')}
            </Button>
          ) : (
            <Button
              busy={actionBusy === 'archive'}
              disabled={actionBusy !== null}
              onClick={() => setConfirmArchive(true)}
              data-testid="archive-project"
            >
              {actionBusy === 'archive' ? t('detail.archiving') : t('detail.archive')}
            </Button>
          )}
        </div>
      )}

      {confirmArchive && shown && (
        <ConfirmDialog
          title={t('archive.title')}
          confirmLabel={t('archive.confirm')}
          onClose={() => setConfirmArchive(false)}
          onConfirm={async () => {
            const ok = await store().archive(id);
            const problem = useProjects.getState().actionError;
            return ok || !problem ? null : describeError(problem, lang);
          }}
        >
          <p>{t('archive.body', { name: shown.name })}</p>
        </ConfirmDialog>
      )}
    </aside>
  );
}
