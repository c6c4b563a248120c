/**
 * Characters that change how text looks without being seen: the one list of them, and the functions
 * that deal with them wherever a string PlanDesk did not write itself reaches a terminal, a file
 * name, a window title, a native dialog, a notification, or a comparison of names. They are:
 * - terminal escape sequences, whole (CSI `ESC [ …`, OSC `ESC ] … BEL/ST`, other `ESC x`, and the
 *   8-bit C1 forms of CSI and OSC): a name holding one could move the cursor, rewrite earlier lines,
 *   change the window title or (in some terminals) worse;
 * - every other control character (C0, DEL, C1);
 * - the bidirectional marks, embeddings, overrides and isolates (U+200E/F, U+202A–E, U+2066–9,
 *   U+061C): "Rechnung\u202Efdp.exe" would otherwise be shown as "Rechnungexe.pdf";
 * - the invisible format characters: zero-width space, word joiner and the invisible operators, the
 *   byte order mark, the soft hyphen, the Mongolian vowel separator, the interlinear annotation
 *   marks, the deprecated format characters, and the tag characters (U+E0000–E007F), which can
 *   carry a whole hidden text behind a visible one.
 * The zero-width joiner and non-joiner (U+200C/D) are part of how some scripts and emoji are written:
 * text shown keeps them, but a name holding one is never taken for another name (`hasHiddenCharacters`).
 */

const BIDI = '\\u061c\\u200e\\u200f\\u202a-\\u202e\\u2066-\\u2069';
/** Invisible format characters other than the joiners (see above). */
const INVISIBLE =
  '\\u00ad\\u180e\\u200b\\u2060-\\u2064\\u206a-\\u206f\\ufeff\\ufff9-\\ufffb\\u{e0000}-\\u{e007f}';
const JOINERS = '\\u200c\\u200d';
/** Line breaks and tabs: the layout of a text, never hidden in it, but never kept in one line. */
const LAYOUT = '\\t\\n\\v\\f\\r\\u0085\\u2028\\u2029';

// eslint-disable-next-line no-control-regex
const OSC = /(?:\u001b\]|\u009d)[^\u0007\u001b\u009c]*(?:\u0007|\u001b\\|\u009c)?/g;
// eslint-disable-next-line no-control-regex
const CSI = /(?:\u001b\[|\u009b)[\u0030-\u003f]*[\u0020-\u002f]*[\u0040-\u007e]?/g;
// eslint-disable-next-line no-control-regex
const OTHER_ESCAPE = /\u001b[\u0020-\u002f]*[\u0030-\u007e]?/g;
/** Every hidden character, line breaks and tabs included. */
const HIDDEN = new RegExp(`[\\u0000-\\u001f\\u007f-\\u009f${BIDI}${INVISIBLE}]`, 'gu');
/** The same, but for the line feeds and tabs of a text's own layout. */
const HIDDEN_BUT_LAYOUT = new RegExp(
  `[\\u0000-\\u0008\\u000b-\\u001f\\u007f-\\u009f${BIDI}${INVISIBLE}]`,
  'gu',
);
/**
 * What makes a name unfit to compare: a hidden character that is not the text's layout (tabs and the
 * line breaks of C0 are whitespace there; every C1 control is hidden), the joiners included.
 */
const HIDDEN_IN_NAME = new RegExp(
  `[\\u0000-\\u0008\\u000e-\\u001f\\u007f-\\u009f${BIDI}${INVISIBLE}${JOINERS}]`,
  'u',
);
const HIDDEN_IN_NAME_ALL = new RegExp(HIDDEN_IN_NAME.source, 'gu');
/** In JSON text, where line feeds are the layout's and nothing hidden may stand unescaped. */
const HIDDEN_IN_JSON = new RegExp(
  `[\\u0000-\\u0009\\u000b-\\u001f\\u007f-\\u009f${BIDI}${INVISIBLE}\\u2028\\u2029]`,
  'gu',
);
const LINE_BREAKS_AND_TABS = new RegExp(`[${LAYOUT}]+`, 'g');

export interface HiddenCharacterOptions {
  /**
   * Keep the text's own line feeds and tabs (a CLI's output, a dialog's detail); `\r` goes. By
   * default a text becomes one line: each run of line breaks and tabs becomes one space.
   */
  keepLines?: boolean;
}

/** The text without escape sequences, control characters, bidirectional marks and invisible characters. */
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
  // A tag character is two UTF-16 units: each is written as its own escape, as JSON has it.
  return json.replace(HIDDEN_IN_JSON, (c) =>
    [...Array(c.length).keys()].map((i) => `\\u${c.charCodeAt(i).toString(16).padStart(4, '0')}`).join(''),
  );
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

/** Whether a name holds a hidden character (see HIDDEN_IN_NAME): such a name is never compared. */
export function hasHiddenCharacters(text: string): boolean {
  return HIDDEN_IN_NAME.test(text);
}

/**
 * A text the service sent as it may be shown on one line: each hidden character made visible as
 * U+FFFD (so the user sees that something is there), escape sequences included, and each run of line
 * breaks and tabs one space.
 */
export function hiddenCharactersMarked(text: string): string {
  return text.replace(HIDDEN_IN_NAME_ALL, '\ufffd').replace(LINE_BREAKS_AND_TABS, ' ');
}
