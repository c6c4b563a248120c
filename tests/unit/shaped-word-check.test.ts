/**
 * The check of a kept shaped word (src-main/exports/pdf/shaped-word-check.ts) on the PDF's real
 * fonts, opened by fontkit: a word as fontkit shapes it (with a ligature, with the zero-width space
 * the writer breaks long words at) is taken, and is what shaping gives; a word whose glyphs are not
 * the font's own for its characters is not.
 */
import { createRequire } from 'node:module';
import { describe, expect, it } from 'vitest';
import { fontLigatures } from '../../src-main/exports/pdf/font-ligatures';
import { findFontDir, fontFile } from '../../src-main/exports/pdf/fonts';
import { checkedWord, fontFacts, type CheckedFont } from '../../src-main/exports/pdf/shaped-word-check';

interface Run {
  glyphs: { id: number; advanceWidth: number; codePoints: number[] }[];
  positions: { xAdvance: number; yAdvance: number; xOffset: number; yOffset: number }[];
}
type Font = CheckedFont & { unitsPerEm: number; layout(text: string): Run };
type Stored = [[number, number[]][], number[][]];

// fontkit, as pdfkit loads it (it has no types of its own).
const fontkit = createRequire(createRequire(__filename).resolve('pdfkit'))('fontkit') as {
  openSync(file: string): unknown;
};
const open = (bold: boolean): Font =>
  fontkit.openSync(fontFile(findFontDir(), bold, false)) as unknown as Font;
const fonts = [open(false), open(true)];

/** The word as fontkit shapes it, in pdfkit's units (1000 an em), as a file keeps it. */
function shaped(font: Font, text: string): Stored {
  const scale = 1000 / font.unitsPerEm;
  const run = font.layout(text);
  return [
    run.glyphs.map((g) => [g.id, [...g.codePoints]]),
    run.positions.map((p) => [p.xAdvance * scale, p.yAdvance * scale, p.xOffset * scale, p.yOffset * scale]),
  ];
}

/** What the check gives back, in the stored form (to compare with shaping). */
function taken(font: Font, text: string, stored: Stored): Stored | null {
  const word = checkedWord(text, stored, fontFacts(font)!);
  if (!word) return null;
  return [
    word.glyphs.map((g) => [g.id, [...g.codePoints]]),
    word.positions.map((p) => [p.xAdvance, p.yAdvance, p.xOffset, p.yOffset]),
  ];
}

const copy = (s: Stored): Stored => JSON.parse(JSON.stringify(s)) as Stored;

describe('a kept shaped word, checked against its font', () => {
  it("reads the font's own standard ligatures, each the glyph shaping gives its characters", () => {
    for (const font of fonts) {
      const ligatures = fontLigatures(font);
      // Roboto's: fi, fl, ffi, ffl.
      expect(
        [...ligatures.keys()].map((k) => String.fromCodePoint(...k.split(',').map(Number))).sort(),
      ).toEqual(['ffi', 'ffl', 'fi', 'fl']);
      for (const [chars, glyph] of ligatures) {
        const run = font.layout(String.fromCodePoint(...chars.split(',').map(Number)));
        expect(run.glyphs.map((g) => g.id)).toEqual([glyph]);
      }
    }
    // A font without a substitution table has none.
    expect(fontLigatures({}).size).toBe(0);
    expect(
      fontLigatures({ GSUB: { featureList: 'odd' }, _cmapProcessor: { codePointsForGlyph: () => [] } }).size,
    ).toBe(0);
  });

  it('takes words with a ligature or a zero-width space as shaping gives them, and gives back the same', () => {
    const words = ['Wandfliesen', 'Kantenschutzprofil', 'Griffigkeit', 'Pfiff', 'immobil\u200b', 'Fugen'];
    for (const font of fonts) {
      for (const word of words) {
        const stored = shaped(font, word);
        expect(taken(font, word, stored), word).toEqual(stored);
      }
      // The words do have what the check now takes: a ligature, and the space glyph at no width.
      expect(shaped(font, 'Wandfliesen')[0].some(([, cps]) => cps.length === 2)).toBe(true);
      expect(shaped(font, 'immobil\u200b')[0].at(-1)![1]).toEqual([0x20]);
    }
  });

  it('takes every pair of the characters documents use as shaping spaces them (kerning included)', () => {
    const chars = [
      ...'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789',
      ...'.,:;-–/()%€$£"\'„“”‚‘’ÄÖÜäöüßÉéèêÆØÅæøåÑñÇç',
      ' ',
      '\u00a0',
    ];
    for (const font of fonts) {
      const refused: string[] = [];
      for (const a of chars)
        for (const b of chars) {
          const pair = a + b;
          if (taken(font, pair, shaped(font, pair)) === null) refused.push(pair);
        }
      // Only pairs that share a glyph (a space and a no-break space) are shaped afresh.
      expect(refused.filter((p) => !/^[ \u00a0]{2}$/.test(p))).toEqual([]);
    }
  });

  it("refuses a glyph that is not the font's own for its characters", () => {
    const font = fonts[0]!;
    const refused = (text: string, change: (s: Stored) => void) => {
      const stored = copy(shaped(font, text));
      change(stored);
      return taken(font, text, stored);
    };
    const fl = font.layout('fl').glyphs[0]!.id;
    const fi = font.layout('fi').glyphs[0]!.id;
    // The "fl" ligature's glyph given out as the "fi" one, and the other way round.
    expect(refused('Wandfliesen', (s) => (s[0][4] = [fi, [0x66, 0x6c]]))).toBeNull();
    expect(refused('Profil', (s) => (s[0][3] = [fl, [0x66, 0x69]]))).toBeNull();
    // A letter's glyph claiming two characters, as if it were their ligature.
    expect(refused('Wandfliesen', (s) => (s[0][4] = [s[0][0]![0], [0x66, 0x6c]]))).toBeNull();
    // A ligature claiming characters the word does not have there.
    expect(refused('Wandfliesen', (s) => (s[0][4] = [fl, [0x66, 0x69]]))).toBeNull();
    // The zero-width space drawn wide, or as another glyph, or the space glyph standing for a letter.
    expect(refused('immobil\u200b', (s) => (s[1][7] = [300, 0, 0, 0]))).toBeNull();
    expect(refused('immobil\u200b', (s) => (s[0][7] = [s[0][0]![0], [0x20]]))).toBeNull();
    expect(refused('Fugen', (s) => (s[0][1] = [font.glyphForCodePoint!(0x20).id, [0x20]]))).toBeNull();
    // Glyphs for fewer characters than the word has.
    expect(refused('Fugen', (s) => (s[0].pop(), s[1].pop()))).toBeNull();
    // A narrow glyph closed up, the next drawn over it: a decimal comma, a space between two figures.
    expect(refused('1,5', (s) => (s[1][1] = [0, 0, 0, 0]))).toBeNull();
    expect(refused('10 ', (s) => (s[1][2] = [0, 0, 0, 0]))).toBeNull();
    expect(refused('1,5', (s) => (s[1][1] = [s[1][1]![0]! * 0.4, 0, 0, 0]))).toBeNull();
    // Or moved more than a quarter of an em past its own width.
    const ownF = (font.glyphForCodePoint!(0x46).advanceWidth * 1000) / font.unitsPerEm;
    expect(refused('Fugen', (s) => (s[1][0] = [ownF + 260, 0, 0, 0]))).toBeNull();
    expect(refused('Fugen', (s) => (s[1][0] = [ownF + 240, 0, 0, 0]))).not.toBeNull();
    // A font whose ligatures cannot be read takes no ligature.
    const noLigatures = { ...fontFacts(font)!, ligatureOf: () => undefined };
    expect(checkedWord('Wandfliesen', shaped(font, 'Wandfliesen'), noLigatures)).toBeNull();
  });
});
