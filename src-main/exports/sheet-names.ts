/**
 * Excel sheet names from estimate names: Excel refuses (or "repairs") a workbook whose sheet names
 * are longer than 31 characters, contain \ / ? * [ ] :, begin or end with an apostrophe, are blank,
 * are "History" (reserved), or repeat another sheet's name ignoring case.
 */

export const MAX_SHEET_NAME = 31;

const INVALID = /[\\/?*[\]:]/g;
// eslint-disable-next-line no-control-regex
const CONTROL = /[\u0000-\u001f\u007f]/g;

function fold(name: string): string {
  return name.toLocaleLowerCase('en-US');
}

/**
 * At most `max` UTF-16 units, never splitting a surrogate pair; trailing spaces and apostrophes
 * dropped, and when the text was cut, trailing punctuation too ("name, (2)" reads badly).
 */
function truncate(text: string, max: number): string {
  let out = '';
  for (const ch of text) {
    if (out.length + ch.length > max) return out.replace(/[\s'.,;\-–]+$/u, '');
    out += ch;
  }
  return out.replace(/[\s']+$/u, '');
}

/** The name with forbidden characters replaced, trimmed of spaces and apostrophes at the ends. */
export function cleanSheetName(name: string): string {
  return name
    .replace(CONTROL, ' ')
    .replace(INVALID, '_')
    .replace(/\s+/gu, ' ')
    .replace(/^[\s']+|[\s']+$/gu, '');
}

/** Hands out valid sheet names, unique within one workbook. */
export class SheetNamer {
  private readonly used = new Set<string>([fold('History')]);

  /**
   * A valid name for `wanted` (fallback when it is blank). `suffix` (e.g. " (flat)") is kept whole:
   * the base is shortened to make room for it. Repeats get " (2)", " (3)", ...
   */
  take(wanted: string, fallback: string, suffix = ''): string {
    const cleanSuffix = cleanSheetName(suffix) === '' ? '' : ` ${cleanSheetName(suffix)}`;
    let base = cleanSheetName(wanted);
    if (base === '') base = cleanSheetName(fallback) || 'Sheet';
    for (let n = 1; ; n++) {
      const counter = n === 1 ? '' : ` (${n})`;
      const room = Math.max(1, MAX_SHEET_NAME - cleanSuffix.length - counter.length);
      const head = truncate(base, room) || 'Sheet'.slice(0, room);
      const name = truncate(head + counter + cleanSuffix, MAX_SHEET_NAME);
      if (name !== '' && !this.used.has(fold(name))) {
        this.used.add(fold(name));
        return name;
      }
    }
  }
}
