/**
 * The check of a kept shaped word against its font, before pdfkit gets it (shaped-words-file.ts says
 * what it guards against): a word taken from a file is the font's own glyphs for its characters, on
 * the line, spaced within kerning's room.
 */
import { fontLigatures, type LigatureFont } from './font-ligatures';

/** Longer words (a run of no-break spaces is one) are not kept. */
export const LONGEST_WORD = 64;
/** Kerning's room: how far a kept glyph's advance may be from the glyph's own (units of 1000 an em). */
const MOST_KERNING = 250;
/**
 * How much of its own width kerning may take from a glyph, at most: fresh shaping of Roboto's pairs
 * (letters, figures, punctuation, spaces) never takes more than about half. A narrow glyph (a comma,
 * a space) cannot be closed up to nothing, with the next drawn over it ("12,50" read as "1250").
 */
const MOST_KERNED_SHARE = 0.5;

/** An advance kerning could give a glyph whose own is `advance`: a quarter of an em either way, less for a narrow one. */
function kerned(xAdvance: number, advance: number): boolean {
  return (
    xAdvance <= advance + MOST_KERNING &&
    xAdvance >= advance - Math.min(MOST_KERNING, advance * MOST_KERNED_SHARE)
  );
}

/** What pdfkit keeps of a shaped word (EmbeddedFont.layoutRun's result), as far as it reads it. */
export interface ShapedWord {
  glyphs: { id: number; advanceWidth: number; codePoints: number[] }[];
  positions: { xAdvance: number; yAdvance: number; xOffset: number; yOffset: number; advanceWidth: number }[];
  advanceWidth: number;
}

/** The parts of a fontkit font the check reads. */
export interface CheckedFont extends LigatureFont {
  postscriptName?: string;
  head?: { checkSumAdjustment?: number };
  numGlyphs?: number;
  unitsPerEm?: number;
  glyphForCodePoint?(cp: number): { id: number; advanceWidth: number; codePoints: number[] };
  /** fontkit's glyph by id, made with the code points given if it is the first asked for. */
  getGlyph?(id: number, codePoints?: number[]): { id: number; advanceWidth: number; codePoints: number[] };
  /** fontkit's character map: the code points that map to a glyph. */
  _cmapProcessor?: { codePointsForGlyph?(id: number): number[] };
}

const finite = (v: unknown): v is number => typeof v === 'number' && Number.isFinite(v);

/** A fontkit glyph, as far as the checks read it. */
type FontGlyph = { id: number; advanceWidth: number; codePoints: number[] };

/** What the checks ask the font. */
export interface FontFacts {
  numGlyphs: number;
  glyphForCodePoint(cp: number): FontGlyph;
  /** The font's glyph `id`, standing for `codePoints` (a ligature's). */
  glyphOf(id: number, codePoints: number[]): FontGlyph;
  /** The glyph of the font's ligature of exactly these characters, if it has one (font-ligatures.ts). */
  ligatureOf(codePoints: readonly number[]): number | undefined;
  /** The code points that map to glyph `id` (remembered per glyph). */
  codePointsOf(id: number): readonly number[];
  scale: number;
}

/** What a stored glyph claims to stand for, once its code points are checked against the word's. */
interface Claim {
  id: number;
  codePoints: number[];
  /** A zero-width space: fontkit sets it as the font's space glyph, at no width. */
  hidden: boolean;
}

/** U+200B, which the PDF writer puts into long words as a break point (pdf/text.ts). */
const ZERO_WIDTH_SPACE = 0x200b;
const SPACE = 0x20;

/**
 * Each stored glyph with the characters of the word it stands for, in the word's order: one
 * character, or several for a ligature; a zero-width space stands as the space glyph (what fontkit
 * makes of every default-ignorable character). Null when the code points are not the word's.
 */
function claimsOf(glyphs: unknown[], expected: number[]): Claim[] | null {
  const claims: Claim[] = [];
  let at = 0;
  for (const g of glyphs) {
    if (!Array.isArray(g) || g.length !== 2 || !Number.isInteger(g[0]) || !Array.isArray(g[1])) return null;
    const [id, cps] = g as [number, unknown[]];
    if (cps.length === 0 || cps.length > LONGEST_WORD || !cps.every(Number.isInteger)) return null;
    const hidden = cps.length === 1 && cps[0] === SPACE && expected[at] === ZERO_WIDTH_SPACE;
    if (!hidden && cps.some((cp, i) => cp !== expected[at + i])) return null;
    claims.push({ id, codePoints: cps as number[], hidden });
    at += cps.length;
  }
  return at === expected.length ? claims : null;
}

/**
 * The font's own glyph for a claim, or null: the glyph of its one character alone (its code points
 * are then the same whichever word asks first), the font's space glyph for a zero-width space, or
 * the ligature the font substitutes for exactly its characters.
 */
function fontGlyphOf(claim: Claim, font: FontFacts): FontGlyph | null {
  const { id, codePoints } = claim;
  if (id < 0 || id >= font.numGlyphs) return null;
  if (claim.hidden) {
    const space = font.glyphForCodePoint(SPACE);
    return space.id === id ? space : null;
  }
  if (codePoints.length > 1) {
    return font.ligatureOf(codePoints) === id ? font.glyphOf(id, codePoints) : null;
  }
  const cp = codePoints[0]!;
  const mapped = font.codePointsOf(id);
  if (mapped.length !== 1 || mapped[0] !== cp) return null;
  const glyph = font.glyphForCodePoint(cp);
  return glyph.id === id ? glyph : null;
}

/** A stored word, or null when it fails a check (shaped-words-file.ts lists them). */
export function checkedWord(text: string, stored: unknown, font: FontFacts): ShapedWord | null {
  if (text.length > LONGEST_WORD || !Array.isArray(stored) || stored.length !== 2) return null;
  const [glyphs, positions] = stored as [unknown, unknown];
  if (!Array.isArray(glyphs) || !Array.isArray(positions) || glyphs.length !== positions.length) return null;
  // The code points first, against the word itself: no glyph is asked for a word that fails.
  const claims = claimsOf(
    glyphs,
    Array.from(text, (c) => c.codePointAt(0)!),
  );
  if (!claims) return null;
  const word: ShapedWord = { glyphs: [], positions: [], advanceWidth: 0 };
  for (let i = 0; i < claims.length; i++) {
    const glyph = fontGlyphOf(claims[i]!, font);
    if (!glyph) return null;
    const p = positions[i] as unknown;
    if (!Array.isArray(p) || p.length !== 4 || !p.every(finite)) return null;
    const [xAdvance, yAdvance, xOffset, yOffset] = p as number[];
    const advance = glyph.advanceWidth * font.scale;
    // On the line, and spaced as kerning spaces it: no glyph moves over or past another.
    if (yAdvance !== 0 || xOffset !== 0 || yOffset !== 0) return null;
    if (claims[i]!.hidden ? xAdvance !== 0 : !kerned(xAdvance!, advance)) return null;
    // The font's own glyph object, as fresh shaping gives it (what pdfkit reads of it is the font's).
    word.glyphs.push(glyph);
    word.positions.push({
      xAdvance: xAdvance!,
      yAdvance: yAdvance!,
      xOffset: xOffset!,
      yOffset: yOffset!,
      advanceWidth: advance,
    });
    word.advanceWidth += xAdvance!;
  }
  return word;
}

/** What the checks ask `font`; null when fontkit does not show it. */
export function fontFacts(font: CheckedFont): FontFacts | null {
  const { numGlyphs, unitsPerEm, glyphForCodePoint, getGlyph } = font;
  const cmap = font._cmapProcessor;
  const codePointsForGlyph = cmap?.codePointsForGlyph;
  if (!finite(numGlyphs) || !finite(unitsPerEm) || !glyphForCodePoint || !getGlyph || !codePointsForGlyph)
    return null;
  const mapped = new Map<number, readonly number[]>();
  // Read only when a kept word has a ligature.
  let ligatures: Map<string, number> | undefined;
  return {
    numGlyphs,
    glyphForCodePoint: glyphForCodePoint.bind(font),
    glyphOf: (id, codePoints) => getGlyph.call(font, id, codePoints),
    ligatureOf: (codePoints) => (ligatures ??= fontLigatures(font)).get(codePoints.join(',')),
    codePointsOf: (id) => {
      let cps = mapped.get(id);
      if (!cps) mapped.set(id, (cps = codePointsForGlyph.call(cmap, id)));
      return cps;
    },
    scale: 1000 / unitsPerEm,
  };
}
