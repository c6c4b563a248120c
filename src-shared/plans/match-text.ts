/**
 * How a position's `location` (or a group's name) is compared with the plan's room and floor names:
 * blind to case, accents and whitespace, and to the typographic variants of apostrophes and dashes
 * ("Chambre d’enfant" is "chambre d'enfant"). Nothing else is loosened: no abbreviations, no
 * similar-looking names, no partial matches — a name that is not the same after this folding is not
 * the same room.
 */

/**
 * Characters no one types into a room name: control characters other than whitespace, and the
 * invisible format characters (zero-width spaces and joiners, bidirectional overrides, BOM, soft
 * hyphen). A text holding one is not compared at all (it could be made to look like any name).
 */
const HIDDEN =
  // eslint-disable-next-line no-control-regex -- finding control characters is the point
  /[\u0000-\u0008\u000e-\u001f\u007f-\u009f\u00ad\u061c\u180e\u200b-\u200f\u202a-\u202e\u2060-\u2064\u2066-\u206f\ufeff\ufff9-\ufffb]/u;

const HIDDEN_ALL = new RegExp(HIDDEN.source, 'gu');

/** Letters that carry no accent in Unicode's decomposition but are written plain by many users. */
const PLAIN_LETTERS: Readonly<Record<string, string>> = {
  ß: 'ss',
  ø: 'o',
  æ: 'ae',
  œ: 'oe',
  ł: 'l',
  đ: 'd',
  ð: 'd',
  þ: 'th',
  ı: 'i',
};

const APOSTROPHES = /[\u2018\u2019\u201b\u02bc\u02b9\u00b4\u0060\u2032]/g;
const DASHES = /[\u2010-\u2015\u2212\ufe58\ufe63\uff0d]/g;
const MARKS = /\p{M}+/gu;
const SPACES = /[\s\p{Z}]+/gu;
const PLAIN = /[ßøæœłđðþı]/g;

/** Whether a text holds a character that is never compared (see HIDDEN). */
export function hasHiddenCharacters(text: string): boolean {
  return HIDDEN.test(text);
}

/**
 * The form two names are compared in: '' for no text, null for a text with hidden characters.
 * "  Küche  Süd " → "kuchesud"; "Wohn-/Esszimmer" → "wohn-/esszimmer".
 */
export function matchKey(text: string | null | undefined): string | null {
  if (typeof text !== 'string') return '';
  if (HIDDEN.test(text)) return null;
  return text
    .normalize('NFKD')
    .replace(MARKS, '')
    .toLowerCase()
    .replace(PLAIN, (c) => PLAIN_LETTERS[c] ?? c)
    .replace(APOSTROPHES, "'")
    .replace(DASHES, '-')
    .replace(SPACES, '');
}

/** A text as it may be shown: hidden characters made visible as U+FFFD, cut at `max` characters. */
export function visibleText(text: string, max = 120): string {
  const shown = HIDDEN.test(text) ? text.replace(HIDDEN_ALL, '\ufffd') : text;
  return shown.length > max ? `${shown.slice(0, max - 1)}…` : shown;
}

/** Where a location may join a floor's name and a room's name ("Erdgeschoss / Küche", "Küche, EG"). */
const SEPARATOR = /\s+-\s+|[/>|,;:·\u2013\u2014\u00bb]/g;

/** Locations longer than this are compared whole only (a hostile text cannot cost a split per character). */
const MAX_SPLIT_LENGTH = 300;
/** At most this many places are tried where a location could be split. */
const MAX_SPLITS = 12;

/**
 * The two-part readings of a text: left and right of each separator, and "before (inside)" for a
 * text that ends in parentheses. Whole parts only; empty parts are left out.
 */
export function twoPartReadings(text: string): [string, string][] {
  if (text.length > MAX_SPLIT_LENGTH) return [];
  const out: [string, string][] = [];
  const paren = /^(.*\S)\s*\(([^()]*)\)\s*$/u.exec(text);
  if (paren) out.push([paren[1]!, paren[2]!]);
  SEPARATOR.lastIndex = 0;
  for (let m = SEPARATOR.exec(text); m && out.length < MAX_SPLITS; m = SEPARATOR.exec(text)) {
    const left = text.slice(0, m.index).trim();
    const right = text.slice(m.index + m[0].length).trim();
    if (left && right) out.push([left, right]);
  }
  return out;
}
