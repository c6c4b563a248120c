/** Workspaces as the UI sees them: never a key. */
import type { UiLanguage } from '../i18n/languages';

export interface WorkspaceMeta {
  id: string;
  name: string;
  customer: string;
  language: UiLanguage;
  actingUser: string | null;
  /** The built-in demo workspace (simulator), not a real account. */
  demo: boolean;
  /** The service said the stored key is no longer valid (401): ask the user for a new one. */
  needsKey: boolean;
}

export interface WorkspaceList {
  workspaces: WorkspaceMeta[];
  activeId: string;
}

export interface WorkspaceSettings {
  name: string;
  webhookUrl: string | null;
}
