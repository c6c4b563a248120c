import { useState } from 'react';
import { Button } from '../../components/Button';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { describeError } from '../../errors/describe-error';
import { useLang, useT } from '../../i18n/store';
import { useNeedsService } from '../connection/needs-service';
import { useNavigation } from '../navigation/store';
import { projectRef } from '../project/ref';
import { useProjects } from './store';
import type { ProjectDetailView, ProjectRow } from '../../../../src-shared/projects/types';

/** Archive (asked first: `onArchive`) or restore: the service does it, so not while it cannot be reached. */
function ArchiveButton({ shown, onArchive }: { shown: ProjectRow; onArchive: () => void }) {
  const t = useT();
  const actionBusy = useProjects((s) => s.actionBusy);
  const needsService = useNeedsService();
  const disabled = actionBusy !== null || needsService.disabled;
  return shown.archived ? (
    <Button
      variant="primary"
      busy={actionBusy === 'restore'}
      disabled={disabled}
      title={needsService.title}
      onClick={() => void useProjects.getState().restore(shown.id)}
      data-testid="restore-project"
    >
      {actionBusy === 'restore' ? t('detail.restoring') : t('detail.restore')}
    </Button>
  ) : (
    <Button
      busy={actionBusy === 'archive'}
      disabled={disabled}
      title={needsService.title}
      onClick={onArchive}
      data-testid="archive-project"
    >
      {actionBusy === 'archive' ? t('detail.archiving') : t('detail.archive')}
    </Button>
  );
}

function ArchiveConfirm({ shown, onClose }: { shown: ProjectRow; onClose: () => void }) {
  const t = useT();
  const lang = useLang();
  return (
    <ConfirmDialog
      title={t('archive.title')}
      confirmLabel={t('archive.confirm')}
      onClose={onClose}
      onConfirm={async () => {
        const ok = await useProjects.getState().archive(shown.id);
        const problem = useProjects.getState().actionError;
        return ok || !problem ? null : describeError(problem, lang);
      }}
    >
      <p>{t('archive.body', { name: shown.name })}</p>
    </ConfirmDialog>
  );
}

/** The panel's foot: the ways into the project, and archive or restore. */
export function ProjectDetailActions({
  shown,
  detail,
}: {
  shown: ProjectRow;
  detail: ProjectDetailView | null;
}) {
  const t = useT();
  const [confirming, setConfirming] = useState(false);
  const navigation = useNavigation.getState;
  return (
    <>
      <div className="detail-actions">
        <Button
          variant="primary"
          className="detail-open-project"
          onClick={() => navigation().openOverview(projectRef(shown))}
          data-testid="open-project"
        >
          {t('plainProject.open')}
        </Button>
        <Button
          className="detail-open-estimates"
          onClick={() => navigation().openProject(projectRef(shown))}
          data-testid="open-estimates"
        >
          {t('detail.estimates')}
        </Button>
        <Button
          onClick={() => {
            if (detail?.planId) navigation().openPlan(projectRef(shown), detail.planId);
          }}
          disabled={!detail?.planId}
          title={detail && !detail.planId ? t('detail.noPlan') : undefined}
          data-testid="open-plan"
        >
          {t('detail.openPlan')}
        </Button>
        <Button onClick={() => navigation().openFiles(projectRef(shown))} data-testid="open-files">
          {t('detail.openFiles')}
        </Button>
        <span className="detail-actions-spacer" />
        <ArchiveButton shown={shown} onArchive={() => setConfirming(true)} />
      </div>
      {confirming && <ArchiveConfirm shown={shown} onClose={() => setConfirming(false)} />}
    </>
  );
}
