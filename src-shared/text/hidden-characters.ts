/**
 * Characters that change how text looks without being seen, and the one function that removes them
 * wherever a string PlanDesk did not write itself reaches a terminal, a file name, a window title, a
 * native dialog or a notification. Removed:
 * - terminal escape sequences, whole (CSI `ESC [ …`, OSC `ESC ] … BEL/ST`, other `ESC x`, and the
 *   8-bit C1 forms of CSI and OSC): a name holding one could move the cursor, rewrite earlier lines,
 *   change the window title or (in some terminals) worse;
 * - every other control character (C0, DEL, C1);
 * - the bidirectional marks, embeddings, overrides and isolates (U+200E/F, U+202A–E, U+2066–9,
 *   U+061C): "Rechnung\u202Efdp.exe" would otherwise be shown as "Rechnungexe.pdf".
 */

// eslint-disable-next-line no-control-regex
const OSC = /(?:\u001b\]|\u009d)[^\u0007\u001b\u009c]*(?:\u0007|\u001b\\|\u009c)?/g;
// eslint-disable-next-line no-control-regex
const CSI = /(?:\u001b\[|\u009b)[\u0030-\u003f]*[\u0020-\u002f]*[\u0040-\u007e]?/g;
// eslint-disable-next-line no-control-regex
const OTHER_ESCAPE = /\u001b[\u0020-\u002f]*[\u0030-\u007e]?/g;
const BIDI = '\\u061c\\u200e\\u200f\\u202a-\\u202e\\u2066-\\u2069';
/** Every hidden character, line breaks and tabs included. */
const HIDDEN = new RegExp(`[\\u0000-\\u001f\\u007f-\\u009f${BIDI}]`, 'g');
/** The same, but for the line feeds and tabs of a text's own layout. */
const HIDDEN_BUT_LAYOUT = new RegExp(`[\\u0000-\\u0008\\u000b-\\u001f\\u007f-\\u009f${BIDI}]`, 'g');
/** In JSON text, where line feeds are the layout's and nothing hidden may stand unescaped. */
const HIDDEN_IN_JSON = new RegExp(
  `[\\u0000-\\u0009\\u000b-\\u001f\\u007f-\\u009f${BIDI}\\u2028\\u2029]`,
  'g',
);
const LINE_BREAKS_AND_TABS = /[\t\n\v\f\r\u0085\u2028\u2029]+/g;

export interface HiddenCharacterOptions {
  /**
   * Keep the text's own line feeds and tabs (a CLI's output, a dialog's detail); `\r` goes. By
   * default a text becomes one line: each run of line breaks and tabs becomes one space.
   */
  keepLines?: boolean;
}

/** The text without escape sequences, control characters and bidirectional marks. */
export function withoutHiddenCharacters(text: string, options: HiddenCharacterOptions = {}): string {
  const clean = text.replace(OSC, '').replace(CSI, '').replace(OTHER_ESCAPE, '');
  if (options.keepLines) return clean.replace(/\r\n?/g, '\n').replace(HIDDEN_BUT_LAYOUT, '');
  return clean.replace(LINE_BREAKS_AND_TABS, ' ').replace(HIDDEN, '');
}

/**
 * JSON text (JSON.stringify's) with every hidden character written as its `\uXXXX` escape: the same
 * data for a program that reads it, nothing a terminal acts on or shows reordered. Outside strings
 * JSON holds no such character, so only string contents change.
 */
export function jsonWithHiddenCharactersEscaped(json: string): string {
  return json.replace(HIDDEN_IN_JSON, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);
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
