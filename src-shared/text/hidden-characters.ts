/**
 * Characters that change how text looks without being seen: control characters (C0, DEL, C1) and
 * the bidirectional marks and overrides (U+200E/F, U+202A–E, U+2066–9, U+061C). A name from the
 * service with a right-to-left override ("Rechnung\u202Efdp.exe") would otherwise be shown as
 * "Rechnungexe.pdf". Every name PlanDesk shows or writes to disk loses them first.
 */
// eslint-disable-next-line no-control-regex
const HIDDEN = /[\u0000-\u001f\u007f-\u009f\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]/g;
const LINE_BREAKS_AND_TABS = /[\t\n\v\f\r\u0085]+/g;

/** The text without hidden characters; tabs and line breaks become one space. */
export function withoutHiddenCharacters(text: string): string {
  return text.replace(LINE_BREAKS_AND_TABS, ' ').replace(HIDDEN, '');
}

/**
 * A string the service sent, fit to keep (in settings, say): no hidden characters, trimmed, at most
 * `maxLength` characters (code points; an ellipsis marks a cut).
 */
export function cappedServiceText(text: string, maxLength: number): string {
  const clean = withoutHiddenCharacters(text).trim();
  if (clean.length <= maxLength) return clean;
  const points = [...clean];
  if (points.length <= maxLength) return clean;
  return `${points
    .slice(0, Math.max(0, maxLength - 1))
    .join('')
    .trimEnd()}…`;
}
