import type { MessageKey } from '../../i18n/messages';
import { looksLikeEmail } from '../projects/validation';

export interface WorkspaceDraft {
  customer: string;
  key: string;
  baseUrl: string;
  actingUser: string;
}

export type WorkspaceField = keyof WorkspaceDraft;

/** Main's argument names (and snake_case variants) → the form's fields. */
export const WORKSPACE_FIELD_MAP: Record<string, WorkspaceField> = {
  customer: 'customer',
  key: 'key',
  baseUrl: 'baseUrl',
  base_url: 'baseUrl',
  actingUser: 'actingUser',
  acting_user: 'actingUser',
};

const LOOPBACK = new Set(['127.0.0.1', 'localhost', '[::1]']);

/**
 * The service address must be a full https URL. Plain http is accepted only on this computer
 * (the built-in simulator); main applies the same rule and has the last word.
 */
export function checkBaseUrl(text: string): MessageKey | null {
  const value = text.trim();
  if (!value) return 'addWorkspace.errBaseUrl';
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return 'addWorkspace.errBaseUrlHttps';
  }
  if (url.protocol === 'https:' && url.hostname) return null;
  if (url.protocol === 'http:' && LOOPBACK.has(url.hostname)) return null;
  return 'addWorkspace.errBaseUrlHttps';
}

export function validateWorkspaceDraft(draft: WorkspaceDraft): Partial<Record<WorkspaceField, MessageKey>> {
  const errors: Partial<Record<WorkspaceField, MessageKey>> = {};
  if (!draft.customer.trim()) errors.customer = 'addWorkspace.errCustomer';
  if (!draft.key.trim()) errors.key = 'addWorkspace.errKey';
  const url = checkBaseUrl(draft.baseUrl);
  if (url) errors.baseUrl = url;
  if (draft.actingUser.trim() && !looksLikeEmail(draft.actingUser))
    errors.actingUser = 'addWorkspace.errActingUser';
  return errors;
}
