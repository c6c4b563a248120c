/**
 * The words the CLI's export threads have shaped, kept between runs (exports/pdf/shaped-words-file.ts):
 * a new thread takes them from the folder and writes the same document, and a damaged or altered file
 * changes no character of it. Real threads, the real writers; the PDFs read back by poppler.
 */
import { createHash } from 'node:crypto';
import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, expect, it } from 'vitest';
import { storedJsonBytes } from '../../src-main/cache/cache-db';
import { writeDocumentInWorker } from '../../src-main/exports/write-in-worker';
import { SHAPED_WORDS_SETTING } from '../../src-main/exports/pdf/shaped-words-file';
import { createWorkers } from '../../src-main/workers/pool';
import { captureLog } from '../helpers/log-capture';
import { pricedEstimate } from '../helpers/priced-estimate';
import { pdfText, renderPages } from '../helpers/export-readers';
import { describeWithTools, pdftoppm, pdftotext } from '../helpers/external-tools';

const root = mkdtempSync(path.join(tmpdir(), 'plandesk-shaped-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));
// Some positions with ligatures ("fl", "fi") and one long enough to be broken at zero-width spaces.
const estimate = pricedEstimate(120);
const names = ['Wandfliesen, Kantenschutzprofil', 'Sockelleisten-Montagedienstleistungspauschale'];
const body = new Uint8Array(
  storedJsonBytes({
    ...estimate,
    items: estimate.items.map((it, i) => (i % 10 === 3 ? { ...it, name: names[i % 20 === 3 ? 0 : 1] } : it)),
  }),
);
const options = { preset: 'quote', language: 'de-DE' as const };

let made = 0;
/** A PDF of the estimate written by a new pool's thread (with the folder, or none); what it reads as. */
async function written(folder: string | null): Promise<{ text: string; pages: Buffer[] }> {
  const workers = createWorkers(captureLog().logger, 1, undefined, {
    ...(folder ? { settings: { [SHAPED_WORDS_SETTING]: folder } } : {}),
  });
  try {
    const target = path.join(root, `quote-${++made}.pdf`);
    await writeDocumentInWorker(workers, { format: 'pdf', bodies: [body.slice()], options, target });
    const pages = await renderPages(target, path.join(root, `pages-${made}`));
    return { text: await pdfText(target), pages: pages.sort().map((p) => readFileSync(p)) };
  } finally {
    await workers.close();
  }
}

/** The folder's files: name → [bytes, when written]. */
function files(folder: string): Map<string, [Buffer, number]> {
  return new Map(
    readdirSync(folder).map((f) => [
      f,
      [readFileSync(path.join(folder, f)), statSync(path.join(folder, f)).mtimeMs],
    ]),
  );
}

/** A file's words, and the file written again with them changed (its checksum made to match). */
function rewrite(
  file: string,
  change: (words: Record<string, [[number, number[]][], number[][]]>) => void,
): void {
  const text = readFileSync(file, 'latin1');
  const eol = text.indexOf('\n');
  const words = JSON.parse(Buffer.from(text.slice(eol + 1), 'latin1').toString('utf8')) as Record<
    string,
    [[number, number[]][], number[][]]
  >;
  change(words);
  const bodyText = Buffer.from(JSON.stringify(words), 'utf8').toString('latin1');
  const hash = createHash('sha256').update(bodyText, 'latin1').digest('hex');
  writeFileSync(file, `${text.slice(0, eol - 65)} ${hash}\n${bodyText}`, 'latin1');
}

describeWithTools('shaped words kept between runs', [pdftotext, pdftoppm], () => {
  it('a new thread writes the same document from them, and a damaged or altered file changes no character', async () => {
    const reference = await written(null);
    const folder = path.join(root, 'shaped-words');

    // The first run keeps the words it shaped, a file per font (regular and bold).
    const first = await written(folder);
    expect(first).toEqual(reference);
    const kept = files(folder);
    expect(kept.size).toBe(2);
    // Words with a ligature are kept too (the next run takes them from the file, checked).
    const keptText = [...kept.values()].map(([bytes]) => bytes.toString('latin1')).join('');
    expect(keptText).toMatch(/"Wandfliesen/);

    // A new thread takes every word from them: nothing new to keep, the files not written again
    // (only marked as read). A words file unread for a month (another version's) is removed.
    const unused = path.join(folder, `${'0'.repeat(32)}.words`);
    writeFileSync(unused, 'PLANDESK-SHAPED-WORDS 1 of another pdfkit\n{}');
    const monthAgo = new Date(Date.now() - 31 * 24 * 3600 * 1000);
    utimesSync(unused, monthAgo, monthAgo);
    const dayAgo = new Date(Date.now() - 24 * 3600 * 1000);
    for (const f of kept.keys()) utimesSync(path.join(folder, f), dayAgo, dayAgo);
    expect(await written(folder)).toEqual(reference);
    const after = files(folder);
    expect([...after.keys()].sort()).toEqual([...kept.keys()].sort());
    for (const [f, [bytes, read]] of after) {
      expect(bytes).toEqual(kept.get(f)![0]);
      expect(read).toBeGreaterThan(dayAgo.getTime() + 60_000);
    }

    // A damaged file (a byte flipped, the checksum no longer matching) is as good as none: the
    // document is the same, and the file is written again, whole.
    const [name] = [...kept.keys()];
    const file = path.join(folder, name!);
    const bytes = readFileSync(file);
    bytes[bytes.length - 40]! ^= 0x01;
    writeFileSync(file, bytes);
    expect(await written(folder)).toEqual(reference);
    expect(readFileSync(file)).toEqual(kept.get(name!)![0]);

    // An altered file with a matching checksum: a word whose glyph is another letter's, one that
    // claims other text, one with a glyph moved off the page, figures swapped or drawn over each
    // other. The document is the same: a glyph is always the font's own for the word's character,
    // and a word whose code points are not its text's, or whose glyphs leave the line or move back
    // or further than kerning does, is shaped afresh.
    let altered = 0;
    let ligatures = 0;
    for (const f of kept.keys()) {
      rewrite(path.join(folder, f), (words) => {
        const entries = Object.entries(words);
        const lettered = entries.filter(([w]) => /^\p{L}/u.test(w));
        const a = lettered[0]![1];
        const b = lettered.find(([, r]) => r[0][0]![1][0] !== a[0][0]![1][0])![1];
        // The first letter of one word printed with another letter's glyph, its text unchanged.
        a[0][0] = [b[0][0]![0], a[0][0]![1]];
        // A figure that says another number: its glyphs and code points both of other digits.
        const figure = entries.find(([w]) => /^\d/.test(w));
        if (figure) figure[1][0] = figure[1][0].map(([id, cps]) => [id + 1, cps.map((c) => c + 1)]);
        // A glyph moved off the page: a position no shaping of the font gives (pdfkit would throw on it).
        const moved = lettered[1]![1];
        moved[1][0] = [moved[1][0]![0]!, 0, 1e21, 0];
        // Two figures drawn in each other's place (each moved by the other's width), and a figure
        // drawn back over the one before it: the text layer would say one number, the page another.
        const figures = entries.filter(([w]) => /^\d\d/.test(w) && w !== figure?.[0]);
        const swapped = figures[0]?.[1];
        if (swapped) {
          const [first, second] = [swapped[1][0]!, swapped[1][1]!];
          swapped[1][0] = [first[0]!, 0, second[0]!, 0];
          swapped[1][1] = [second[0]!, 0, -first[0]!, 0];
          altered++;
        }
        const backwards = figures[1]?.[1];
        if (backwards) {
          backwards[1][0] = [-backwards[1][0]![0]!, 0, 0, 0];
          altered++;
        }
        // A ligature ("fl" of "Fliesen") given another ligature's glyph ("fi"): the page would
        // say another word than the text layer.
        const ligature = entries.find(([, r]) => r[0].some(([, cps]) => cps.length > 1))?.[1];
        if (ligature) {
          const at = ligature[0].findIndex(([, cps]) => cps.length > 1);
          ligature[0][at] = [ligature[0][at]![0] - 1, ligature[0][at]![1]];
          ligatures++;
        }
      });
    }
    expect(altered).toBeGreaterThanOrEqual(2);
    expect(ligatures).toBeGreaterThanOrEqual(1);
    expect(await written(folder)).toEqual(reference);
  }, 240_000);
});
