/**
 * The service writes a moment two ways: ISO 8601 with an offset in lists, `YYYY-MM-DD HH:MM:SS` in
 * details (UTC, as the service's lists show the same moments). One reading of both, for every
 * comparison and ordering of the service's `created` and `modified`.
 */

const DETAIL_FORM = /^\d{4}-\d{2}-\d{2} \d{2}:\d{2}/;

/** Milliseconds since the epoch; null when there is no text or it is no moment. */
export function serviceMoment(text: string | null | undefined): number | null {
  if (!text) return null;
  const ms = Date.parse(DETAIL_FORM.test(text) ? `${text.replace(' ', 'T')}Z` : text);
  return Number.isNaN(ms) ? null : ms;
}

/** Whether two texts are the same moment, however each is written (or the same text). */
export function sameServiceMoment(a: string, b: string): boolean {
  if (a === b) return true;
  const x = serviceMoment(a);
  return x !== null && x === serviceMoment(b);
}
