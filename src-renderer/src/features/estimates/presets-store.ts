import { create } from 'zustand';
import type { ErrorValue } from '../../../../src-shared/errors/service-error';
import type { PresetList } from '../../../../src-shared/exports/presets';
import type { PlanDeskApi, Result } from '../../../../src-shared/ipc/contract';
import { call } from '../../api';
import { latestOnly } from '../../lib/latest';
import type { presetInput } from './export-choice';

/**
 * The active workspace's export presets (the built-in ones, the saved ones, the one last used), as
 * the export dialog shows them. Read again each time the dialog opens: presets belong to a
 * workspace, and the workspace may have changed since.
 */
interface PresetsState {
  list: PresetList | null;
  error: ErrorValue | null;
  /** Saving or deleting. */
  busy: boolean;
  /** Resolves with the list (null when it could not be read). */
  load: () => Promise<PresetList | null>;
  save: (preset: ReturnType<typeof presetInput>) => Promise<PresetList | null>;
  remove: (presetId: string) => Promise<PresetList | null>;
}

const latest = latestOnly();

export const usePresets = create<PresetsState>()((set) => {
  /** A change to the list: its answer replaces whatever was read before it. */
  const change = async (
    run: (api: PlanDeskApi) => Promise<Result<PresetList>>,
  ): Promise<PresetList | null> => {
    const token = latest.begin();
    set({ busy: true, error: null });
    const res = await call(run);
    if (!latest.isCurrent(token)) return null;
    if (res.ok) {
      set({ list: res.data, busy: false });
      return res.data;
    }
    set({ busy: false, error: res.error });
    return null;
  };

  return {
    list: null,
    error: null,
    busy: false,

    load: async () => {
      const token = latest.begin();
      // Another workspace's presets are never offered while this one's are on their way.
      set({ list: null, error: null, busy: false });
      const res = await call((api) => api.listExportPresets());
      if (!latest.isCurrent(token)) return null;
      if (res.ok) {
        set({ list: res.data });
        return res.data;
      }
      set({ error: res.error });
      return null;
    },

    save: (preset) => change((api) => api.saveExportPreset(preset)),
    remove: (presetId) => change((api) => api.deleteExportPreset(presetId)),
  };
});
