/** Updates as the renderer sees them: whether this copy can update itself, and how far an update got. */
import type { MessageKey } from '../i18n/catalogue';

/**
 * Why this copy does not update itself: it runs from its sources (development), it was built
 * without a code-signing certificate on an OS where an update's publisher is checked against the
 * installed copy's (Windows, macOS: an unsigned copy could not tell its publisher's update from
 * anyone else's), or it is a kind of install that cannot replace itself (an unpacked folder on Linux).
 */
export type UpdatesUnavailableReason = 'development' | 'unsigned' | 'unsupported';

/**
 * How this copy installs an update it downloaded: by itself when PlanDesk restarts (Windows and
 * macOS, signed: the updater checks the update's publisher), or only when the user confirms it
 * (Linux: AppImage, deb and rpm are not code-signed, so automatic updates are off there);
 * `confirm-privileged`: the package manager installs it and asks for an administrator's password
 * (deb, rpm).
 */
export type UpdateInstall = 'restart' | 'confirm' | 'confirm-privileged';

export type UpdatePhase = 'idle' | 'checking' | 'downloading' | 'ready';

export interface UpdateStatus {
  /** Null when this copy can update itself; otherwise why not. */
  unavailable: UpdatesUnavailableReason | null;
  install: UpdateInstall;
  /**
   * Checks at start and every few hours, downloads in the background: the user's setting, and
   * always false where updates install only when the user confirms them.
   */
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
  unsigned: 'updates.offUnsigned',
  unsupported: 'updates.offUnsupported',
};

/** What the status bar's setting says where it is off because updates need the user's word. */
export const ON_REQUEST_MESSAGE: MessageKey = 'updates.onRequest';

/** The "ready" notice and dialog: a restart installs it, or the user's confirmation (and password). */
export const READY_MESSAGES: Record<UpdateInstall, { message: MessageKey; action: MessageKey }> = {
  restart: { message: 'updates.ready', action: 'updates.restart' },
  confirm: { message: 'updates.ready', action: 'updates.installNow' },
  'confirm-privileged': { message: 'updates.readyPrivileged', action: 'updates.installNow' },
};
