/**
 * Characters the PDF's font (Roboto) cannot print: the quote and the change order are written all
 * the same, and say which characters, as a warning; what the document does not print (an internal
 * note in a client's quote) never counts. The real font, read back by pdftotext.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildChangeOrder } from '../../src-main/exports/change-order/build';
import { renderChangeOrderPdf } from '../../src-main/exports/change-order/pdf';
import { estimatePdfPages, findFontDir, writeEstimatePdf } from '../../src-main/exports/pdf';
import { glyphCheckFor } from '../../src-main/exports/pdf/render';
import { partsOf } from '../../src-main/estimates/estimate-parts';
import { compareSnapshots } from '../../src-main/versions/compare';
import type { ExportWarning } from '../../src-shared/exports/warnings';
import { snapshotOfDocument, versionRefOf } from '../helpers/document-snapshots';
import { SAMPLE_CUSTOMER, group, makeDocument, position } from '../helpers/export-fixture';
import { pdfPages, renderPages } from '../helpers/export-readers';
import { describeWithTools, pdftoppm, pdftotext } from '../helpers/external-tools';

const PAGES_DIR = join(__dirname, '../../test-results/pdf-pages');

let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'plandesk-pdf-glyphs-'));
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

/** A quote to a client in Beijing: Chinese in the header, an emoji in a row, a note only inside. */
function beijingQuote() {
  return makeDocument({
    header: { customer: { ...SAMPLE_CUSTOMER, company: '北京建筑有限公司', city: 'Beijing' } },
    items: [
      group('Küche', [
        position('Fliesen 🏠', '12', 'm²', {
          labor: '45.00',
          material: '32.90',
          internal_notes: 'Nur intern: 秘密',
        }),
        position('Abdichtung', '8', 'm²', { labor: '20.00', material: '9.50' }),
      ]),
    ],
  });
}

describeWithTools('PDF export: characters the font cannot print', [pdftotext, pdftoppm], () => {
  it('writes the quote and names the characters it prints as empty boxes, once each, in the order met', async () => {
    const warnings: ExportWarning[] = [];
    const file = join(dir, 'beijing.pdf');
    await writeEstimatePdf(
      beijingQuote(),
      { language: 'de-DE', preset: 'quote', onWarning: (w) => warnings.push(w) },
      file,
    );
    // The internal note (秘密) is not in a client's quote: not named.
    expect(warnings).toEqual([
      {
        code: 'characters-not-in-font',
        characters: ['北', '京', '建', '筑', '有', '限', '公', '司', '🏠'],
        count: 9,
      },
    ]);
    const text = (await pdfPages(file)).join('\n');
    expect(text).toContain('Fliesen');
    expect(text).toContain('Abdichtung');
    expect(text).not.toContain('Nur intern');
    await renderPages(file, PAGES_DIR, { first: 1, last: 1 });
  });
});

describe('PDF export: characters the font cannot print, without reading the PDF back', () => {
  it('takes the fast path with Roboto: the common characters are all in it', () => {
    expect(glyphCheckFor(findFontDir())?.commonCovered).toBe(true);
  });

  it('names them once when the pages were counted first and the plan is kept for the writer', async () => {
    const parts = partsOf(beijingQuote());
    const options = { language: 'de-DE' as const, preset: 'quote' };
    expect(await estimatePdfPages(parts, options)).toBe(1);
    const warnings: ExportWarning[] = [];
    await writeEstimatePdf(
      parts,
      { ...options, onWarning: (w) => warnings.push(w) },
      join(dir, 'counted.pdf'),
    );
    expect(warnings.map((w) => w.code)).toEqual(['characters-not-in-font']);
  });

  it('counts what the internal worksheet prints: its notes too', async () => {
    const warnings: ExportWarning[] = [];
    await writeEstimatePdf(
      beijingQuote(),
      { language: 'de-DE', preset: 'internal', onWarning: (w) => warnings.push(w) },
      join(dir, 'beijing-internal.pdf'),
    );
    expect(warnings).toEqual([
      {
        code: 'characters-not-in-font',
        characters: ['北', '京', '建', '筑', '有', '限', '公', '司', '🏠', '秘', '密'],
        count: 11,
      },
    ]);
  });

  it('says nothing of a quote in Latin, Greek and Cyrillic letters, which the font has', async () => {
    const warnings: ExportWarning[] = [];
    const doc = makeDocument({
      header: { customer: { ...SAMPLE_CUSTOMER, company: 'Ωμέγα Κατασκευές / Строй-Сервис' } },
      items: [position('Façade Crépi – Øresund, Łódź, Ærø', '3', 'm²', { labor: '12.00' })],
    });
    await writeEstimatePdf(
      doc,
      { language: 'fr-FR', onWarning: (w) => warnings.push(w) },
      join(dir, 'latin.pdf'),
    );
    expect(warnings).toEqual([]);
  });

  it('names them for a change order too', async () => {
    const before = makeDocument({ items: [position('Fliesen', '12', 'm²', { labor: '45.00' })] });
    const after = makeDocument({
      items: [
        position('Fliesen', '12', 'm²', { labor: '45.00' }),
        position('床', '1', 'pcs', { labor: '10.00' }),
      ],
    });
    after.tree[0]!.id = before.tree[0]!.id;
    after.estimate.id = before.estimate.id;
    const a = snapshotOfDocument(before);
    const b = snapshotOfDocument(after);
    const refs = {
      from: versionRefOf(before, 1, '2026-11-20 09:30:00'),
      to: versionRefOf(after, 2, '2026-11-24 16:05:00'),
    };
    const { comparison } = compareSnapshots(a, b, { ...refs, includeUnchanged: false });
    const order = buildChangeOrder({
      from: a,
      to: b,
      comparison,
      options: { preset: 'quote', language: 'de-DE' },
      madeAt: '2026-11-26T10:00:00.000Z',
    });
    const warnings: ExportWarning[] = [];
    const bytes = await renderChangeOrderPdf(order, { onWarning: (w) => warnings.push(w) });
    expect(bytes.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    expect(warnings).toEqual([{ code: 'characters-not-in-font', characters: ['床'], count: 1 }]);
  });
});
