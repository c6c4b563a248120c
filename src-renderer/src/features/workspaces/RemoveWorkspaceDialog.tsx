import { ConfirmDialog } from '../../components/ConfirmDialog';
import { describeError } from '../../errors/describe-error';
import { useLang, useT } from '../../i18n/store';
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
  const lang = useLang();
  const remove = useWorkspaces((s) => s.remove);
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
    </ConfirmDialog>
  );
}
