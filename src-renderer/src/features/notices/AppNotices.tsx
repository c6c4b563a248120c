import { useEffect, useRef } from 'react';
import { Notice } from '../../components/Notice';
import type { TFunction } from '../../i18n/store';
import { useT } from '../../i18n/store';
import { useProjects } from '../projects/store';
import { useWorkspaces } from '../workspaces/store';
import { useNotices } from './store';
import type { AppNotice } from '../../../../src-shared/app/types';

/** Notices that report something done for the user rather than something wrong. */
const INFO_NOTICES = new Set<AppNotice['code']>(['cache-unavailable', 'keys-moved-to-keychain']);

function noticeText(notice: AppNotice, t: TFunction): string {
  switch (notice.code) {
    case 'settings-recovered':
      return notice.path
        ? t('notice.settingsRecovered', { path: notice.path })
        : t('notice.settingsRecoveredNoPath');
    case 'cache-recovered':
      return notice.path
        ? t('notice.cacheRecovered', { path: notice.path })
        : t('notice.cacheRecoveredNoPath');
    case 'cache-unavailable':
      return t('notice.cacheUnavailable');
    case 'data-moved-aside':
      return t('notice.dataMovedAside', { path: notice.path ?? '' });
    case 'data-folder-unwritable':
      return t('notice.dataFolderUnwritable', { path: notice.path ?? '' });
    case 'keys-in-file':
      return t('notice.keysInFile', { path: notice.path ?? '', protection: notice.protection ?? '' });
    case 'keys-moved-to-keychain':
      return t('notice.keysMovedToKeychain', { path: notice.path ?? '' });
    case 'disk-full':
      return t('notice.diskFull', { path: notice.path ?? '' });
    case 'outbox-recovered':
      return outboxRecoveredText(notice, t);
  }
}

/**
 * Which uploads wait, which need their file chosen again, copies no record names, and copies of a
 * workspace no longer set up.
 */
function outboxRecoveredText(notice: AppNotice, t: TFunction): string {
  const list = (names: string[] | undefined) => (names ?? []).map((n) => `“${n}”`).join(', ');
  const parts = [t('notice.outboxRecovered')];
  if (notice.waiting?.length) parts.push(t('notice.outboxWaiting', { names: list(notice.waiting) }));
  if (notice.needFile?.length) parts.push(t('notice.outboxNeedFile', { names: list(notice.needFile) }));
  if (notice.kept?.length) parts.push(t('notice.outboxKept', { paths: (notice.kept ?? []).join(', ') }));
  if (notice.unlisted?.length)
    parts.push(t('notice.outboxUnlisted', { paths: (notice.unlisted ?? []).join(', ') }));
  const said = [notice.waiting, notice.needFile, notice.kept, notice.unlisted].some((l) => l?.length);
  if (!said) {
    parts.push(t('notice.outboxNothingWaits'));
  }
  return parts.join(' ');
}

/**
 * What main has to tell the user once (damaged files moved aside, no offline copy possible), at the
 * top of the window until dismissed. Asked for at start-up and whenever the active workspace changes
 * (added, switched, removed).
 */
export function AppNotices() {
  const t = useT();
  const activeId = useWorkspaces((s) => s.activeId);
  const notices = useNotices((s) => s.notices);
  const dismiss = useNotices((s) => s.dismiss);

  useEffect(() => {
    void useNotices.getState().take();
  }, [activeId]);

  // Main opens a workspace's offline copy with its first request, and only then knows whether that
  // copy was damaged or cannot be saved: ask once more when the workspace's first answer arrived.
  const answer = useProjects((s) => s.page ?? s.listError);
  const afterAnswer = useRef<{ id: string | null; stale: unknown; done: boolean }>({
    id: null,
    stale: null,
    done: false,
  });
  useEffect(() => {
    const seen = afterAnswer.current;
    if (seen.id !== activeId) {
      // What is on screen now still belongs to the previous workspace: wait for a new answer.
      afterAnswer.current = { id: activeId, stale: answer, done: false };
      return;
    }
    if (seen.done || !answer || answer === seen.stale) return;
    seen.done = true;
    void useNotices.getState().take();
  }, [activeId, answer]);

  if (notices.length === 0) return null;
  return (
    <div className="app-notices">
      {notices.map((notice) => (
        <Notice
          key={notice.id}
          tone={INFO_NOTICES.has(notice.code) ? 'info' : 'warning'}
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
