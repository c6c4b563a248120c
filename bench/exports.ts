import { mkdtemp, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { writeEstimateWorkbook } from '../src-main/exports/excel';
import { writeEstimatePdf } from '../src-main/exports/pdf';
import { largeDocument } from '../tests/helpers/export-fixture';
import { barePdf, bareXlsx } from './floors';
import { ratio, tableRow, yesNo } from './table';

const MB = 1024 * 1024;

/**
 * Samples the resident set size every 20 ms while `work` runs (the timer fires whenever the export
 * yields, which the Excel writer does every 1,000 rows).
 */
async function withPeakRss<T>(
  work: () => Promise<T>,
): Promise<{ result: T; baseline: number; peak: number }> {
  const gc = (globalThis as { gc?: () => void }).gc;
  gc?.();
  const baseline = process.memoryUsage().rss;
  let peak = baseline;
  const timer = setInterval(() => {
    peak = Math.max(peak, process.memoryUsage().rss);
  }, 20);
  try {
    const result = await work();
    peak = Math.max(peak, process.memoryUsage().rss);
    return { result, baseline, peak };
  } finally {
    clearInterval(timer);
  }
}

async function timed(runs: number, once: (i: number) => Promise<void>): Promise<number[]> {
  const times: number[] = [];
  for (let i = 0; i < runs; i++) {
    const t0 = performance.now();
    await once(i);
    times.push(performance.now() - t0);
  }
  return times;
}

/** Excel export of a 20,000-item estimate (streaming writer): wall time and memory. */
export async function benchExcelExport(): Promise<Record<string, string | number>> {
  const dir = await mkdtemp(join(tmpdir(), 'plandesk-bench-'));
  try {
    const doc = largeDocument(20_000);
    const file = join(dir, 'estimate.xlsx');
    const options = { language: 'de-DE' };
    const first = await withPeakRss(async () => {
      const t0 = performance.now();
      await writeEstimateWorkbook([doc], options, file);
      return performance.now() - t0;
    });
    const next = await withPeakRss(() => timed(2, () => writeEstimateWorkbook([doc], options, file)));
    const all = [first.result, ...next.result];
    const bare = await withPeakRss(() => timed(3, () => bareXlsx(20_000, join(dir, 'bare.xlsx'))));
    const best = Math.min(...all);
    const bareBest = Math.min(...bare.result);
    tableRow({
      what: 'Excel export of 20,000 items (writer alone, in this process)',
      now: `${Math.round(best)} ms, peak RSS +${Math.round((first.peak - first.baseline) / MB)} MB`,
      floor: `bare exceljs, 20,000 rows × 6: ${Math.round(bareBest)} ms, +${Math.round((bare.peak - bare.baseline) / MB)} MB`,
      ratio: ratio(best, bareBest),
      target: '≤ 3000 ms, ≤ 400 MB',
      within: yesNo(best <= 3000 && first.peak <= 400 * MB),
    });
    return {
      items: 20_000,
      'file size (MB)': ((await stat(file)).size / MB).toFixed(1),
      'first run (ms)': Math.round(first.result),
      'best of 3 (ms)': Math.round(Math.min(...all)),
      'target (ms)': '≤ 3000',
      'baseline RSS (MB)': Math.round(first.baseline / MB),
      'peak RSS − baseline (MB)': Math.round((first.peak - first.baseline) / MB),
      'peak RSS, 1st run (MB)': Math.round(first.peak / MB),
      'peak RSS, runs 2-3 (MB)': Math.round(next.peak / MB),
      'target peak (MB)': '≤ 400',
      'floor: bare exceljs, 20,000 rows × 6 (ms)': `${Math.round(bareBest)} (× ${ratio(best, bareBest)})`,
    };
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

/** PDF quote of a 2,000-item estimate (client copy, German, with a logo): wall time. */
export async function benchPdfExport(): Promise<Record<string, string | number>> {
  const dir = await mkdtemp(join(tmpdir(), 'plandesk-bench-'));
  try {
    const doc = largeDocument(2_000);
    const file = join(dir, 'quote.pdf');
    const times = await timed(3, () => writeEstimatePdf(doc, { language: 'de-DE', clientCopy: true }, file));
    const internal = await timed(1, () =>
      writeEstimatePdf(doc, { language: 'de-DE', preset: 'internal' }, join(dir, 'internal.pdf')),
    );
    const bare = await timed(3, () => barePdf(2_000, join(dir, 'bare.pdf')));
    const best = Math.min(...times);
    const bareBest = Math.min(...bare);
    tableRow({
      what: 'PDF quote of 2,000 items (writer alone, in this process)',
      now: `${Math.round(best)} ms`,
      floor: `bare pdfmake, 2,000 rows × 6: ${Math.round(bareBest)} ms`,
      ratio: ratio(best, bareBest),
      target: '≤ 5000 ms',
      within: yesNo(best <= 5000),
    });
    return {
      items: 2_000,
      'file size (MB)': ((await stat(file)).size / MB).toFixed(1),
      'first run (ms)': Math.round(times[0] as number),
      'best of 3 (ms)': Math.round(Math.min(...times)),
      'internal worksheet, all columns, A4 landscape (ms)': Math.round(internal[0] as number),
      'target (ms)': '≤ 5000',
      'floor: bare pdfmake, 2,000 rows × 6 (ms)': `${Math.round(bareBest)} (× ${ratio(best, bareBest)})`,
    };
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}
