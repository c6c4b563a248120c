import path from 'node:path';
import { currencyDigits } from '../../../src-shared/money/currency';
import { minorUnitsText, quoteTotals } from '../../../src-shared/estimates/quote-totals';
import { QUOTE_PRESET_ID, type ExportPreset, type Paper } from '../../../src-shared/exports/presets';
import type { ApiClient } from '../../api/client';
import { ServiceError } from '../../errors/service-error';
import { toEstimateDocument } from '../../estimates/document';
import { flattenTree } from '../../estimates/flatten';
import { writeEstimateWorkbook } from '../../exports/excel';
import { resolveExportOptions, type ExportOptions } from '../../exports/options';
import { writeEstimatePdf } from '../../exports/pdf';
import { requirePositional, type CliFlags } from '../args';
import { EN, type CliText } from '../i18n';

export interface ExportContext {
  /** Presets the app saved for this workspace (`--preset <name>`). */
  savedPresets?: readonly ExportPreset[];
  /** Where warnings go (stderr): they must not mix with the command's output. */
  warn?: (line: string) => void;
}

/**
 * `plandesk export PROJECT_ID [ESTIMATE_ID] --format xlsx|pdf --out FILE [--preset quote|internal|NAME]
 * [--columns a,b,c] [--lang xx-XX] [--paper A4|Letter] [--no-statements]`: one estimate, or (xlsx
 * only) every estimate of the project into one workbook. The client quote is the default;
 * `--client-copy` is another name for it.
 */
export async function exportCommand(
  client: ApiClient,
  flags: CliFlags,
  positionals: string[],
  { t, lang }: CliText = EN,
  context: ExportContext = {},
): Promise<string> {
  const projectId = requirePositional(positionals, 0, 'PROJECT_ID');
  const estimateId = positionals[1];
  const out = flags.out;
  const format = flags.format ?? (out ? path.extname(out).slice(1).toLowerCase() : undefined);
  if (format !== 'xlsx' && format !== 'pdf')
    throw new ServiceError('config', '--format must be xlsx or pdf.');
  if (!out) throw new ServiceError('config', 'Missing --out FILE.');
  if (format === 'pdf' && !estimateId) {
    throw new ServiceError('config', 'A PDF quote is made for one estimate: give ESTIMATE_ID.');
  }
  if (flags['client-copy'] && flags.preset && flags.preset !== QUOTE_PRESET_ID) {
    throw new ServiceError(
      'config',
      '--client-copy is the quote preset: leave out --preset, or --client-copy.',
    );
  }
  const paper = flags.paper;
  if (paper !== undefined && paper !== 'A4' && paper !== 'Letter' && paper !== 'auto') {
    throw new ServiceError('config', '--paper must be A4 or Letter.');
  }
  const options: ExportOptions = {
    preset: flags.preset ?? QUOTE_PRESET_ID,
    savedPresets: context.savedPresets ?? [],
    language: lang,
    ...(flags.columns !== undefined ? { columns: flags.columns.split(',').map((c) => c.trim()) } : {}),
    ...(paper !== undefined ? { paper: paper as Paper } : {}),
    ...(flags['no-statements'] ? { statements: false } : {}),
  };
  // Checked before anything is fetched: an unknown preset or column list fails at once.
  const resolved = resolveExportOptions(options);
  if (flags.columns !== undefined) {
    const unknown = flags.columns
      .split(',')
      .map((c) => c.trim())
      .filter((c) => c && !resolved.columns.includes(c as never));
    if (unknown.length > 0 && resolved.kind === 'client') {
      context.warn?.(`warning: not in a client document: ${unknown.join(', ')}`);
    }
  }

  const ids = estimateId ? [estimateId] : (await client.listAllEstimates(projectId)).map((e) => e.id);
  if (ids.length === 0) throw new ServiceError('not-found', 'This project has no estimates to export.');
  const docs = [];
  for (const id of ids) docs.push(toEstimateDocument(await client.getEstimate(projectId, id)));
  for (const doc of docs) {
    const digits = currencyDigits(doc.estimate.currency);
    const mismatch = quoteTotals(flattenTree(doc.tree), doc.service_totals, digits).mismatch;
    if (mismatch) {
      const items = quoteTotals(flattenTree(doc.tree), {}, digits);
      context.warn?.(
        `${doc.estimate.unique_identifier ?? doc.estimate.id}: ` +
          t('cli.totalsMismatch', {
            net: minorUnitsText(items.net, digits),
            gross: minorUnitsText(items.gross, digits),
            serviceNet: minorUnitsText(mismatch.serviceNet, digits),
            serviceGross: minorUnitsText(mismatch.serviceGross, digits),
          }),
      );
    }
  }
  if (format === 'xlsx') {
    await writeEstimateWorkbook(docs, options, out);
  } else {
    const company = docs[0]!.estimate.company ?? {};
    const [logo, watermark] = await Promise.all(
      [company.logo_url, company.watermark_url].map((u) =>
        typeof u === 'string' && u ? client.fetchImage(u) : null,
      ),
    );
    await writeEstimatePdf(docs[0]!, { ...options, images: { logo, watermark } }, out);
  }
  const where = path.resolve(out);
  if (flags.json) return JSON.stringify({ path: where, estimates: docs.length, kind: resolved.kind });
  return docs.length === 1
    ? t('cli.exportedOne', { name: docs[0]!.estimate.name, path: where })
    : t('cli.exportedMany', { count: docs.length, path: where });
}
