/** Workspaces as the UI sees them: never a key. */
import type { ErrorValue } from '../errors/service-error';
import type { UiLanguage } from '../i18n/languages';
import type { Provenance } from '../offline/types';

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

export interface WorkspacePerson {
  name: string | null;
  email: string | null;
  role: string | null;
}

/**
 * The workspace as the service describes it (GET /workspace). The spec shows only `webhook_url`;
 * everything else is shown as sent, and only when sent.
 */
export interface WorkspaceDetails extends Partial<Provenance> {
  id: string | null;
  name: string;
  owner: WorkspacePerson | null;
  /** Null when the service sends no user list. */
  users: WorkspacePerson[] | null;
  formats: string[] | null;
  webhookUrl: string | null;
  /** Other fields holding a web address (a logo, …), by field name. */
  urls: { field: string; url: string }[];
  /** Other plain fields the service sent, by field name. */
  other: { field: string; value: string }[];
}

/** The connectivity check: GET /workspace, timed. */
export interface ConnectionCheck {
  ok: boolean;
  /** Round trip of the check in milliseconds (null when it failed). */
  roundTripMs: number | null;
  /** ISO 8601 */
  checkedAt: string;
  error: ErrorValue | null;
}
