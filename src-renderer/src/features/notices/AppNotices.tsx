import { useEffect } from 'react';
import type { AppNotice } from '../../../../src-shared/ipc/contract';
import { Notice } from '../../components/Notice';
import type { TFunction } from '../../i18n/store';
import { useT } from '../../i18n/store';
import { useWorkspaces } from '../workspaces/store';
import { useNotices } from './store';

function noticeText(notice: AppNotice, t: TFunction): string {
  switch (notice.code) {
    case 'settings-recovered':
      return notice.path
        ? t('notice.settingsRecovered', { path: notice.path })
        : t('notice.settingsRecoveredNoPath');
    case 'cache-recovered':
      return notice.path ? t('notice.cacheRecovered', { path: notice.path }) : t('notice.cacheRecoveredNoPath');
    case 'cache-unavailable':
      return t('notice.cacheUnavailable');
  }
}

/**
 * What main has to tell the user once (damaged files moved aside, no offline copy possible), at the
 * top of the window until dismissed. Asked for at start-up and whenever the active workspace changes.
 */
export function AppNotices() {
  const t = useT();
  const activeId = useWorkspaces((s) => s.activeId);
  const notices = useNotices((s) => s.notices);
  const dismiss = useNotices((s) => s.dismiss);

  useEffect(() => {
    void useNotices.getState().take();
  }, [activeId]);

  if (notices.length === 0) return null;
  return (
    <div className="app-notices">
      {notices.map((notice) => (
        <Notice
          key={notice.id}
          tone={notice.code === 'cache-unavailable' ? 'info' : 'warning'}
          title={notice.workspaceName ? t('notice.workspace', { name: notice.workspaceName }) : undefined}
          onDismiss={() => dismiss(notice.id)}
          testId={`notice-${notice.code}`}
        >
          {noticeText(notice, t)}
        </Notice>
      ))}
    </div>
  );
}
