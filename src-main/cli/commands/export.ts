import path from 'node:path';
import type { ApiClient } from '../../api/client';
import { toEstimateDocument } from '../../estimates/document';
import { writeEstimateWorkbook } from '../../exports/excel';
import { writeEstimatePdf } from '../../exports/pdf';
import { requirePositional, type CliFlags } from '../args';
import { ServiceError } from '../../errors/service-error';
import { EN, type CliText } from '../i18n';

/**
 * `plandesk export PROJECT_ID [ESTIMATE_ID] --format xlsx|pdf --out FILE [--lang xx-XX] [--client-copy]`:
 * one estimate, or (xlsx only) every estimate of the project into one workbook, a sheet each.
 */
export async function exportCommand(
  client: ApiClient,
  flags: CliFlags,
  positionals: string[],
  { t, lang }: CliText = EN,
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
  const ids = estimateId ? [estimateId] : (await client.listAllEstimates(projectId)).map((e) => e.id);
  if (ids.length === 0) throw new ServiceError('not-found', 'This project has no estimates to export.');
  const docs = [];
  for (const id of ids) docs.push(toEstimateDocument(await client.getEstimate(projectId, id)));
  const options = { clientCopy: flags['client-copy'] === true, language: lang };
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
  if (flags.json) return JSON.stringify({ path: where, estimates: docs.length });
  return docs.length === 1
    ? t('cli.exportedOne', { name: docs[0]!.estimate.name, path: where })
    : t('cli.exportedMany', { count: docs.length, path: where });
}
