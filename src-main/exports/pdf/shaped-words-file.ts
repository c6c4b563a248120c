/**
 * The words a thread has shaped, kept on disk between runs: the CLI's threads (a folder in the data
 * folder, thread setting `shapedWords`), never the app's. A CLI export starts a new thread each time,
 * and shaping each word for the first time (fontkit's substitution and positioning lookups, in code
 * just loaded) was a fifth of a typical quote's whole process. The next run takes the words it has
 * seen before from here; the rest it shapes as before. A word of the file is checked when a document
 * first sets it, not when the file is read: a run checks the words it uses, however many are kept.
 *
 * A file holds one font's words, and is named after that font (PostScript name and checksum). What
 * it says is checked before pdfkit sees it, so a damaged or altered file can change no character a
 * document shows:
 * - the file's SHA-256, in its first line: a torn or damaged file is as good as none;
 * - each word, before pdfkit gets it: its glyphs' code points are the word's, in order (checked
 *   first, against the word itself), and each glyph is the font's own for them: the glyph of its one
 *   code point alone in the font's character map; for a ligature ("fl" in "Fliesen"), the glyph the
 *   font's own ligature substitutions (GSUB `liga`, font-ligatures.ts) give exactly those
 *   characters; for a zero-width space (the writer's break point in a long word), the font's space
 *   glyph at no width, as fontkit sets every default-ignorable character. Each is set on the line,
 *   not above, below or behind it (no offsets), and its advance stays within a quarter of an em of
 *   the glyph's own, never backwards (kerning's room): a file can neither swap two figures nor draw
 *   one over another. A word that fails is shaped afresh: so are words with a glyph several
 *   characters share (a space and a no-break space). fontkit keeps a glyph with the code points it
 *   was first asked for, which become the text a PDF reader finds: a glyph of one character alone
 *   cannot be given another's by the order words are read in;
 * - the file is named after the versions of the libraries that shape words too (pdfkit, fontkit and
 *   the packages fontkit shapes with): another version's words are never read. (Shaping a few words
 *   afresh as the file was read also caught a library edited in place, but shaping a word for the
 *   first time sets up the font's substitution and positioning tables, which a run whose words are
 *   all kept never needs: it cost a repeated quote a tenth of its time.)
 * Writing: to a temporary file, then renamed; a file that cannot be written only means nothing is kept.
 * A file unread for a month (another font's or library version's) is removed.
 */
import { createHash } from 'node:crypto';
import {
  mkdirSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
  statSync,
  utimesSync,
  writeFileSync,
} from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { threadSetting } from '../../workers/thread-settings';
import { checkedWord, fontFacts, LONGEST_WORD, type CheckedFont, type ShapedWord } from './shaped-word-check';

export type { CheckedFont } from './shaped-word-check';

/** The thread setting naming the folder (cli/cli-workers.ts). */
export const SHAPED_WORDS_SETTING = 'shapedWords';
const MAGIC = 'PLANDESK-SHAPED-WORDS 1';
/** Words kept per font: the newest first (about 130 bytes each on disk). */
const MOST_KEPT = 10_000;
/** The packages that shape a word, besides pdfkit: fontkit, and those fontkit shapes with. */
const SHAPING_PACKAGES = ['unicode-properties', 'unicode-trie', 'restructure', 'dfa'] as const;
/** A file's text at the most (the words beyond are not kept). */
const MOST_BYTES = 2 * 1024 * 1024;
/** A temporary file older than this was left by a run that ended mid-write. */
const STALE_TMP_MS = 60 * 60 * 1000;
/**
 * A words file unread for this long is removed: one of a font or library version no longer used (a
 * file read is touched, so one in use stays).
 */
const UNUSED_FILE_MS = 30 * 24 * 60 * 60 * 1000;

/** Per cache of a font's words, its file's words as stored (written again only after new ones). */
const loaded = new WeakMap<object, Map<string, unknown>>();

function fileOf(folder: string, font: CheckedFont): string | null {
  const name = font.postscriptName;
  const sum = font.head?.checkSumAdjustment;
  const shapers = shapingLibraries();
  if (typeof name !== 'string' || typeof sum !== 'number' || shapers === null) return null;
  return join(
    folder,
    `${createHash('sha256').update(`${name}\u0000${sum}\u0000${shapers}`).digest('hex').slice(0, 32)}.words`,
  );
}

let shapers: string | null | undefined;

/** "pdfkit@… fontkit@… …" as this thread loads them; null (nothing kept) if one cannot be told. */
export function shapingLibraries(): string | null {
  if (shapers !== undefined) return shapers;
  try {
    const here = typeof __filename === 'string' ? __filename : join(process.cwd(), 'noop.js');
    const pdfkit = createRequire(here).resolve('pdfkit');
    const fontkit = createRequire(pdfkit).resolve('fontkit');
    const versions = [packageVersion(pdfkit, 'pdfkit'), packageVersion(fontkit, 'fontkit')];
    for (const name of SHAPING_PACKAGES)
      versions.push(packageVersion(createRequire(fontkit).resolve(name), name));
    shapers = versions.join(' ');
  } catch {
    shapers = null;
  }
  return shapers;
}

/** `name@version` of the package whose module `file` is (its package.json, a few folders up). */
function packageVersion(file: string, name: string): string {
  for (let dir = dirname(file), up = 0; up < 4; dir = dirname(dir), up++) {
    try {
      const pkg = JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8')) as {
        name?: unknown;
        version?: unknown;
      };
      if (pkg.name === name && typeof pkg.version === 'string') return `${name}@${pkg.version}`;
    } catch {
      // No package.json here (a dist folder): one up.
    }
  }
  throw new Error(`no version of ${name}`);
}

/** The word as it is stored: per glyph its id and code points, per position its four figures. */
function storedWord(word: ShapedWord): [[number, number[]][], number[][]] {
  return [
    word.glyphs.map((g) => [g.id, g.codePoints]),
    word.positions.map((p) => [p.xAdvance, p.yAdvance, p.xOffset, p.yOffset]),
  ];
}

/**
 * A new cache of shaped words for `font` (the thread's, pdf/shared-fonts.ts: a plain object, as
 * pdfkit's own), with the words kept in its file behind it: a word the cache has not got is looked
 * up among them, checked (checkedWord), and, if it passes, becomes the cache's own. One that fails,
 * or is not kept, is shaped as before. Never throws.
 */
export function newShapedWords(font: CheckedFont): Record<string, unknown> {
  const facts = fontFacts(font);
  const stored = facts && keptWords(font);
  if (!facts || !stored) return Object.create(null) as Record<string, unknown>;
  // Only a miss (a word the cache has not got) gets here: every word it has is its own property.
  const fromFile = new Proxy(Object.create(null) as object, {
    get(_target, key, receiver: object) {
      const value = typeof key === 'string' ? stored.get(key) : undefined;
      let run: ShapedWord | null = null;
      try {
        run = value === undefined ? null : checkedWord(key as string, value, facts);
      } catch {
        // A font fontkit cannot answer for (an odd character map): the word is shaped afresh.
      }
      if (!run) return undefined;
      Object.defineProperty(receiver, key, {
        value: run,
        writable: true,
        enumerable: true,
        configurable: true,
      });
      return run;
    },
  });
  const words = Object.create(fromFile) as Record<string, unknown>;
  loaded.set(words, stored);
  return words;
}

/** The words of `font`'s file, as stored (unchecked), if it has a whole one. */
function keptWords(font: CheckedFont): Map<string, unknown> | null {
  const folder = threadSetting(SHAPED_WORDS_SETTING);
  if (!folder) return null;
  const file = fileOf(folder, font);
  if (!file) return null;
  sweepFolder(folder);
  try {
    const text = readFileSync(file, 'latin1');
    touch(file);
    const eol = text.indexOf('\n');
    const [magic, hash] = [text.slice(0, eol - 65), text.slice(eol - 64, eol)];
    const body = text.slice(eol + 1);
    if (eol < 0 || magic !== MAGIC || createHash('sha256').update(body, 'latin1').digest('hex') !== hash)
      return null;
    const stored = JSON.parse(Buffer.from(body, 'latin1').toString('utf8')) as unknown;
    if (typeof stored !== 'object' || stored === null || Array.isArray(stored)) return null;
    return new Map(Object.entries(stored));
  } catch {
    // No file (the first run), or one that cannot be read: the words are shaped as they come.
    return null;
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
  // Every word of the file counts as kept, those shaped afresh too (one that failed its check): the
  // file is written again only for words it does not have.
  const before = loaded.get(words) ?? new Map<string, unknown>();
  const used = Object.keys(words);
  if (!file || used.every((w) => before.has(w))) return;
  // The newest first: the words this run shaped, then those of the file it used, then the rest of
  // the file (as stored), up to the most kept.
  const usedSet = new Set(used);
  const order = [
    ...used.filter((w) => !before.has(w)),
    ...used.filter((w) => before.has(w)),
    ...[...before.keys()].filter((w) => !usedSet.has(w)),
  ];
  const out = Object.create(null) as Record<string, unknown>;
  let kept = 0;
  let bytes = 0;
  for (const word of order) {
    if (word.length > LONGEST_WORD) continue;
    const stored = usedSet.has(word) ? storedWord(words[word] as ShapedWord) : before.get(word);
    bytes += word.length + JSON.stringify(stored).length + 4;
    if (++kept > MOST_KEPT || bytes > MOST_BYTES) break;
    out[word] = stored;
  }
  const body = Buffer.from(JSON.stringify(out), 'utf8').toString('latin1');
  const hash = createHash('sha256').update(body, 'latin1').digest('hex');
  const tmp = `${file}.${process.pid}.${Math.random().toString(36).slice(2)}.tmp`;
  try {
    // The user's alone, as everything in the data folder (local-files/data-folder.ts).
    mkdirSync(folder, { recursive: true, mode: 0o700 });
    writeFileSync(tmp, `${MAGIC} ${hash}\n${body}`, { encoding: 'latin1', mode: 0o600 });
    renameSync(tmp, file);
    loaded.set(words, new Map(Object.entries(out)));
  } finally {
    rmSync(tmp, { force: true });
  }
}

/** Marks a file as read just now (sweepFolder keeps it); a file that cannot be touched is left as it is. */
function touch(file: string): void {
  try {
    const now = new Date();
    utimesSync(file, now, now);
  } catch {
    // Read-only: it may be swept once unread for long, and is written again when it is.
  }
}

/**
 * Removes temporary files a run left when it ended mid-write (an hour old: no run still writes them)
 * and words files unread for a month (another font's or library version's).
 */
function sweepFolder(folder: string): void {
  let names: string[];
  try {
    names = readdirSync(folder);
  } catch {
    return; // No folder yet, or one that cannot be read: nothing to sweep.
  }
  for (const name of names) {
    const age = name.endsWith('.tmp') ? STALE_TMP_MS : name.endsWith('.words') ? UNUSED_FILE_MS : null;
    if (age === null) continue;
    const file = join(folder, name);
    try {
      if (Date.now() - statSync(file).mtimeMs > age) rmSync(file, { force: true });
    } catch {
      // Gone already (another run swept it), or in use (Windows): the next run tries again.
    }
  }
}
