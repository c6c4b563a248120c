/** What the app tells the renderer about itself, and the notices it must show once. */
import type { UiLanguage } from '../i18n/languages';

export interface AppInfo {
  version: string;
  language: UiLanguage;
  platform: string;
}

/**
 * Things the user must be told once, e.g. that a damaged file was moved aside (never deleted) and
 * PlanDesk started afresh. `path` is where the old file now is.
 */
export interface AppNotice {
  code: 'settings-recovered' | 'cache-recovered' | 'cache-unavailable';
  workspaceName?: string;
  path?: string;
}
