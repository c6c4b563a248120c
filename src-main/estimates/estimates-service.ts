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
import { quoteTotals, quoteTotalsView } from '../../src-shared/estimates/quote-totals';
import type { EstimateSummary } from '../../src-shared/estimates/types';
import { clientName } from '../../src-shared/estimates/client-name';
import type { ExportPreset, Paper } from '../../src-shared/exports/presets';
import { currencyDigits } from '../../src-shared/money/currency';
import type { ExportOptions } from '../exports/options';
import { ServiceError } from '../errors/service-error';
import { safeFileName } from '../../src-shared/files/safe-file-name';

export type SaveFormat = 'xlsx' | 'pdf';

/** Asks the user where to save (the OS save dialog in the app); null when they cancel. */
export type ChooseSavePath = (suggestedName: string, format: SaveFormat) => Promise<string | null>;

export interface ExportRequest {
  projectId: string;
  estimateId?: string | undefined;
  format: SaveFormat;
  /** A built-in preset (`quote`, `internal`) or a saved one's id: it decides what kind of document it is. */
  presetId: string;
  /** The columns chosen for this export (a client document still never gets an internal one). */
  columns?: ExportColumnKey[] | undefined;
  language: UiLanguage;
  paper?: Paper | undefined;
  statements?: boolean | undefined;
  operationId?: string | undefined;
}

/** Estimates whose totals a list fetches in the background, at most, each time it is shown. */
const BACKGROUND_TOTALS = 20;

/**
 * Estimates as the app shows and exports them: read through the cache (so they work offline), turned
 * into the tree with exact totals, flattened for the virtual list, and written to Excel or PDF.
 */
export class EstimatesService {
  /** Totals worked out before, by workspace, project and estimate, with the version they are of. */
  private readonly summaries = new Map<string, { modified: string | null; summary: EstimateSummary }>();

  constructor(
    private readonly active: ActiveSource,
    private readonly operations: Operations,
    private readonly chooseSavePath: ChooseSavePath,
    private readonly logger: Logger,
    private readonly presets: { saved(): Promise<ExportPreset[]>; markUsed(id: string): Promise<void> },
  ) {}

  async list(projectId: string): Promise<EstimateList> {
    const { meta, cached } = await this.active();
    const r = await cached.listAllEstimates(projectId);
    return {
      rows: r.data.map((e) => ({
        id: e.id,
        name: e.name,
        status: e.status ?? null,
        uniqueId: e.unique_id,
        created: e.created ?? null,
        modified: e.modified ?? null,
        // Only what is known without a request: a list must open at once.
        totals: this.known(
          meta.id,
          projectId,
          e.id,
          e.modified ?? null,
          () => cached.cachedEstimate(projectId, e.id)?.data ?? null,
        ),
      })),
      ...provenance(r),
    };
  }

  async get(projectId: string, estimateId: string, operationId?: string): Promise<EstimateView> {
    const { meta, cached } = await this.active();
    const op = this.operations.start(operationId);
    try {
      const r = await cached.getEstimate(projectId, estimateId, { signal: op.signal });
      const doc = toEstimateDocument(r.data);
      const rows = flattenTree(doc.tree);
      const quote = quoteTotalsView(
        quoteTotals(rows, doc.service_totals, currencyDigits(doc.estimate.currency)),
      );
      this.summaries.set(`${meta.id}|${projectId}|${estimateId}`, {
        modified: r.data.modified ?? null,
        summary: { currency: doc.estimate.currency, quote, client: clientName(doc.estimate.customer) },
      });
      return {
        estimate: doc.estimate,
        rows,
        quote,
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
   * The totals of a project's estimates for its list: from what PlanDesk already knows, else fetched
   * one after another (at most a few per call, so a long list never eats the request budget), until
   * cancelled. Estimates that cannot be fetched are left out.
   */
  async totals(
    projectId: string,
    estimates: { id: string; modified: string | null }[],
    operationId?: string,
  ): Promise<Record<string, EstimateSummary>> {
    const { meta, cached } = await this.active();
    const op = this.operations.start(operationId);
    const out: Record<string, EstimateSummary> = {};
    let fetched = 0;
    try {
      for (const { id, modified } of estimates) {
        if (op.signal.aborted) break;
        const known = this.known(
          meta.id,
          projectId,
          id,
          modified,
          () => cached.cachedEstimate(projectId, id)?.data ?? null,
        );
        if (known) {
          out[id] = known;
          continue;
        }
        if (fetched >= BACKGROUND_TOTALS) break;
        fetched++;
        try {
          const r = await cached.getEstimate(projectId, id, { signal: op.signal });
          out[id] = this.summarize(meta.id, projectId, r.data);
        } catch (err) {
          if (op.signal.aborted) break;
          this.logger.log('info', `totals of estimate ${id} not available: ${(err as Error).message}`);
        }
      }
      return out;
    } finally {
      op.finish();
    }
  }

  /** The totals of a project's estimates known without a request (worked out before, or cached). */
  async knownTotals(
    projectId: string,
    estimates: { id: string; modified: string | null }[],
  ): Promise<Record<string, EstimateSummary>> {
    const { meta, cached } = await this.active();
    const out: Record<string, EstimateSummary> = {};
    for (const { id, modified } of estimates) {
      const known = this.known(
        meta.id,
        projectId,
        id,
        modified,
        () => cached.cachedEstimate(projectId, id)?.data ?? null,
      );
      if (known) out[id] = known;
    }
    return out;
  }

  /**
   * The summary of an estimate as the list knows it (`modified`, null: any version): one worked out
   * before, or worked out now from the cached copy; null when neither is that version.
   */
  private known(
    workspaceId: string,
    projectId: string,
    estimateId: string,
    modified: string | null,
    cachedDetail: () => EstimateDetail | null,
  ): EstimateSummary | null {
    const current = (m: string | null | undefined): boolean =>
      modified === null || (m != null && sameMoment(m, modified));
    const kept = this.summaries.get(`${workspaceId}|${projectId}|${estimateId}`);
    if (kept && current(kept.modified)) return kept.summary;
    const detail = cachedDetail();
    return detail && current(detail.modified) ? this.summarize(workspaceId, projectId, detail) : null;
  }

  private summarize(workspaceId: string, projectId: string, detail: EstimateDetail): EstimateSummary {
    const doc = toEstimateDocument(detail);
    const rows = flattenTree(doc.tree);
    const summary: EstimateSummary = {
      currency: doc.estimate.currency,
      quote: quoteTotalsView(quoteTotals(rows, doc.service_totals, currencyDigits(doc.estimate.currency))),
      client: clientName(doc.estimate.customer),
    };
    this.summaries.set(`${workspaceId}|${projectId}|${detail.id}`, {
      modified: detail.modified ?? null,
      summary,
    });
    return summary;
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

      const options: ExportOptions = {
        preset: req.presetId,
        savedPresets: await this.presets.saved(),
        columns: req.columns,
        language: req.language,
        paper: req.paper,
        statements: req.statements,
      };
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
      await this.presets.markUsed(req.presetId).catch(() => undefined);
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

/** The same moment written two ways (the list's ISO 8601 and the detail's `YYYY-MM-DD HH:MM:SS`). */
function sameMoment(a: string, b: string): boolean {
  const time = (s: string): number =>
    Date.parse(/^\d{4}-\d{2}-\d{2} /.test(s) ? s.replace(' ', 'T') + 'Z' : s);
  return a === b || time(a) === time(b);
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
