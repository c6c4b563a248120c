import path from 'node:path';
import { QUOTE_PRESET_ID, type ExportPreset, type Paper } from '../../../src-shared/exports/presets';
import type { ApiClient } from '../../api/client';
import { ServiceError } from '../../errors/service-error';
import { fetchEstimateRead } from '../../estimates/estimate-reader';
import type { EstimateReadOutput } from '../../estimates/estimate-tasks';
import { resolveExportOptions, type ExportOptions } from '../../exports/options';
import { writeDocumentInWorker } from '../../exports/write-in-worker';
import { silentLogger } from '../../log/logger';
import { createWorkers, type Workers } from '../../workers/pool';
import { requirePositional, type CliFlags } from '../args';
import { EN, type CliText } from '../i18n';

export interface ExportContext {
  /** The worker pool (the CLI's own, closed when the command ends; else one is made for this call). */
  workers?: Workers;
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
  // Estimates are read and documents written in worker threads, as in the app: the command's own
  // thread only moves bytes, so it stays responsive (to Ctrl+C, say) while a large export runs.
  const workers = context.workers ?? createWorkers(silentLogger);
  const signal = new AbortController().signal;
  try {
    const reads: EstimateReadOutput[] = [];
    for (const id of ids) reads.push(await fetchEstimateRead(workers, client, projectId, id, signal));
    for (const r of reads) {
      const { mismatch, net, gross } = r.summary.quote;
      if (mismatch) {
        context.warn?.(
          `${r.label.uniqueIdentifier ?? r.label.name}: ` +
            t('cli.totalsMismatch', { net, gross, ...mismatch }),
        );
      }
    }
    const first = reads[0]!;
    const images =
      format === 'pdf'
        ? {
            logo: first.companyImages.logo ? await client.fetchImage(first.companyImages.logo) : null,
            watermark: first.companyImages.watermark
              ? await client.fetchImage(first.companyImages.watermark)
              : null,
          }
        : undefined;
    const notices = await writeDocumentInWorker(workers, {
      format,
      bodies: reads.map((r) => r.cacheBody),
      options,
      images,
      target: out,
    });
    for (const m of notices) context.warn?.(`warning: ${m}`);
    const where = path.resolve(out);
    if (flags.json) return JSON.stringify({ path: where, estimates: reads.length, kind: resolved.kind });
    return reads.length === 1
      ? t('cli.exportedOne', { name: first.label.name, path: where })
      : t('cli.exportedMany', { count: reads.length, path: where });
  } finally {
    if (!context.workers) await workers.close();
  }
}
