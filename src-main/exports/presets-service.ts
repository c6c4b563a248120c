import { randomUUID } from 'node:crypto';
import {
  BUILT_IN_PRESETS,
  QUOTE_PRESET_ID,
  isBuiltInPreset,
  normalizePreset,
  type ExportPreset,
  type PresetList,
} from '../../src-shared/exports/presets';
import type { UiLanguage } from '../../src-shared/i18n/languages';
import { ServiceError } from '../errors/service-error';
import type { SettingsStore } from '../settings/settings-store';

/** At most this many saved presets per workspace. */
const MAX_SAVED = 50;

/**
 * Export settings per workspace, kept in settings.json: the presets (the built-in quote and worksheet,
 * the user's own, and the one last used: the export dialog opens with it), and the language its
 * documents are written in.
 */
export class PresetsService {
  constructor(
    private readonly settings: SettingsStore,
    /** The active workspace's id (presets are kept per workspace). */
    private readonly workspaceId: () => Promise<string>,
  ) {}

  async list(): Promise<PresetList> {
    const id = await this.workspaceId();
    const s = await this.settings.load();
    const saved = (s.exportPresets[id] ?? []).map((p) => normalizePreset(p as ExportPreset));
    const presets = [...BUILT_IN_PRESETS.map(normalizePreset), ...saved];
    const last = s.lastExportPreset[id];
    return { presets, lastUsed: presets.some((p) => p.id === last) ? last! : QUOTE_PRESET_ID };
  }

  /** The saved presets of the active workspace (for resolving a preset by id). */
  async saved(): Promise<ExportPreset[]> {
    return (await this.list()).presets.filter((p) => !isBuiltInPreset(p.id));
  }

  /** Saves a preset under its name (replacing one of the same name); returns the list. */
  async save(preset: Omit<ExportPreset, 'id'> & { id?: string }): Promise<PresetList> {
    const clean = normalizePreset({
      ...preset,
      id: preset.id && !isBuiltInPreset(preset.id) ? preset.id : randomUUID(),
    });
    if (!clean.name.trim())
      throw new ServiceError('validation', 'Give the preset a name.', undefined, { name: ['required'] });
    const id = await this.workspaceId();
    await this.settings.update((s) => {
      const mine = (s.exportPresets[id] ?? []).filter(
        (p) => p.id !== clean.id && p.name.toLowerCase() !== clean.name.toLowerCase(),
      );
      if (mine.length >= MAX_SAVED)
        throw new ServiceError('validation', `A workspace keeps at most ${MAX_SAVED} presets.`);
      return {
        ...s,
        exportPresets: { ...s.exportPresets, [id]: [...mine, clean] },
        lastExportPreset: { ...s.lastExportPreset, [id]: clean.id },
      };
    });
    return this.list();
  }

  async remove(presetId: string): Promise<PresetList> {
    if (isBuiltInPreset(presetId))
      throw new ServiceError('validation', 'The built-in presets cannot be deleted.');
    const id = await this.workspaceId();
    await this.settings.update((s) => ({
      ...s,
      exportPresets: {
        ...s.exportPresets,
        [id]: (s.exportPresets[id] ?? []).filter((p) => p.id !== presetId),
      },
    }));
    return this.list();
  }

  /** The workspace's documents language, as last chosen in the export dialog; null when never. */
  async documentsLanguage(): Promise<UiLanguage | null> {
    const id = await this.workspaceId();
    return (await this.settings.load()).documentsLanguage[id] ?? null;
  }

  /** Remembers the language documents of this workspace are written in. */
  async rememberLanguage(language: UiLanguage): Promise<void> {
    const id = await this.workspaceId();
    if ((await this.settings.load()).documentsLanguage[id] === language) return;
    await this.settings.update((cur) => ({
      ...cur,
      documentsLanguage: { ...cur.documentsLanguage, [id]: language },
    }));
  }

  async markUsed(presetId: string): Promise<void> {
    const id = await this.workspaceId();
    const s = await this.settings.load();
    if (s.lastExportPreset[id] === presetId) return;
    await this.settings.update((cur) => ({
      ...cur,
      lastExportPreset: { ...cur.lastExportPreset, [id]: presetId },
    }));
  }
}
