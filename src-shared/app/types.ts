/** What the app tells the renderer about itself, and the notices it must show once. */
import type { UiLanguage } from '../i18n/languages';

/** The appearance the user chose: the system's (light or dark, following it), or one of the two. */
export const THEMES = ['system', 'light', 'dark'] as const;
export type Theme = (typeof THEMES)[number];

export interface AppInfo {
  version: string;
  language: UiLanguage;
  platform: string;
  theme: Theme;
}

/** Every notice main can send: the renderer shows these and ignores anything else. */
export const APP_NOTICE_CODES = [
  'settings-recovered',
  'cache-recovered',
  'cache-unavailable',
  'data-moved-aside',
  'data-folder-unwritable',
  'keys-in-file',
  'keys-moved-to-keychain',
  'outbox-recovered',
  'disk-full',
] as const;
export type AppNoticeCode = (typeof APP_NOTICE_CODES)[number];

/**
 * Things the user must be told once, e.g. that a damaged file was moved aside (never deleted) and
 * PlanDesk started afresh. `path` is where the old file now is.
 */
export interface AppNotice {
  /**
   * `data-moved-aside`: something in the way of one of PlanDesk's folders (a file named `logs`) was
   * moved to `path`; `data-folder-unwritable`: the data folder (`path`) cannot be written, so
   * settings and offline copies are not saved; `keys-in-file`: the OS keychain cannot be reached,
   * so API keys are kept in `path`, encrypted by `protection` (the OS's own: DPAPI, the macOS
   * Keychain, the desktop's wallet); `keys-moved-to-keychain`: they moved from `path` into the keychain.
   */
  code: AppNoticeCode;
  workspaceName?: string;
  path?: string;
  protection?: string;
  /**
   * `outbox-recovered`: after a damaged or lost record (or a damaged cache), which uploads wait,
   * which need their file chosen again, and copies no record names (`kept`: where they are); or
   * copies of a workspace no longer set up (`unlisted`: where they are; nothing sends them).
   * `disk-full`: `path` is where PlanDesk could not write.
   */
  waiting?: string[];
  needFile?: string[];
  kept?: string[];
  unlisted?: string[];
}
