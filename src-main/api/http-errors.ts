/**
 * The service's HTTP errors: a status and an error body (in any of the shapes the live service
 * sends) turned into a ServiceError of a known kind.
 */
import type { ErrorKind } from '../../src-shared/errors/service-error';
import { ServiceError } from '../errors/service-error';
import { InternalMarkerError } from '../../src-shared/json/exact-json';

const DEFAULT_MESSAGES: Record<number, [ErrorKind, string]> = {
  400: ['validation', 'The service rejected the request as invalid.'],
  401: [
    'auth',
    'The service rejected the credentials: the customer ID or API key is wrong, or the key was revoked.',
  ],
  403: ['auth', 'The service refused access to this resource.'],
  404: [
    'not-found',
    'The service has no such resource (it may have been deleted, or belongs to another workspace).',
  ],
  429: ['rate-limit', 'The service is limiting requests right now. Try again in a few minutes.'],
};

/** Maps an HTTP error status and the service's own words to a ServiceError. */
export function errorForStatus(status: number, body: ServiceErrorBody): ServiceError {
  const [kind, fallback] =
    DEFAULT_MESSAGES[status] ??
    (status >= 500
      ? (['server', `The service had an internal error (HTTP ${status}). Try again shortly.`] as const)
      : status >= 400
        ? (['validation', `The service rejected the request (HTTP ${status}).`] as const)
        : ([
            'invalid-response',
            `The service answered with an unexpected status (HTTP ${status}).`,
          ] as const));
  // For auth errors our sentence says what to do; the service's own words are added, not substituted.
  let message = fallback;
  if (body.message && kind === 'validation') message = body.message;
  else if (body.message && kind !== 'server') message = `${fallback} (${body.message})`;
  return new ServiceError(kind, message, status, body.fieldErrors, body.message);
}

export interface ServiceErrorBody {
  message?: string;
  fieldErrors?: Record<string, string[]>;
}

/**
 * Reads an error body in any of the shapes seen: `{message, details}`, `{message, data: ""}`,
 * `{message, data: {errors}}`, `{errors}`, `{error}`, or bare text. Order: message, data (string),
 * data.errors, errors, error, details.
 */
export function parseErrorBody(text: string): ServiceErrorBody {
  const trimmed = text.trim();
  if (!trimmed) return {};
  let json: unknown;
  try {
    json = JSON.parse(trimmed);
  } catch {
    // Bare text (or HTML from a proxy): keep a short single line of it.
    return {
      message: clip(
        trimmed
          .replace(/<[^>]*>/g, ' ')
          .replace(/\s+/g, ' ')
          .trim(),
      ),
    };
  }
  if (typeof json !== 'object' || json === null) return { message: clip(String(json)) };
  const o = json as Record<string, unknown>;
  const data = o.data;
  const dataErrors = isRecord(data) ? data.errors : undefined;
  const message =
    str(o.message) ??
    str(data) ??
    (isRecord(o.error) ? str(o.error.message) : str(o.error)) ??
    flattenMessages(dataErrors) ??
    flattenMessages(o.errors) ??
    (isRecord(o.details) ? str(o.details.message) : str(o.details));
  const fieldErrors =
    fieldsOf(dataErrors) ??
    fieldsOf(o.errors) ??
    (isRecord(o.details) ? fieldsOf(o.details.fields ?? o.details) : undefined);
  const out: ServiceErrorBody = {};
  if (message) out.message = clip(message);
  if (fieldErrors) out.fieldErrors = fieldErrors;
  return out;
}

function isRecord(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

function str(v: unknown): string | undefined {
  return typeof v === 'string' && v.trim() !== '' ? v.trim() : undefined;
}

function clip(s: string): string {
  return s.length > 300 ? s.slice(0, 297) + '…' : s;
}

function fieldsOf(v: unknown): Record<string, string[]> | undefined {
  if (!isRecord(v)) return undefined;
  const out: Record<string, string[]> = {};
  for (const [field, msgs] of Object.entries(v)) {
    if (typeof msgs === 'string') out[field] = [msgs];
    else if (Array.isArray(msgs)) out[field] = msgs.filter((m): m is string => typeof m === 'string');
  }
  return Object.keys(out).length > 0 ? out : undefined;
}

function flattenMessages(v: unknown): string | undefined {
  if (typeof v === 'string') return str(v);
  if (Array.isArray(v)) return str(v.filter((x) => typeof x === 'string').join('; '));
  const fields = fieldsOf(v);
  if (!fields) return undefined;
  return Object.entries(fields)
    .map(([f, m]) => `${f}: ${m.join(', ')}`)
    .join('; ');
}

/**
 * A success whose JSON PlanDesk could not read: malformed, or holding an object shaped like its own
 * exact-number marker (src-shared/json/exact-json.ts), which it refuses rather than take for a number.
 */
export function unreadableAnswer(err: unknown, status: number): ServiceError {
  return new ServiceError(
    'invalid-response',
    err instanceof InternalMarkerError
      ? 'The service sent a document PlanDesk refuses: an object in it is shaped like PlanDesk’s internal number marker.'
      : 'The service sent an answer PlanDesk could not read (malformed JSON).',
    status,
  );
}
