/** The catalogue's words for the webhook's status meanings and for why a test call failed (UI and CLI). */
import type { MessageKey } from '../i18n/catalogue';
import type { WebhookFailure, WebhookStatusMeaning } from './types';

export const MEANING_KEYS: Record<WebhookStatusMeaning, MessageKey> = {
  success: 'webhook.meaning.success',
  'invalid-key': 'webhook.meaning.invalid-key',
  parameter: 'webhook.meaning.parameter',
  'user-unknown': 'webhook.meaning.user-unknown',
  'listing-unknown': 'webhook.meaning.listing-unknown',
  unknown: 'webhook.meaning.unknown',
};

export const FAILURE_KEYS: Record<WebhookFailure, MessageKey> = {
  'bad-url': 'webhook.failure.bad-url',
  'not-https': 'webhook.failure.not-https',
  timeout: 'webhook.failure.timeout',
  tls: 'webhook.failure.tls',
  refused: 'webhook.failure.refused',
  dns: 'webhook.failure.dns',
  network: 'webhook.failure.network',
  'http-status': 'webhook.failure.http-status',
  'too-large': 'webhook.failure.too-large',
  'not-xml': 'webhook.failure.not-xml',
  'no-status': 'webhook.failure.no-status',
};
