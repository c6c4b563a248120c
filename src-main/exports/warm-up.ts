/**
 * The export thread's warm-up (the export-warm task): started when an estimate opens, so the export
 * that may follow finds the thread running, its script loaded, the fonts parsed (pdf/shared-fonts.ts)
 * and its code compiled. It writes a small made-up quote the way an export writes one, from the
 * cache's bytes to the PDF, into nothing. A thread that is warm already returns at once.
 */
import { Writable } from 'node:stream';
import type { EstimateDetail, EstimateItem } from '../api/schemas';
import { cacheBodyOf } from '../estimates/estimate-body';
import { readEstimateDetail } from '../estimates/estimate-tasks';
import { toEstimateDocument } from '../estimates/document';
import { estimateParts } from '../estimates/estimate-parts';
import { moneyWarnings } from './money-check';
import { estimatePdfPages, findFontDir, prepareFonts, streamEstimatePdf } from './pdf';
import { languageOfCountry } from '../../src-shared/i18n/countries';

/** What this thread has done to get ready: nothing, its fonts, or a first layout too. */
let ready: 'nothing' | 'fonts' | 'laid-out' = 'nothing';

const money = (cents: number): string =>
  `${Math.floor(cents / 100)}.${String(cents % 100).padStart(2, '0')}0000000000`;

/** A made-up estimate: two groups of positions with descriptions and notes, in euros, 19 % VAT. */
function warmUpDetail(): EstimateDetail {
  const items: EstimateItem[] = [];
  for (let g = 1; g <= 2; g++) {
    items.push({ id: `g${g}`, parent_id: null, type: 'group', code: `0${g}`, name: `Gruppe ${g}`, sort: g });
    for (let p = 1; p <= 6; p++) {
      const cents = 1234 * p + 567 * g;
      items.push({
        id: `g${g}p${p}`,
        parent_id: `g${g}`,
        type: 'position',
        code: `0${g}.0${p}`,
        name: `Position ${g}.${p}: Fliesen 30×60 verlegen, Fugen grau`,
        description: 'Inklusive Nebenarbeiten, Schutz angrenzender Bauteile und Reinigung.',
        internal_notes: 'Einkauf über Großhandel',
        quantity: '1.000000000000',
        unit: 'm²',
        sort: p,
        labor_unit_price: money(cents),
        labor_cost: money(cents),
        total_cost: money(cents),
        tax: '0.190000000000',
        total: money(Math.round(cents * 1.19)),
      });
    }
  }
  return {
    id: 'warm-up',
    name: 'Angebot',
    unique_identifier: 'A-1',
    creator: null,
    last_modifier: null,
    currency: 'EUR',
    date_issue: '2026-01-15',
    opening_statement: 'Sehr geehrte Damen und Herren,',
    closing_statement: 'Mit freundlichen Grüßen',
    company: { name: 'Firma GmbH', country: 'DE' },
    customer: { name: 'Kunde' },
    items,
    estimate_totals: null,
  };
}

export interface WarmInput {
  /**
   * Also write the made-up quote (as a client quote and as an internal worksheet, into nothing), so
   * the writers' code is compiled: for the app, whose user exports later. The CLI, which writes its
   * document right after, has the thread load and parse its fonts only.
   */
  layOut?: boolean;
  /**
   * An estimate just opened (its bytes as the cache keeps them): its client quote is laid out too,
   * in its company's language, so the words of the export most likely to follow are set already.
   */
  estimate?: Uint8Array;
}

/** Gets the thread ready to write PDFs; says whether there was anything to do. */
export async function exportWarmTask(input: WarmInput = {}): Promise<{ warmed: boolean }> {
  const warmed = await warmThread(input);
  if (input.estimate) {
    const parts = estimateParts(
      toEstimateDocument(await readEstimateDetail({ origin: 'cache', body: input.estimate })),
    );
    // The language its quote is written in unless the user chooses another: its company's country's.
    const language = languageOfCountry(parts.doc.estimate?.company?.country) ?? 'en-US';
    await estimatePdfPages(parts, { preset: 'quote', language });
  }
  return { warmed: warmed || input.estimate !== undefined };
}

async function warmThread(input: WarmInput): Promise<boolean> {
  if (ready === 'laid-out' || (ready === 'fonts' && !input.layOut)) return false;
  if (ready === 'nothing') prepareFonts(findFontDir());
  ready = 'fonts';
  if (!input.layOut) return true;
  const body = cacheBodyOf(warmUpDetail());
  for (const preset of ['quote', 'internal']) {
    const parts = estimateParts(toEstimateDocument(await readEstimateDetail({ origin: 'cache', body })));
    moneyWarnings([parts]);
    const nothing = new Writable({ write: (_chunk, _encoding, done) => done() });
    await streamEstimatePdf(parts, { preset, language: 'de-DE' }, nothing);
  }
  ready = 'laid-out';
  return true;
}
