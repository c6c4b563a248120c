import type { ErrorKind, ErrorValue } from '../../../src-shared/errors/service-error';
import type { UiLanguage } from '../i18n/languages';
import { translate, type MessageKey } from '../i18n/messages';

/** Every error kind, so tests and exhaustive checks can walk them. */
export const ERROR_KINDS = [
  'auth',
  'not-found',
  'validation',
  'rate-limit',
  'server',
  'network',
  'invalid-response',
  'cancelled',
  'config',
  'keychain',
  'disk-full',
  'damaged',
] as const satisfies readonly ErrorKind[];

type MissingKind = Exclude<ErrorKind, (typeof ERROR_KINDS)[number]>;
export const ALL_ERROR_KINDS_LISTED: [MissingKind] extends [never] ? true : never = true;

const KIND_KEYS: Record<ErrorKind, MessageKey> = {
  auth: 'error.auth',
  'not-found': 'error.not-found',
  validation: 'error.validation',
  'rate-limit': 'error.rate-limit',
  server: 'error.server',
  network: 'error.network',
  'invalid-response': 'error.invalid-response',
  cancelled: 'error.cancelled',
  config: 'error.config',
  keychain: 'error.keychain',
  'disk-full': 'error.disk-full',
  damaged: 'error.damaged',
};

const MAX_DETAIL = 300;

/**
 * Kinds whose message from main says something specific (which address, which field). For the
 * others main's message only restates the kind, which the translated summary says better, so only
 * the service's own words are added. A network error is the one translated sentence and nothing
 * more: main's words there are an English sentence around a socket's code (UND_ERR_SOCKET,
 * ECONNREFUSED), which is for the log, not for someone on a building site.
 */
const SPECIFIC_MAIN_MESSAGE = new Set<ErrorKind>(['config', 'invalid-response', 'validation', 'damaged']);

/**
 * The service's own words (or main's specific sentence), made safe to show: first line only (never
 * a stack), trimmed and shortened. Empty when there is nothing worth adding.
 */
export function errorDetail(error: ErrorValue): string {
  if (error.kind === 'cancelled') return '';
  const fromService = typeof error.serviceMessage === 'string' ? error.serviceMessage : '';
  const fromMain =
    SPECIFIC_MAIN_MESSAGE.has(error.kind) && typeof error.message === 'string' ? error.message : '';
  const raw = fromService || fromMain;
  const firstLine = (raw.split(/\r?\n/)[0] ?? '').trim();
  if (!firstLine || /^\s*at\s+\S+/.test(firstLine)) return '';
  return firstLine.length > MAX_DETAIL ? `${firstLine.slice(0, MAX_DETAIL - 1)}…` : firstLine;
}

/**
 * The detail worth adding to the translated sentence, and whose words it is: the service's own (its
 * language, not the user's) or main's sentence about this case. Null when there is none.
 */
export function errorDetailOf(error: ErrorValue): { text: string; fromService: boolean } | null {
  const text = errorDetail(error);
  if (!text) return null;
  const fromService = typeof error.serviceMessage === 'string' && error.serviceMessage.trim() !== '';
  return { text, fromService };
}

/** The translated sentence for the kind of error alone (a full disk: and where). */
export function errorSummary(error: ErrorValue, lang: UiLanguage): string {
  if (error.kind === 'disk-full' && typeof error.path === 'string' && error.path) {
    return translate(lang, 'error.disk-full-at', { path: error.path });
  }
  const key = KIND_KEYS[error.kind] ?? 'error.server';
  return translate(lang, key);
}

/**
 * One place that turns an error into words: the translated sentence for its kind, followed by the
 * service's own message when it said something (`Details: …`). Never a stack trace.
 */
export function describeError(
  error: ErrorValue,
  lang: UiLanguage,
  options: { withDetail?: boolean } = {},
): string {
  const summary = errorSummary(error, lang);
  const detail = options.withDetail === false ? '' : errorDetail(error);
  return detail ? `${summary} ${translate(lang, 'error.details', { message: detail })}` : summary;
}
