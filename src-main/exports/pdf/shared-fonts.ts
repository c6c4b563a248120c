/**
 * Fonts parsed once per thread, not once per document. pdfkit (pdfmake's engine) opens every font
 * afresh for each document: fontkit parses its tables again, and its first layouts parse the
 * substitution and positioning tables (GSUB, GPOS) again; and the shaping of each word it keeps is
 * kept per document. In a profile of a warm export thread writing the typical quote, those were a
 * third of its time. A thread that writes documents one after another (the export thread is kept
 * warm) so reuses, for every document after its first:
 * - the parsed font (the same fontkit Font for the same font file: same PostScript name and checksum),
 * - the shaping of every word it has set before (glyph ids and advances, which no document changes).
 * Each document still has its own subset of the glyphs it uses: only reading is shared.
 *
 * pdfkit offers no option for either, so its embedded-font class is given two accessors, installed
 * once per thread: `font` (set by its constructor, swapped for the thread's parsed copy) and
 * `layoutCache` (its documented per-document cache of shaped words, `fontLayoutCache`, swapped for
 * the thread's). Should a later pdfkit rename them, the accessors are simply never used: documents
 * come out the same, only slower (tests/unit/pdf-shared-fonts.test.ts would say so).
 */
import PDFDocument from 'pdfkit';
import { cancelPoint } from '../../workers/cancel-point';
import { keepShapedWords, newShapedWords, type CheckedFont } from './shaped-words-file';

/** What pdfkit's embedded font reads of a fontkit font to tell fonts apart. */
type FontkitFont = CheckedFont;

/** Shaped words kept per font before the cache starts again (a 20,000-item estimate sets about 40,000). */
const MOST_WORDS = 200_000;

const fonts = new Map<string, FontkitFont>();
const shaped = new Map<FontkitFont, Record<string, unknown>>();
let installed = false;

function keyOf(font: FontkitFont): string | null {
  const name = font.postscriptName;
  const sum = font.head?.checkSumAdjustment;
  return typeof name === 'string' && typeof sum === 'number' ? `${name}\u0000${sum}` : null;
}

/** The thread's parsed copy of a font (the first one opened of it). */
function sharedFont(font: FontkitFont): FontkitFont {
  const key = keyOf(font);
  if (key === null) return font;
  const known = fonts.get(key);
  if (known) return known;
  fonts.set(key, font);
  return font;
}

/**
 * The thread's cache of shaped words for a font: a plain object, as pdfkit's own. A document that
 * finds it too full starts a new one (documents being written keep the one they were given).
 */
function sharedWords(font: FontkitFont): Record<string, unknown> {
  let words = shaped.get(font);
  if (!words || Object.keys(words).length > MOST_WORDS) {
    // A CLI thread starts with the words its runs before shaped (shaped-words-file.ts).
    words = words ? (Object.create(null) as Record<string, unknown>) : newShapedWords(font);
    shaped.set(font, words);
  }
  return words;
}

/** Keeps the thread's shaped words for its next run, when it is a CLI thread (shaped-words-file.ts). */
export function keepSharedWords(): void {
  keepShapedWords(shaped.entries());
}

/** The class of pdfkit's embedded (TrueType/OpenType) fonts, from a font opened once (per thread). */
let embeddedClass: object | null | undefined;
function embeddedFontClass(fontFile: string): object | null {
  if (embeddedClass === undefined) embeddedClass = openedFontClass(fontFile);
  return embeddedClass;
}

function openedFontClass(fontFile: string): object | null {
  // No default font: pdfkit would read and parse Helvetica's metrics for nothing.
  const doc = new PDFDocument({ autoFirstPage: false, font: null as unknown as string });
  const font = (doc.font(fontFile) as unknown as { _font?: object })._font;
  return font ? (Object.getPrototypeOf(font) as object) : null;
}

/** Makes every document this thread writes share parsed fonts and shaped words (once per thread). */
export function shareFontsAcrossDocuments(fontFile: string): void {
  if (installed) return;
  installed = true;
  const proto = embeddedFontClass(fontFile);
  if (!proto || Object.hasOwn(proto, 'font') || Object.hasOwn(proto, 'layoutCache')) return;
  Object.defineProperty(proto, 'font', {
    configurable: true,
    set(this: object, font: FontkitFont) {
      Object.defineProperty(this, 'font', { value: sharedFont(font), writable: true, enumerable: true });
    },
  });
  Object.defineProperty(proto, 'layoutCache', {
    configurable: true,
    set(this: { font?: FontkitFont }, own: unknown) {
      // pdfkit sets it only when the document keeps shaped words (its default); else it stays unset.
      const words = own && this.font ? sharedWords(this.font) : own;
      Object.defineProperty(this, 'layoutCache', { value: words, writable: true, enumerable: true });
    },
  });
}

let measuringChecked = false;

/**
 * Makes every text pdfmake or the items table measures a cancel point (workers/cancel-point.ts):
 * pdfmake measures a whole document before it lays out a page, seconds for a change order of
 * thousands of lines, and offers no call of its own meanwhile. One look at a shared word per text,
 * against the shaping of that text: nothing measurable. Once per thread; without pdfkit's method (a
 * later pdfkit), documents come out the same and a cancel waits for the next other point.
 */
export function checkCancelWhileMeasuring(fontFile: string): void {
  if (measuringChecked) return;
  measuringChecked = true;
  const proto = embeddedFontClass(fontFile) as { widthOfString?: unknown } | null;
  const measure = proto?.widthOfString;
  if (!proto || typeof measure !== 'function') return;
  Object.defineProperty(proto, 'widthOfString', {
    configurable: true,
    writable: true,
    value: function widthOfString(this: unknown, ...args: unknown[]): unknown {
      cancelPoint();
      return measure.apply(this, args);
    },
  });
}
