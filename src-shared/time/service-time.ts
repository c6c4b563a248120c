/**
 * The service's timestamps, read one way on both sides (main, the CLI, the renderer). Lists, files
 * and projects carry ISO 8601 with an offset; an estimate's detail carries `YYYY-MM-DD HH:MM:SS`
 * with no zone, and that is UTC: the list's `modified` of an estimate is the same moment as its
 * detail's read so. Any time written without a zone is UTC here, never this computer's local time
 * (which would make the same estimate's two stamps differ by the user's offset). How a moment is
 * then shown (the user's zone on screen, the service's own clock in a document) is the caller's.
 */

/** A date and time with no zone: `2026-01-05 08:00:00`, `2026-01-05T08:00`, with optional fraction. */
const WITHOUT_ZONE = /^(\d{4}-\d{2}-\d{2})[ T](\d{2}:\d{2}(?::\d{2}(?:\.\d{1,9})?)?)$/;
/** The calendar date a stamp starts with, as written. */
const DATE_AS_WRITTEN = /^\s*(\d{4})-(\d{2})-(\d{2})(?:$|[ T])/;

/** The moment a service timestamp names, in milliseconds since the epoch; null when unreadable. */
export function serviceMoment(text: string | null | undefined): number | null {
  if (typeof text !== 'string') return null;
  const trimmed = text.trim();
  if (trimmed === '') return null;
  const zoneless = WITHOUT_ZONE.exec(trimmed);
  const ms = Date.parse(zoneless ? `${zoneless[1]}T${zoneless[2]}Z` : trimmed);
  return Number.isNaN(ms) ? null : ms;
}

/** The same, as a Date. */
export function serviceTime(text: string | null | undefined): Date | null {
  const ms = serviceMoment(text);
  return ms === null ? null : new Date(ms);
}

/** Whether two stamps name the same moment (the list's ISO 8601 and the detail's form, say). */
export function sameServiceMoment(a: string, b: string): boolean {
  if (a === b) return true;
  const [x, y] = [serviceMoment(a), serviceMoment(b)];
  return x !== null && x === y;
}

/**
 * The calendar date a stamp was written with (`2025-11-03T23:30:00+05:00` is 3 November, whatever
 * the zone of whoever reads it), as UTC midnight; null when it starts with no valid date. Documents
 * print a quote's dates so: the date the estimator's service gave, the same on every computer.
 */
export function serviceDateAsWritten(text: string | null | undefined): Date | null {
  if (typeof text !== 'string') return null;
  const m = DATE_AS_WRITTEN.exec(text);
  if (!m) return null;
  const [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])];
  const date = new Date(Date.UTC(y, mo - 1, d));
  if (date.getUTCFullYear() !== y || date.getUTCMonth() !== mo - 1 || date.getUTCDate() !== d) return null;
  return date;
}
