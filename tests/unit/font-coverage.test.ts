/**
 * MissingGlyphs: which characters of a document's texts its font cannot print. The font here is a
 * stand-in that knows Latin only (the real Roboto is checked in tests/integration/export-pdf-glyphs).
 */
import { describe, expect, it } from 'vitest';
import { MISSING_SHOWN, MissingGlyphs, warnOfMissingGlyphs } from '../../src-main/exports/pdf/font-coverage';
import type { ExportWarning } from '../../src-shared/exports/warnings';

/** A font with Latin up to U+024F (and the no-break space, as Roboto): nothing else. */
function latinFont(): { has: (cp: number) => boolean; asked: number[] } {
  const asked: number[] = [];
  return {
    asked,
    has: (cp) => {
      asked.push(cp);
      return (cp >= 0x20 && cp <= 0x7e) || (cp >= 0xa0 && cp <= 0x24f);
    },
  };
}

describe('MissingGlyphs', () => {
  it('finds nothing in Latin texts, and asks the font about each character once', () => {
    const font = latinFont();
    const glyphs = new MissingGlyphs(font.has);
    const askedAtStart = font.asked.length;
    glyphs.scan('Bäckström & Søn – Façade Crépi, 12,50 €\u00a0m²');
    glyphs.scan('Ǆ Ǆ Ǆ');
    expect(glyphs.result()).toEqual({ characters: ['–', '€'], count: 2 });
    // The common ranges were asked once, at the start; after that only what lies beyond them, once each.
    expect(font.asked.slice(askedAtStart).sort()).toEqual(
      ['–', '€', 'Ǆ'].map((c) => c.codePointAt(0)!).sort(),
    );
  });

  it('names the missing characters in the order met, once each, whole (not halves of a pair)', () => {
    const glyphs = new MissingGlyphs(latinFont().has);
    glyphs.scan('北京 Bau GmbH 北');
    glyphs.scan('Küche 🏠 and 京');
    expect(glyphs.result()).toEqual({ characters: ['北', '京', '🏠'], count: 3 });
  });

  it('ignores what prints no glyph of its own: line breaks, tabs, zero-width break points', () => {
    const glyphs = new MissingGlyphs(latinFont().has);
    glyphs.scan('Putz\nauf\tMauer\u200bwerk\r\n');
    expect(glyphs.result().count).toBe(0);
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
    glyphs.scan('BAB');
    expect(glyphs.result()).toEqual({ characters: ['A'], count: 1 });
  });

  it('warns only when something is missing', () => {
    const warnings: ExportWarning[] = [];
    warnOfMissingGlyphs({ characters: [], count: 0 }, (w) => warnings.push(w));
    warnOfMissingGlyphs({ characters: ['北'], count: 1 }, (w) => warnings.push(w));
    expect(warnings).toEqual([{ code: 'characters-not-in-font', characters: ['北'], count: 1 }]);
  });
});
