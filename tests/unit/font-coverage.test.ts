/**
 * MissingGlyphs: which characters of a document's texts its font cannot print. The font here is a
 * stand-in that knows Latin only (the real Roboto is checked in tests/integration/export-pdf-glyphs).
 */
import { describe, expect, it } from 'vitest';
import { MISSING_SHOWN, MissingGlyphs, warnOfMissingGlyphs } from '../../src-main/exports/pdf/font-coverage';
import { exportWarningText, type ExportWarning } from '../../src-shared/exports/warnings';
import { translator } from '../../src-shared/i18n/catalogue';
import { cleanText } from '../../src-main/exports/parties';

/** A font with Latin up to U+024F, General Punctuation's dashes, quotes and signs, and €: nothing else. */
function latinFont(): { has: (cp: number) => boolean; asked: number[] } {
  const asked: number[] = [];
  return {
    asked,
    has: (cp) => {
      asked.push(cp);
      const latin = (cp >= 0x20 && cp <= 0x7e) || (cp >= 0xa0 && cp <= 0x24f);
      return latin || (cp >= 0x2010 && cp <= 0x203a) || cp === 0x20ac;
    },
  };
}

describe('MissingGlyphs', () => {
  it('finds nothing in Latin texts, and asks the font about each character once', () => {
    const font = latinFont();
    const glyphs = new MissingGlyphs(font.has);
    const askedAtStart = font.asked.length;
    glyphs.scan('Bäckström & Søn – „Façade“ Crépi, 12,50 €\u00a0m²');
    glyphs.scan('Ǆ Ǆ Ǆ and ǅ');
    expect(glyphs.commonCovered).toBe(true);
    expect(glyphs.result()).toEqual({ characters: [], count: 0 });
    // The common characters were asked at the start; after that only what lies beyond them, once each.
    expect(font.asked.slice(askedAtStart)).toEqual([0x1c4, 0x1c5]);
  });

  it('names the missing characters in the order met, once each, whole (not halves of a pair)', () => {
    const glyphs = new MissingGlyphs(latinFont().has);
    glyphs.scan('北京 Bau GmbH 北');
    glyphs.scan('Küche 🏠 and 京');
    expect(glyphs.result()).toEqual({ characters: ['北', '京', '🏠'], count: 3 });
  });

  it('ignores what prints no glyph of its own: breaks, zero-width and direction marks, joiners, selectors', () => {
    const glyphs = new MissingGlyphs(latinFont().has);
    glyphs.scan('Putz\nauf\tMauer\u200bwerk\r\n');
    glyphs.scan('Müller\u200e GmbH \u202eevil\u202c \ufeff\u2060');
    expect(glyphs.result().count).toBe(0);
    // An emoji with its variation selector, a family joined by zero-width joiners: the pictures only.
    glyphs.scan('Bad ❤\ufe0f 👨\u200d👩\u200d👧');
    expect(glyphs.result()).toEqual({ characters: ['❤', '👨', '👩', '👧'], count: 4 });
  });

  it('ignores half a surrogate pair (a text cut in the middle of an emoji)', () => {
    const glyphs = new MissingGlyphs(latinFont().has);
    glyphs.scan('Küche \ud83c');
    glyphs.scan('\udfe0 Bad');
    expect(glyphs.result().count).toBe(0);
  });

  it('finds no half pair where a long text is cut: cleanText cuts before a character, not inside it', () => {
    // "…🏠🏠" cut to 5 code units: the cut falls inside the second house, which goes whole.
    expect(cleanText('abc🏠🏠', 5)).toBe('abc…');
    expect(cleanText('ab🏠🏠', 5)).toBe('ab🏠…');
    expect(cleanText('abcdefg', 5)).toBe('abcd…');
  });

  it('counts every missing character but names only the first few', () => {
    const glyphs = new MissingGlyphs(latinFont().has);
    const many = Array.from({ length: MISSING_SHOWN + 5 }, (_, i) => String.fromCodePoint(0x4e00 + i)).join(
      '',
    );
    glyphs.scan(many);
    const found = glyphs.result();
    expect(found.count).toBe(MISSING_SHOWN + 5);
    expect(found.characters).toEqual([...many].slice(0, MISSING_SHOWN));
  });

  it('reads the texts of pdfmake content: nested stacks, columns, tables and text arrays', () => {
    const glyphs = new MissingGlyphs(latinFont().has);
    glyphs.scanContent([
      { text: 'Angebot' },
      { stack: [{ text: ['Kunde: ', { text: 'Ω Ltd', bold: true }] }] },
      { columns: [{ text: 'שלום' }, { image: 'logo-北' }] },
      { table: { body: [[{ text: 'Ж' }, 'ф']] } },
    ]);
    // The image's name is not printed: not read.
    expect(glyphs.result().characters).toEqual(['Ω', 'ש', 'ל', 'ו', 'ם', 'Ж', 'ф']);
  });

  it('works with any font, also one that lacks common characters', () => {
    const glyphs = new MissingGlyphs((cp) => cp !== 0x41);
    expect(glyphs.commonCovered).toBe(false);
    glyphs.scan('BAB\n');
    expect(glyphs.result()).toEqual({ characters: ['A'], count: 1 });
  });

  it('says the characters in words, with … when there are more than it names', () => {
    const t = translator('en-US');
    const say = (count: number) =>
      exportWarningText({ code: 'characters-not-in-font', characters: ['北', '京'], count }, t, 'en-US');
    expect(say(2)).toContain('(北 京)');
    expect(say(9)).toContain('(北 京 …)');
  });

  it('warns only when something is missing', () => {
    const warnings: ExportWarning[] = [];
    warnOfMissingGlyphs({ characters: [], count: 0 }, (w) => warnings.push(w));
    warnOfMissingGlyphs({ characters: ['北'], count: 1 }, (w) => warnings.push(w));
    expect(warnings).toEqual([{ code: 'characters-not-in-font', characters: ['北'], count: 1 }]);
  });
});
