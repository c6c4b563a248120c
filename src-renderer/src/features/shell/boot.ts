import { create } from 'zustand';
import type { ErrorValue } from '../../../../src-shared/errors/service-error';
import { call } from '../../api';
import { isUiLanguage } from '../../i18n/languages';
import { useI18n } from '../../i18n/store';
import { useAppearance } from '../appearance/store';
import { useProjects } from '../projects/store';
import { useUpdates } from '../updates/store';
import { useWorkspaces } from '../workspaces/store';

type BootState =
  | { phase: 'loading'; error: null }
  | { phase: 'ready'; error: null }
  | { phase: 'failed'; error: ErrorValue };

interface BootStore {
  boot: BootState;
  /** Reads the UI language and the workspaces from main; the shell shows once both are known. */
  start: () => Promise<void>;
}

export const useBoot = create<BootStore>()((set) => ({
  boot: { phase: 'loading', error: null },
  start: async () => {
    set({ boot: { phase: 'loading', error: null } });
    // Asked together: on a first start, each answer is a round trip through a busy main.
    const [info] = await Promise.all([call((api) => api.appInfo()), useWorkspaces.getState().load()]);
    const i18n = useI18n.getState();
    await i18n.setLang(info.ok && isUiLanguage(info.data.language) ? info.data.language : i18n.lang);
    if (info.ok && info.data.theme) useAppearance.getState().applyStored(info.data.theme);
    if (info.ok) useUpdates.setState({ version: info.data.version });
    const ws = useWorkspaces.getState();
    // The shell opens on the projects list: its first page is asked for now, while the shell renders,
    // not after (the list's own follow-up finds it under way).
    if (ws.status === 'ready' && ws.activeId)
      useProjects.getState().followWorkspace(ws.activeId, ws.generation);
    set({
      boot:
        ws.status === 'ready'
          ? { phase: 'ready', error: null }
          : { phase: 'failed', error: ws.loadError ?? { kind: 'server', message: '' } },
    });
  },
}));
