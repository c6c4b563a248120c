/**
 * The Project Updated webhook as integrators see it: the reply's status values and what a test call
 * found. The spec lists four meanings against 0, 1, 14, 18 without pairing them; the service's own
 * documentation (docs/service-shapes.md) pairs them and adds 2.
 */

export const WEBHOOK_STATUSES = [0, 1, 2, 14, 18] as const;
export type WebhookStatus = (typeof WEBHOOK_STATUSES)[number];

export type WebhookStatusMeaning =
  'success' | 'invalid-key' | 'parameter' | 'user-unknown' | 'listing-unknown' | 'unknown';

const MEANINGS: Record<WebhookStatus, WebhookStatusMeaning> = {
  0: 'success',
  1: 'invalid-key',
  2: 'parameter',
  14: 'user-unknown',
  18: 'listing-unknown',
};

export function statusMeaning(status: number): WebhookStatusMeaning {
  return MEANINGS[status as WebhookStatus] ?? 'unknown';
}

export function isWebhookStatus(n: number): n is WebhookStatus {
  return (WEBHOOK_STATUSES as readonly number[]).includes(n);
}

/** Why a test call got no usable reply. */
export type WebhookFailure =
  | 'bad-url'
  | 'not-https'
  | 'timeout'
  | 'tls'
  | 'refused'
  | 'dns'
  | 'network'
  | 'http-status'
  | 'too-large'
  | 'not-xml'
  | 'no-status';

export interface WebhookTestRequest {
  url: string;
  /** Fields from this project (title, ids, listing, its export files' URLs); sample values without. */
  projectId?: string;
  /** Send the workspace's real API key instead of a placeholder (the user asked explicitly). */
  sendRealKey?: boolean;
}

export interface WebhookTestResult {
  url: string;
  /** ISO 8601 */
  sentAt: string;
  durationMs: number;
  keySent: 'placeholder' | 'real';
  /** What was posted, in order; a real key is shown masked. */
  fields: { name: string; value: string }[];
  httpStatus: number | null;
  status: number | null;
  meaning: WebhookStatusMeaning | null;
  message: string | null;
  /** Null when the receiver answered with an XML status (whichever it was). */
  failure: { reason: WebhookFailure; detail: string } | null;
}

/** The placeholder sent instead of the API key unless the user asks for the real one. */
export const PLACEHOLDER_KEY = 'plandesk-test-placeholder-key';

/** A key as it may be shown: none of its characters, only its length. */
export function maskKey(key: string): string {
  return `•••••••• (${key.length})`;
}
