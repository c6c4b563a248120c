/**
 * Posts a Project Updated call to a receiver, as the service would (strict form encoding, no
 * retry, no redirect followed), and says what came back: the reply's status with its meaning and
 * message, or exactly why there is none (timeout, TLS, refused, not XML, no status, …). Never
 * throws: every outcome is a result.
 */
import { request as httpRequest, type IncomingMessage } from 'node:http';
import { request as httpsRequest } from 'node:https';
import { formEncode } from '../../src-shared/webhook/form-encoding';
import {
  maskKey,
  statusMeaning,
  type WebhookFailure,
  type WebhookTestResult,
} from '../../src-shared/webhook/types';
import { waitText } from './project-updated';
import { readReply } from '../../src-shared/webhook/reply-xml';

export const WEBHOOK_TEST_TIMEOUT_MS = 10_000;
const MAX_REPLY_BYTES = 1024 * 1024;

export interface SendOptions {
  url: string;
  fields: readonly (readonly [string, string])[];
  keySent: 'placeholder' | 'real';
  timeoutMs?: number;
}

/** Loopback receivers may be plain http (a local listener, the simulator); anything else must be https. */
export function isLoopbackHost(hostname: string): boolean {
  const h = hostname.replace(/^\[|\]$/g, '').toLowerCase();
  return h === 'localhost' || h === '::1' || /^127(?:\.\d{1,3}){3}$/.test(h);
}

/** Why this address cannot be sent to, or null when it can. */
export function checkReceiverUrl(url: string): { reason: WebhookFailure; detail: string } | null {
  let u: URL;
  try {
    u = new URL(url);
  } catch {
    return { reason: 'bad-url', detail: 'it is not a complete web address' };
  }
  if (u.protocol !== 'https:' && u.protocol !== 'http:') {
    return { reason: 'bad-url', detail: `${u.protocol} is not a web address` };
  }
  if (u.username || u.password) return { reason: 'bad-url', detail: 'it holds a user name or password' };
  if (u.protocol === 'http:' && !isLoopbackHost(u.hostname)) {
    return { reason: 'not-https', detail: 'only https, except for this computer (localhost, 127.0.0.1)' };
  }
  return null;
}

const TLS_CODES =
  /^(?:ERR_TLS_|ERR_SSL_|CERT_|EPROTO$|DEPTH_ZERO_SELF_SIGNED_CERT$|SELF_SIGNED_CERT_IN_CHAIN$|UNABLE_TO_)/;

function networkFailure(err: NodeJS.ErrnoException): { reason: WebhookFailure; detail: string } {
  const code = err.code ?? '';
  const text = `${code ? `${code}: ` : ''}${err.message}`.slice(0, 200);
  if (TLS_CODES.test(code)) return { reason: 'tls', detail: text };
  if (code === 'ECONNREFUSED') return { reason: 'refused', detail: text };
  if (code === 'ENOTFOUND' || code === 'EAI_AGAIN') return { reason: 'dns', detail: text };
  return { reason: 'network', detail: text };
}

export async function sendProjectUpdated(o: SendOptions): Promise<WebhookTestResult> {
  const started = performance.now();
  const sentAt = new Date().toISOString();
  const fields = o.fields.map(([name, value]) => ({
    name,
    value: name === 'key' && o.keySent === 'real' ? maskKey(value) : value,
  }));
  const base = { url: o.url, sentAt, keySent: o.keySent, fields };
  const result = (
    outcome: Partial<Pick<WebhookTestResult, 'httpStatus' | 'status' | 'message'>> & {
      failure?: WebhookTestResult['failure'];
    },
  ): WebhookTestResult => ({
    ...base,
    durationMs: Math.round(performance.now() - started),
    httpStatus: outcome.httpStatus ?? null,
    status: outcome.status ?? null,
    meaning: outcome.status === undefined || outcome.status === null ? null : statusMeaning(outcome.status),
    message: outcome.message ?? null,
    failure: outcome.failure ?? null,
  });

  const refused = checkReceiverUrl(o.url);
  if (refused) return result({ failure: refused });
  const target = new URL(o.url);
  const body = Buffer.from(formEncode(o.fields), 'latin1');
  const timeoutMs = o.timeoutMs ?? WEBHOOK_TEST_TIMEOUT_MS;
  const send = target.protocol === 'https:' ? httpsRequest : httpRequest;

  return new Promise<WebhookTestResult>((resolve) => {
    let settled = false;
    const finish = (r: WebhookTestResult) => {
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
      finish(
        result({
          failure: { reason: 'timeout', detail: `no answer within ${waitText(timeoutMs)}` },
        }),
      );
      req.destroy();
    }, timeoutMs);
    req.on('error', (err: NodeJS.ErrnoException) => finish(result({ failure: networkFailure(err) })));
    req.on('response', (res: IncomingMessage) => {
      const httpStatus = res.statusCode ?? 0;
      const chunks: Buffer[] = [];
      let total = 0;
      res.on('data', (c: Buffer) => {
        total += c.length;
        if (total > MAX_REPLY_BYTES) {
          finish(
            result({
              httpStatus,
              failure: { reason: 'too-large', detail: `the reply is over ${MAX_REPLY_BYTES} bytes` },
            }),
          );
          res.destroy();
          return;
        }
        chunks.push(c);
      });
      res.on('error', (err: NodeJS.ErrnoException) =>
        finish(result({ httpStatus, failure: networkFailure(err) })),
      );
      res.on('end', () => {
        const text = Buffer.concat(chunks).toString('utf8');
        if (httpStatus < 200 || httpStatus > 299) {
          const location = res.headers.location
            ? ` (redirect to ${res.headers.location.slice(0, 200)}, not followed)`
            : '';
          const start = text.trim().split(/\r?\n/)[0]?.slice(0, 120) ?? '';
          return finish(
            result({
              httpStatus,
              failure: {
                reason: 'http-status',
                detail: `HTTP ${httpStatus}${location}${start ? `: ${start}` : ''}`,
              },
            }),
          );
        }
        const reply = readReply(text);
        if (reply.kind === 'ok') finish(result({ httpStatus, status: reply.status, message: reply.message }));
        else finish(result({ httpStatus, failure: { reason: reply.kind, detail: reply.detail } }));
      });
    });
    req.end(body);
  });
}
