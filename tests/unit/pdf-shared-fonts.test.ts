/**
 * Fonts parsed once per thread (src-main/exports/pdf/shared-fonts.ts): documents written one after
 * another share pdfkit's parsed font and shaped words, each keeps its own subset, and the text comes
 * out the same. If a pdfkit update renamed what the accessors catch, the first test says so.
 */
import { createRequire } from 'node:module';
import { describe, expect, it } from 'vitest';
import PDFDocument from 'pdfkit';
import { findFontDir, fontFile } from '../../src-main/exports/pdf/fonts';
import { shareFontsAcrossDocuments } from '../../src-main/exports/pdf/shared-fonts';
import { shapingLibraries } from '../../src-main/exports/pdf/shaped-words-file';
import { renderEstimatePdf } from '../../src-main/exports/pdf';
import { sampleDocument } from '../helpers/export-fixture';

interface Embedded {
  font: object;
  subset: object;
  layoutCache: Record<string, unknown>;
  widthOfString(text: string, size: number): number;
}

function openFont(file: string): Embedded {
  const doc = new PDFDocument({ autoFirstPage: false });
  return (doc.font(file) as unknown as { _font: Embedded })._font;
}

describe('fonts shared by the documents of a thread', () => {
  it('parses a font once and shapes a word once, for every document; each keeps its own subset', () => {
    const regular = fontFile(findFontDir(), false, false);
    const before = openFont(regular);
    shareFontsAcrossDocuments(regular);
    const first = openFont(regular);
    const second = openFont(regular);
    expect(second.font).toBe(first.font);
    expect(second.layoutCache).toBe(first.layoutCache);
    expect(second.subset).not.toBe(first.subset);
    // The same widths as a font parsed on its own.
    const text = 'Fliesen verlegen 1.234,56 € Façade Ødegaard';
    expect(first.widthOfString(text, 9)).toBeCloseTo(before.widthOfString(text, 9), 9);
    expect(
      text.split(' ').every((word) => word in second.layoutCache || `${word} ` in second.layoutCache),
    ).toBe(true);
    // Another face is another font.
    expect(openFont(fontFile(findFontDir(), true, false)).font).not.toBe(first.font);
  });

  it('writes the same document twice in a row to the same bytes, dates aside', async () => {
    const strip = (pdf: Buffer) =>
      pdf
        .toString('latin1')
        .replace(/\(D:\d{14}Z\)/g, '')
        .replace(/\/ID \[<[0-9a-f]+> <[0-9a-f]+>\]/g, '');
    const a = await renderEstimatePdf(sampleDocument(), { language: 'de-DE' });
    const b = await renderEstimatePdf(sampleDocument(), { language: 'de-DE' });
    expect(a.subarray(0, 5).toString()).toBe('%PDF-');
    expect(strip(b)).toBe(strip(a));
  });
});

it('names the kept words’ files after the versions of the libraries that shape words', () => {
  // The file name's hash takes this text: another version of any of them reads no file of these.
  const pdfkit = (createRequire(__filename)('pdfkit/package.json') as { version: string }).version;
  expect(shapingLibraries()).toMatch(
    new RegExp(
      `^pdfkit@${pdfkit.replace(/\./g, '\\.')} fontkit@\\d+\\.\\d+\\.\\d+ unicode-properties@\\S+ unicode-trie@\\S+ restructure@\\S+ dfa@\\S+$`,
    ),
  );
});
