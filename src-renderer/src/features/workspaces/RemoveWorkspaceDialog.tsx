import { useEffect, useState } from 'react';
import { call } from '../../api';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { describeError } from '../../errors/describe-error';
import { useLang, useT, useTPlural } from '../../i18n/store';
import { useWorkspaces } from './store';
import type { WorkspaceMeta } from '../../../../src-shared/workspaces/types';

export function RemoveWorkspaceDialog({
  workspace,
  onClose,
}: {
  workspace: WorkspaceMeta;
  onClose: () => void;
}) {
  const t = useT();
  const tp = useTPlural();
  const lang = useLang();
  const remove = useWorkspaces((s) => s.remove);
  // Uploads waiting for the workspace go with it: the user is told how many before confirming.
  const [waiting, setWaiting] = useState(0);
  useEffect(() => {
    let live = true;
    void call((api) => api.getOfflineStorage()).then((res) => {
      if (live && res.ok) {
        setWaiting(res.data.workspaces.find((w) => w.workspaceId === workspace.id)?.waitingUploads ?? 0);
      }
    });
    return () => {
      live = false;
    };
  }, [workspace.id]);
  return (
    <ConfirmDialog
      title={t('removeWorkspace.title')}
      confirmLabel={t('removeWorkspace.confirm')}
      danger
      onClose={onClose}
      onConfirm={async () => {
        const res = await remove(workspace.id);
        return res.ok ? null : describeError(res.error, lang);
      }}
    >
      <p>{t('removeWorkspace.body', { name: workspace.name })}</p>
      {waiting > 0 && (
        <p className="remove-waiting" data-testid="remove-waiting">
          {tp('workspaces.removeWaiting', waiting)}
        </p>
      )}
    </ConfirmDialog>
  );
}
