import type { MessageKey } from '../../i18n/messages';

/** Service field names → the settings form's one field. */
export const WEBHOOK_FIELD_MAP: Record<string, 'webhookUrl'> = {
  webhook_url: 'webhookUrl',
  webhookUrl: 'webhookUrl',
  url: 'webhookUrl',
};

/**
 * The webhook address must be a full https:// address with a host and without a user name or
 * password in it (main applies the same rule and has the last word). Empty is not an address: the
 * Clear button removes the webhook.
 */
export function checkWebhookUrl(text: string): MessageKey | null {
  const value = text.trim();
  if (!value) return 'settings.errWebhookEmpty';
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return 'settings.errWebhookHttps';
  }
  if (url.protocol !== 'https:' || !url.hostname) return 'settings.errWebhookHttps';
  if (url.username || url.password) return 'settings.errWebhookCredentials';
  if (value.length > 2000) return 'settings.errWebhookLong';
  return null;
}
