/**
 * The words a thread has shaped, kept on disk between runs: the CLI's threads (a folder in the data
 * folder, thread setting `shapedWords`), never the app's. A CLI export starts a new thread each time,
 * and shaping each word for the first time (fontkit's substitution and positioning lookups, in code
 * just loaded) was a fifth of a typical quote's whole process. The next run takes the words it has
 * seen before from here; the rest it shapes as before.
 *
 * A file holds one font's words, and is named after that font (PostScript name and checksum). What
 * it says is checked before pdfkit sees it, so a damaged or altered file can change no character a
 * document shows:
 * - the file's SHA-256, in its first line: a torn or damaged file is as good as none;
 * - each word: each glyph stands for one code point, in the word's order, and is the font's glyph
 *   for it, with the font's advance; every figure is a finite number. A word that fails is shaped
 *   afresh: so are words with a ligature (one glyph for several code points), which no check could
 *   tell from another glyph. The check asks the font for each code point's glyph, as its own
 *   shaping does: fontkit keeps a glyph with the code points it was first asked for, which become
 *   the text a PDF reader finds (asking for a glyph by id alone would leave it none);
 * - a few words are shaped afresh as the file is read and must come out the same: a file from
 *   another pdfkit or fontkit is dropped whole.
 * Writing: to a temporary file, then renamed; a file that cannot be written only means nothing is kept.
 */
import { createHash } from 'node:crypto';
import { mkdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { threadSetting } from '../../workers/thread-settings';

/** The thread setting naming the folder (cli/cli-workers.ts). */
export const SHAPED_WORDS_SETTING = 'shapedWords';
const MAGIC = 'PLANDESK-SHAPED-WORDS 1';
/** Words kept per font: the newest first (about 130 bytes each on disk). */
const MOST_KEPT = 10_000;
/** Words shaped afresh as a file is read, to tell a file of other libraries. */
const SAMPLES = 8;

/** What pdfkit keeps of a shaped word (EmbeddedFont.layoutRun's result), as far as it reads it. */
interface ShapedWord {
  glyphs: { id: number; advanceWidth: number; codePoints: number[] }[];
  positions: { xAdvance: number; yAdvance: number; xOffset: number; yOffset: number; advanceWidth: number }[];
  advanceWidth: number;
}

/** The parts of a fontkit font the check reads. */
export interface CheckedFont {
  postscriptName?: string;
  head?: { checkSumAdjustment?: number };
  numGlyphs?: number;
  unitsPerEm?: number;
  glyphForCodePoint?(cp: number): { id: number; advanceWidth: number; codePoints: number[] };
}

/** Per font's words, those its file has (saved again only after the new ones). */
const loaded = new WeakMap<object, Set<string>>();

function fileOf(folder: string, font: CheckedFont): string | null {
  const name = font.postscriptName;
  const sum = font.head?.checkSumAdjustment;
  if (typeof name !== 'string' || typeof sum !== 'number') return null;
  return join(
    folder,
    `${createHash('sha256').update(`${name}\u0000${sum}`).digest('hex').slice(0, 32)}.words`,
  );
}

const finite = (v: unknown): v is number => typeof v === 'number' && Number.isFinite(v);

/** A stored word, or null when it fails a check (see above). */
function checkedWord(
  text: string,
  stored: unknown,
  font: Required<Pick<CheckedFont, 'numGlyphs' | 'glyphForCodePoint'>>,
  scale: number,
): ShapedWord | null {
  if (!Array.isArray(stored) || stored.length !== 2) return null;
  const [glyphs, positions] = stored as [unknown, unknown];
  if (!Array.isArray(glyphs) || !Array.isArray(positions) || glyphs.length !== positions.length) return null;
  const word: ShapedWord = { glyphs: [], positions: [], advanceWidth: 0 };
  const points: number[] = [];
  for (let i = 0; i < glyphs.length; i++) {
    const g = glyphs[i] as unknown;
    const p = positions[i] as unknown;
    if (!Array.isArray(g) || g.length !== 2 || !Array.isArray(p) || p.length !== 4) return null;
    const [id, codePoints] = g as [unknown, unknown];
    if (!Number.isInteger(id) || (id as number) < 0 || (id as number) >= font.numGlyphs) return null;
    if (!Array.isArray(codePoints) || codePoints.length !== 1 || !p.every(finite)) return null;
    const cp = codePoints[0] as unknown;
    if (!Number.isInteger(cp) || (cp as number) < 0 || (cp as number) > 0x10ffff) return null;
    const glyph = font.glyphForCodePoint(cp as number);
    if (glyph.id !== id) return null;
    points.push(cp as number);
    const [xAdvance, yAdvance, xOffset, yOffset] = p as number[];
    // The font's own glyph object, as fresh shaping gives it (what pdfkit reads of it is the font's).
    word.glyphs.push(glyph);
    word.positions.push({
      xAdvance: xAdvance!,
      yAdvance: yAdvance!,
      xOffset: xOffset!,
      yOffset: yOffset!,
      advanceWidth: glyph.advanceWidth * scale,
    });
    word.advanceWidth += xAdvance!;
  }
  const expected = Array.from(text, (c) => c.codePointAt(0)!);
  if (expected.length !== points.length || expected.some((c, i) => c !== points[i])) return null;
  return word;
}

/** The word as it is stored: per glyph its id and code points, per position its four figures. */
function storedWord(word: ShapedWord): [[number, number[]][], number[][]] {
  return [
    word.glyphs.map((g) => [g.id, g.codePoints]),
    word.positions.map((p) => [p.xAdvance, p.yAdvance, p.xOffset, p.yOffset]),
  ];
}

const sameWord = (a: ShapedWord, b: ShapedWord): boolean =>
  JSON.stringify(storedWord(a)) === JSON.stringify(storedWord(b));

/**
 * Puts the words kept for `font` into `words` (the thread's shared cache of shaped words for it,
 * pdf/shared-fonts.ts). `shape` shapes a word afresh, as pdfkit does. Never throws.
 */
export function loadShapedWords(
  font: CheckedFont,
  words: Record<string, unknown>,
  shape: (text: string) => unknown,
): void {
  const folder = threadSetting(SHAPED_WORDS_SETTING);
  if (!folder) return;
  const file = fileOf(folder, font);
  const { numGlyphs, unitsPerEm, glyphForCodePoint } = font;
  if (!file || !finite(numGlyphs) || !finite(unitsPerEm) || !glyphForCodePoint) return;
  const checked = { numGlyphs, glyphForCodePoint: glyphForCodePoint.bind(font) };
  try {
    const text = readFileSync(file, 'latin1');
    const eol = text.indexOf('\n');
    const [magic, hash] = [text.slice(0, eol - 65), text.slice(eol - 64, eol)];
    const body = text.slice(eol + 1);
    if (eol < 0 || magic !== MAGIC || createHash('sha256').update(body, 'latin1').digest('hex') !== hash)
      return;
    const stored = JSON.parse(Buffer.from(body, 'latin1').toString('utf8')) as unknown;
    if (typeof stored !== 'object' || stored === null || Array.isArray(stored)) return;
    const scale = 1000 / unitsPerEm;
    const found = new Map<string, ShapedWord>();
    for (const [word, value] of Object.entries(stored)) {
      const run = checkedWord(word, value, checked, scale);
      if (run) found.set(word, run);
    }
    // A few words, spread over the file, shaped afresh: another library's shaping drops it all.
    const all = [...found.keys()];
    for (let k = 0; k < Math.min(SAMPLES, all.length); k++) {
      const word = all[Math.floor((k * all.length) / SAMPLES)]!;
      if (!sameWord(found.get(word)!, shape(word) as ShapedWord)) return;
    }
    for (const [word, run] of found) if (!(word in words)) words[word] = run;
    // Every word of the file counts as kept, those shaped afresh too (a ligature's): the file is
    // written again only for words it does not have.
    loaded.set(words, new Set(Object.keys(stored)));
  } catch {
    // No file (the first run), or one that cannot be read: the words are shaped as they come.
  }
}

/** Keeps each font's shaped words in the folder, when words were added since they were read. Never throws. */
export function keepShapedWords(fonts: Iterable<[CheckedFont, Record<string, unknown>]>): void {
  const folder = threadSetting(SHAPED_WORDS_SETTING);
  if (!folder) return;
  for (const [font, words] of fonts) {
    try {
      keepFontWords(folder, font, words);
    } catch {
      // Not kept (a folder that cannot be made, a full disk): the next run shapes them again.
    }
  }
}

function keepFontWords(folder: string, font: CheckedFont, words: Record<string, unknown>): void {
  const file = fileOf(folder, font);
  const before = loaded.get(words) ?? new Set<string>();
  const all = Object.keys(words);
  if (!file || all.every((w) => before.has(w))) return;
  // The newest first: the words of this run, then those read, up to the most kept.
  const order = [...all.filter((w) => !before.has(w)), ...all.filter((w) => before.has(w))].slice(
    0,
    MOST_KEPT,
  );
  const out: Record<string, unknown> = {};
  for (const word of order) out[word] = storedWord(words[word] as ShapedWord);
  const body = Buffer.from(JSON.stringify(out), 'utf8').toString('latin1');
  const hash = createHash('sha256').update(body, 'latin1').digest('hex');
  const tmp = `${file}.${process.pid}.${Math.random().toString(36).slice(2)}.tmp`;
  try {
    // The user's alone, as everything in the data folder (local-files/data-folder.ts).
    mkdirSync(folder, { recursive: true, mode: 0o700 });
    writeFileSync(tmp, `${MAGIC} ${hash}\n${body}`, { encoding: 'latin1', mode: 0o600 });
    renameSync(tmp, file);
    loaded.set(words, new Set(all));
  } finally {
    rmSync(tmp, { force: true });
  }
}
