import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { ExportPreset } from '../../src-shared/exports/presets';
import { isUiLanguage, type UiLanguage } from '../../src-shared/i18n/languages';
import { appDataDir } from './data-dir';

/**
 * The export presets the app saved for a workspace, read (never written) from the app's
 * settings.json, so `plandesk export --preset "<name>"` uses the same presets as the app. The
 * workspace is the one with the same service address and customer ID; the demo workspace is `demo`.
 */
export async function savedPresets(
  env: NodeJS.ProcessEnv,
  workspace: { baseUrl: string; customer: string } | 'demo',
): Promise<ExportPreset[]> {
  const settings = await appSettings(env);
  if (!settings) return [];
  const id = appWorkspaceId(settings, workspace);
  const all = isRecord(settings.exportPresets) ? settings.exportPresets : {};
  const mine = typeof id === 'string' ? all[id] : undefined;
  // Each preset is checked again where it is used (normalizePreset): a hand-edited file cannot leak.
  return Array.isArray(mine) ? (mine.filter(isRecord) as unknown as ExportPreset[]) : [];
}

/** The language the app writes this workspace's documents in (chosen in its export dialog), if any. */
export async function savedDocumentsLanguage(
  env: NodeJS.ProcessEnv,
  workspace: { baseUrl: string; customer: string } | 'demo',
): Promise<UiLanguage | null> {
  const settings = await appSettings(env);
  const id = appWorkspaceId(settings, workspace);
  const all = isRecord(settings?.documentsLanguage) ? settings.documentsLanguage : {};
  const language = typeof id === 'string' ? all[id] : undefined;
  return isUiLanguage(language) ? language : null;
}

/** The app's settings.json, read (never written); null when there is none or it cannot be read. */
export async function appSettings(env: NodeJS.ProcessEnv): Promise<Record<string, unknown> | null> {
  try {
    const settings: unknown = JSON.parse(await readFile(join(appDataDir(env), 'settings.json'), 'utf8'));
    return isRecord(settings) ? settings : null;
  } catch {
    return null;
  }
}

/** The id the app gave the workspace with this service address and customer ID, if it has one. */
export function appWorkspaceId(
  settings: Record<string, unknown> | null,
  workspace: { baseUrl: string; customer: string } | 'demo',
): string | undefined {
  if (workspace === 'demo') return 'demo';
  const workspaces = Array.isArray(settings?.workspaces) ? settings.workspaces.filter(isRecord) : [];
  const id = workspaces.find((w) => w.baseUrl === workspace.baseUrl && w.customer === workspace.customer)?.id;
  return typeof id === 'string' ? id : undefined;
}

function isRecord(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}
