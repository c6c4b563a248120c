import path from 'node:path';
import { exportWarningText } from '../../../src-shared/exports/warnings';
import { formatMoney } from '../../../src-shared/money/format';
import { QUOTE_PRESET_ID, type ExportPreset, type Paper } from '../../../src-shared/exports/presets';
import { LARGE_PDF_PAGES } from '../../../src-shared/exports/large-pdf';
import type { UiLanguage } from '../../../src-shared/i18n/languages';
import type { ApiClient } from '../../api/client';
import { ServiceError } from '../../errors/service-error';
import { resolveExportOptions } from '../../exports/options';
import type { Workers } from '../../workers/pool';
import { documentFormat, requirePositional, type CliFlags } from '../args';
import { withCliExports } from '../exports';
import { EN, type CliText } from '../i18n';

export interface ExportContext {
  /** The worker pool (the CLI's own, closed when the command ends; else one is made for this call). */
  workers?: Workers;
  /** The app's data folder (a pool made for the call keeps its threads' compiled code there). */
  dataDir?: string;
  /** Presets the app saved for this workspace (`--preset <name>`). */
  savedPresets?: readonly ExportPreset[];
  /** The language given with --lang (or PLANDESK_LANG): the document's. Absent: the estimate's company's. */
  chosenLanguage?: UiLanguage | undefined;
  /** The documents language the app remembered for this workspace. */
  documentsLanguage?: UiLanguage | null;
  /** Where warnings go (stderr): they must not mix with the command's output. */
  warn?: (line: string) => void;
}

/** --paper: A4, Letter, or auto (the document language's). */
export function paperFlag(value: string | undefined): Paper | undefined {
  if (value === undefined) return undefined;
  const paper = (['A4', 'Letter', 'auto'] as const).find(
    (p) => p.toLowerCase() === value.trim().toLowerCase(),
  );
  if (!paper) throw new ServiceError('config', '--paper must be A4 or Letter.');
  return paper;
}

/**
 * The options every export command takes about its document: --out and --format (xlsx or pdf),
 * --preset, --columns and --paper; the preset and columns checked before anything is fetched (an
 * unknown one fails at once).
 */
export function documentFlags(flags: CliFlags, savedPresets: readonly ExportPreset[] = []) {
  const out = flags.out;
  const format = documentFormat(flags);
  if (format !== 'xlsx' && format !== 'pdf')
    throw new ServiceError('config', '--format must be xlsx or pdf.');
  if (!out) throw new ServiceError('config', 'Missing --out FILE.');
  const presetId = flags.preset ?? QUOTE_PRESET_ID;
  const columns = flags.columns?.split(',').map((c) => c.trim());
  const resolved = resolveExportOptions({ preset: presetId, savedPresets, columns });
  return { out, format, presetId, columns, paper: paperFlag(flags.paper), resolved } as const;
}

/**
 * `plandesk export PROJECT_ID [ESTIMATE_ID] --format xlsx|pdf --out FILE [--preset quote|internal|NAME]
 * [--columns a,b,c] [--lang xx-XX] [--paper A4|Letter] [--no-statements] [--rooms-costs] [--large-pdf]`:
 * one estimate, or (xlsx only) every estimate of the project into one workbook; `--rooms-costs` adds
 * each estimate's costs per room on the project's plan as a sheet of an internal worksheet (only
 * there). A PDF of more than LARGE_PDF_PAGES pages is written only with --large-pdf; without it the
 * command says how many pages it would have and how to export the workbook instead, and writes
 * nothing. The client quote is the default;
 * `--client-copy` is another name for it. The document is in --lang, else in the language the app
 * keeps for the workspace's documents, else in the estimate's company's; its paper that language's.
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
  const { out, format, presetId, columns, paper, resolved } = documentFlags(flags, context.savedPresets);
  if (format === 'pdf' && !estimateId) {
    throw new ServiceError('config', 'A PDF quote is made for one estimate: give ESTIMATE_ID.');
  }
  if (flags['client-copy'] && flags.preset && flags.preset !== QUOTE_PRESET_ID) {
    throw new ServiceError(
      'config',
      '--client-copy is the quote preset: leave out --preset, or --client-copy.',
    );
  }
  const unknown = (columns ?? []).filter((c) => c && !resolved.columns.includes(c as never));
  if (unknown.length > 0 && resolved.kind === 'client') {
    context.warn?.(`warning: not in a client document: ${unknown.join(', ')}`);
  }
  const outcome = await withCliExports(client, out, lang, context, (exports) =>
    exports.estimates({
      projectId,
      estimateId,
      format,
      presetId,
      ...(columns ? { columns: columns as never } : {}),
      language: context.chosenLanguage,
      paper,
      ...(flags['no-statements'] ? { statements: false } : {}),
      ...(flags['large-pdf'] ? { largePdf: true } : {}),
      ...(flags['rooms-costs'] ? { roomsCosts: true } : {}),
    }),
  );
  if (outcome.largePdfPages !== undefined) {
    // Nothing was written: the PDF would be too long to be of use; a workbook is offered instead.
    throw new ServiceError(
      'validation',
      t('cli.largePdf', { pages: outcome.largePdfPages, most: LARGE_PDF_PAGES }),
    );
  }
  for (const w of outcome.warnings) context.warn?.(`warning: ${exportWarningText(w, t, lang)}`);
  const where = outcome.path ?? path.resolve(out);
  // One total per currency: estimates in different currencies are never added together.
  const totals = outcome.totals.map((s) => ({
    currency: s.currency || null,
    net: s.net,
    gross: s.gross,
    estimates: s.estimates,
  }));
  if (flags.json) {
    return JSON.stringify({
      path: where,
      estimates: outcome.estimates,
      kind: resolved.kind,
      language: outcome.language,
      totals,
    });
  }
  if (outcome.estimates === 1) return t('cli.exportedOne', { name: outcome.name, path: where });
  const lines = totals.map(
    (s) =>
      '  ' +
      t('cli.totalOfCurrency', {
        currency: s.currency ?? t('cli.noCurrency'),
        gross: formatMoney(s.gross, s.currency, lang),
        count: s.estimates,
      }),
  );
  return [t('cli.exportedMany', { count: outcome.estimates, path: where }), ...lines].join('\n');
}
