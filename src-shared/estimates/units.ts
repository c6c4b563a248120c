/**
 * Units of measure in a document's language. The service sends units as free text; the common
 * ones in English or German abbreviations are written the way the document's language writes them
 * (pcs → Stk. / pièce / un. / ud.), squares and cubes with their superscripts, and anything else is
 * left exactly as sent (PlanDesk never guesses a unit).
 */
import type { MessageKey, Translate } from '../i18n/catalogue';

const WORDS: Readonly<Record<string, MessageKey>> = {
  pcs: 'unit.pcs',
  pc: 'unit.pcs',
  piece: 'unit.pcs',
  pieces: 'unit.pcs',
  ea: 'unit.pcs',
  each: 'unit.pcs',
  stk: 'unit.pcs',
  'stk.': 'unit.pcs',
  stück: 'unit.pcs',
  h: 'unit.h',
  hr: 'unit.h',
  hrs: 'unit.h',
  hour: 'unit.h',
  hours: 'unit.h',
  std: 'unit.h',
  'std.': 'unit.h',
  day: 'unit.day',
  days: 'unit.day',
  set: 'unit.set',
  ls: 'unit.lumpSum',
  'lump sum': 'unit.lumpSum',
  psch: 'unit.lumpSum',
  'psch.': 'unit.lumpSum',
  pauschal: 'unit.lumpSum',
};

const SYMBOLS: Readonly<Record<string, string>> = { m2: 'm²', sqm: 'm²', m3: 'm³', cbm: 'm³' };

/** The unit as the document writes it; '' for none. */
export function unitText(unit: string | null | undefined, t: Translate): string {
  if (typeof unit !== 'string') return '';
  const trimmed = unit.trim();
  const key = trimmed.toLowerCase();
  const word = Object.hasOwn(WORDS, key) ? WORDS[key] : undefined;
  if (word) return t(word);
  return Object.hasOwn(SYMBOLS, key) ? SYMBOLS[key]! : trimmed;
}

/** The first spelling of each word above: what `unitKey` gives for any of its spellings. */
const FIRST_SPELLING = new Map<MessageKey, string>();
for (const [spelling, word] of Object.entries(WORDS))
  if (!FIRST_SPELLING.has(word)) FIRST_SPELLING.set(word, spelling);

/**
 * One spelling for the spellings of one unit (pcs, Stk., each → pcs; m2, sqm → m²), so positions can
 * be summed by unit; other units as sent, trimmed. Null for none. `unitText` of it reads the same.
 */
export function unitKey(unit: string | null | undefined): string | null {
  if (typeof unit !== 'string') return null;
  const trimmed = unit.trim();
  if (trimmed === '') return null;
  const key = trimmed.toLowerCase();
  const word = Object.hasOwn(WORDS, key) ? WORDS[key] : undefined;
  if (word) return FIRST_SPELLING.get(word)!;
  return Object.hasOwn(SYMBOLS, key) ? SYMBOLS[key]! : trimmed;
}
