/** Updates as the renderer sees them: whether this copy can update itself, and how far an update got. */
import type { MessageKey } from '../i18n/catalogue';

/**
 * Why this copy does not update itself: it runs from its sources (development), a package manager
 * installed it (deb, rpm: that manager updates it), or it is a kind of install that cannot replace
 * itself (an unpacked folder on Linux).
 */
export type UpdatesUnavailableReason = 'development' | 'package-manager' | 'unsupported';

export type UpdatePhase = 'idle' | 'checking' | 'downloading' | 'ready';

export interface UpdateStatus {
  /** Null when this copy can update itself; otherwise why not. */
  unavailable: UpdatesUnavailableReason | null;
  /** The user's setting: check at start and every few hours, download in the background. */
  automatic: boolean;
  phase: UpdatePhase;
  /** The version found (downloading) or downloaded (ready). */
  version: string | null;
  /** Percent downloaded, while downloading. */
  percent: number | null;
  /** The last check's failure, in the updater's words; null once a check succeeds. */
  failure: string | null;
}

/** What the UI and the update dialog say for each reason (the label catalogue's keys). */
export const UNAVAILABLE_MESSAGES: Record<UpdatesUnavailableReason, MessageKey> = {
  development: 'updates.offDevelopment',
  'package-manager': 'updates.offPackageManager',
  unsupported: 'updates.offUnsupported',
};
