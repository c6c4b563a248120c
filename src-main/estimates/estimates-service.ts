import path from 'node:path';
import type {
  EstimateDocument,
  EstimateList,
  EstimateView,
  ExportResult,
} from '../../src-shared/estimates/types';
import type { EstimateDetail } from '../api/schemas';
import type { Fetched } from '../cache/cached-client';
import type { ActiveSource } from '../app/active-workspace';
import { writeEstimateWorkbook } from '../exports/excel';
import { writeEstimatePdf } from '../exports/pdf';
import type { Logger } from '../log/logger';
import type { Operations } from '../operations/operations';
import { toEstimateDocument } from './document';
import { flattenTree } from './flatten';
import type { UiLanguage } from '../../src-shared/i18n/languages';
import type { ExportColumnKey } from '../../src-shared/estimates/columns';
import { ServiceError } from '../errors/service-error';
import { safeFileName } from '../../src-shared/files/safe-file-name';

export type SaveFormat = 'xlsx' | 'pdf';

/** Asks the user where to save (the OS save dialog in the app); null when they cancel. */
export type ChooseSavePath = (suggestedName: string, format: SaveFormat) => Promise<string | null>;

export interface ExportRequest {
  projectId: string;
  estimateId?: string | undefined;
  format: SaveFormat;
  columns: ExportColumnKey[];
  clientCopy: boolean;
  language: UiLanguage;
  operationId?: string | undefined;
}

/**
 * Estimates as the app shows and exports them: read through the cache (so they work offline), turned
 * into the tree with exact totals, flattened for the virtual list, and written to Excel or PDF.
 */
export class EstimatesService {
  constructor(
    private readonly active: ActiveSource,
    private readonly operations: Operations,
    private readonly chooseSavePath: ChooseSavePath,
    private readonly logger: Logger,
  ) {}

  async list(projectId: string): Promise<EstimateList> {
    const { cached } = await this.active();
    const r = await cached.listAllEstimates(projectId);
    return {
      rows: r.data.map((e) => ({
        id: e.id,
        name: e.name,
        status: e.status ?? null,
        uniqueId: e.unique_id,
        created: e.created ?? null,
        modified: e.modified ?? null,
      })),
      ...provenance(r),
    };
  }

  async get(projectId: string, estimateId: string, operationId?: string): Promise<EstimateView> {
    const { cached } = await this.active();
    const op = this.operations.start(operationId);
    try {
      const r = await cached.getEstimate(projectId, estimateId, { signal: op.signal });
      const doc = toEstimateDocument(r.data);
      return {
        estimate: doc.estimate,
        rows: flattenTree(doc.tree),
        service_totals: doc.service_totals,
        computed_totals: doc.computed_totals,
        warnings: doc.warnings,
        ...provenance(r),
      };
    } finally {
      op.finish();
    }
  }

  /**
   * One estimate to xlsx or pdf, or every estimate of the project into one workbook. Works offline
   * from the cache. The file is written through a temporary file, so a failure leaves nothing half.
   */
  async export(req: ExportRequest): Promise<ExportResult> {
    if (req.format === 'pdf' && !req.estimateId) {
      throw new ServiceError(
        'validation',
        'A PDF quote is made for one estimate: open the estimate and export it from there.',
      );
    }
    const { client, cached } = await this.active();
    const op = this.operations.start(req.operationId);
    try {
      const details: Fetched<EstimateDetail>[] = [];
      if (req.estimateId) {
        details.push(await cached.getEstimate(req.projectId, req.estimateId, { signal: op.signal }));
      } else {
        const list = await cached.listAllEstimates(req.projectId, { signal: op.signal });
        if (list.data.length === 0)
          throw new ServiceError('not-found', 'This project has no estimates to export.');
        let done = 0;
        for (const e of list.data) {
          details.push(await cached.getEstimate(req.projectId, e.id, { signal: op.signal }));
          op.progress(++done, list.data.length);
        }
      }
      const docs = details.map((d) => toEstimateDocument(d.data));
      const oldest = details.reduce((a, b) => (a.fetchedAt <= b.fetchedAt ? a : b));
      const source = details.some((d) => d.source === 'cache') ? 'cache' : 'network';

      const target = await this.chooseSavePath(suggestedName(docs, req), req.format);
      if (!target) return { path: null, source, fetchedAt: oldest.fetchedAt.toISOString() };

      const options = { columns: req.columns, clientCopy: req.clientCopy, language: req.language };
      if (req.format === 'xlsx') {
        await writeEstimateWorkbook(docs, options, target);
      } else {
        const company = docs[0]!.estimate.company ?? {};
        const [logo, watermark] = await Promise.all(
          [company.logo_url, company.watermark_url].map((u) =>
            typeof u === 'string' && u ? client.fetchImage(u, { signal: op.signal }) : Promise.resolve(null),
          ),
        );
        await writeEstimatePdf(
          docs[0]!,
          { ...options, images: { logo, watermark }, onNotice: (m) => this.logger.log('warn', m) },
          target,
        );
      }
      this.logger.log(
        'info',
        `exported ${docs.length} estimate(s) as ${req.format} to ${path.basename(target)}`,
      );
      return { path: target, source, fetchedAt: oldest.fetchedAt.toISOString() };
    } finally {
      op.finish();
    }
  }
}

function provenance(r: { source: 'network' | 'cache'; fetchedAt: Date }) {
  return { source: r.source, fetchedAt: r.fetchedAt.toISOString() };
}

/** Characters Windows, macOS or Linux refuse in file names: spaces here, for a readable suggestion. */
const UNSAFE_IN_FILE_NAMES = /[\\/:*?"<>|]+/g;

/** "E202600017 Küche Weiß.xlsx": the number and name, minus characters no file system accepts. */
export function suggestedName(
  docs: EstimateDocument[],
  req: Pick<ExportRequest, 'estimateId' | 'format'>,
): string {
  const base =
    req.estimateId && docs[0]
      ? [docs[0].estimate.unique_identifier, docs[0].estimate.name].filter(Boolean).join(' ')
      : `${docs[0]?.estimate.project && typeof docs[0].estimate.project.name === 'string' ? docs[0].estimate.project.name : 'Project'} estimates`;
  const safe =
    [...base]
      .map((c) => (c.charCodeAt(0) < 32 ? ' ' : c))
      .join('')
      .replace(UNSAFE_IN_FILE_NAMES, ' ')
      .replace(/\s+/g, ' ')
      .trim()
      .slice(0, 120) || 'Estimate';
  // The rule every file name follows (hidden characters, reserved names, length).
  return safeFileName(`${safe}.${req.format}`, `Estimate.${req.format}`);
}
