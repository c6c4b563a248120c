/**
 * Webhook addresses as the webhook test compares them (main decides, the workspace screen shows the
 * same): the workspace's own address may get a project's data and the real key; any other address is
 * a test receiver, which gets sample values after a native confirmation, and never a query string.
 */

/** Two spellings of one address (`HTTPS://Host/x` and `https://host/x`) are the same address. */
export function sameWebhookAddress(a: string, b: string): boolean {
  try {
    return new URL(a.trim()).href === new URL(b.trim()).href;
  } catch {
    return false;
  }
}

/** Whether the address carries a query (the part from "?"), which a test receiver is never sent. */
export function hasQuery(url: string): boolean {
  try {
    return new URL(url.trim()).search !== '';
  } catch {
    return false;
  }
}
