/**
 * Delivery of the Project Updated webhook and reading of the receiver's XML reply.
 * Never throws: every failure is reported in the result, as the app shows it to the user.
 */
import { request as httpRequest, type IncomingMessage } from 'node:http';
import { request as httpsRequest } from 'node:https';
import { decodeXmlText } from '../src-shared/webhook/reply-xml';
import { formEncode } from './percent-encoding';
import type { WebhookResult } from './sim-types';

export const WEBHOOK_TIMEOUT_MS = 10_000;
const MAX_REPLY_BYTES = 1024 * 1024;

const STATUS_MEANINGS: Record<number, string> = {
  1: 'invalid API key',
  2: 'parameter missing or invalid',
  14: 'user reference or e-mail does not exist',
  18: 'listing does not exist',
};

/** Finds `<status>` and `<message>` wherever they are: the root element's name is not documented. */
export function parseWebhookReply(text: string): { status?: number; message?: string } {
  const out: { status?: number; message?: string } = {};
  const status = /<status(?:\s[^>]*)?>([\s\S]*?)<\/status\s*>/.exec(text);
  if (status) {
    const value = decodeXmlText(status[1] as string).trim();
    if (/^-?\d+$/.test(value)) out.status = Number(value);
  }
  const message = /<message(?:\s[^>]*)?>([\s\S]*?)<\/message\s*>/.exec(text);
  if (message) out.message = decodeXmlText(message[1] as string).trim();
  else if (/<message(?:\s[^>]*)?\/>/.test(text)) out.message = '';
  return out;
}

export async function deliverWebhook(
  url: string,
  params: readonly (readonly [string, string])[],
  timeoutMs = WEBHOOK_TIMEOUT_MS,
): Promise<WebhookResult> {
  let target: URL;
  try {
    target = new URL(url);
  } catch {
    return { delivered: false, url, error: 'Webhook URL is not a valid URL' };
  }
  if (target.protocol !== 'http:' && target.protocol !== 'https:') {
    return { delivered: false, url, error: 'Webhook URL must use http or https' };
  }
  const body = Buffer.from(formEncode(params), 'latin1');
  const send = target.protocol === 'https:' ? httpsRequest : httpRequest;

  return new Promise<WebhookResult>((resolve) => {
    let settled = false;
    const finish = (r: WebhookResult) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      resolve(r);
    };
    const req = send(target, {
      method: 'POST',
      agent: false,
      headers: {
        'Content-Type': 'application/x-www-form-urlencoded',
        'Content-Length': body.length,
        Connection: 'close',
      },
    });
    const timer = setTimeout(() => {
      finish({ delivered: false, url, error: `Webhook did not answer within ${timeoutMs / 1000} s` });
      req.destroy();
    }, timeoutMs);
    req.on('error', (err: NodeJS.ErrnoException) => {
      finish({ delivered: false, url, error: `Webhook could not be reached: ${err.code ?? err.message}` });
    });
    req.on('response', (res: IncomingMessage) => {
      const chunks: Buffer[] = [];
      let total = 0;
      res.on('data', (c: Buffer) => {
        total += c.length;
        if (total <= MAX_REPLY_BYTES) chunks.push(c);
      });
      res.on('error', (err) =>
        finish({ delivered: false, url, error: `Webhook reply broke off: ${err.message}` }),
      );
      res.on('end', () => {
        const httpStatus = res.statusCode ?? 0;
        if (httpStatus < 200 || httpStatus > 299) {
          return finish({ delivered: false, url, httpStatus, error: `Webhook answered HTTP ${httpStatus}` });
        }
        const reply = parseWebhookReply(Buffer.concat(chunks).toString('utf8'));
        const result: WebhookResult = { delivered: true, url, httpStatus, ...reply };
        if (reply.status === undefined) result.error = 'Webhook reply has no <status> element';
        else if (reply.status !== 0) {
          const meaning = STATUS_MEANINGS[reply.status] ?? 'unknown status';
          result.error = `Webhook answered status ${reply.status} (${meaning})`;
        }
        finish(result);
      });
    });
    req.end(body);
  });
}
