/**
 * How a position's `location` (or a group's name) is compared with the plan's room and floor names:
 * blind to case, accents and whitespace, and to the typographic variants of apostrophes and dashes
 * ("Chambre d’enfant" is "chambre d'enfant"). Nothing else is loosened: no abbreviations, no
 * similar-looking names, no partial matches — a name that is not the same after this folding is not
 * the same room. A text holding a hidden character (src-shared/text/hidden-characters.ts: controls,
 * bidirectional marks, zero-width and tag characters) is not compared at all: it could be made to
 * look like any name.
 */
import { hasHiddenCharacters, hiddenCharactersMarked } from '../text/hidden-characters';

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

/**
 * The form two names are compared in: '' for no text, null for a text with hidden characters.
 * "  Küche  Süd " → "kuchesud"; "Wohn-/Esszimmer" → "wohn-/esszimmer".
 */
export function matchKey(text: string | null | undefined): string | null {
  if (typeof text !== 'string') return '';
  if (hasHiddenCharacters(text)) return null;
  return text
    .normalize('NFKD')
    .replace(MARKS, '')
    .toLowerCase()
    .replace(PLAIN, (c) => PLAIN_LETTERS[c] ?? c)
    .replace(APOSTROPHES, "'")
    .replace(DASHES, '-')
    .replace(SPACES, '');
}

/**
 * A name or location as it may be shown: on one line, hidden characters made visible as U+FFFD, cut
 * at `max` characters (never inside a character).
 */
export function visibleText(text: string, max = 120): string {
  const shown = hiddenCharactersMarked(text);
  if (shown.length <= max) return shown;
  const points = [...shown];
  return points.length <= max ? shown : `${points.slice(0, max - 1).join('')}…`;
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
