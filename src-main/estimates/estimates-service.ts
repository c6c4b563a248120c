import path from 'node:path';
import type {
  EstimateLabel,
  EstimateList,
  EstimateSummary,
  EstimateViewText,
  ExportResult,
} from '../../src-shared/estimates/types';
import type { ExportColumnKey } from '../../src-shared/estimates/columns';
import type { ExportPreset, Paper } from '../../src-shared/exports/presets';
import type { UiLanguage } from '../../src-shared/i18n/languages';
import { safeFileName } from '../../src-shared/files/safe-file-name';
import type { ActiveSource } from '../app/active-workspace';
import { cacheKeys } from '../cache/cache-db';
import type { CachedClient, Fetched } from '../cache/cached-client';
import { ServiceError } from '../errors/service-error';
import type { ExportOptions } from '../exports/options';
import { writeDocumentInWorker } from '../exports/write-in-worker';
import type { ApiClient } from '../api/client';
import type { Logger } from '../log/logger';
import type { Operations } from '../operations/operations';
import type { Workers } from '../workers/pool';
import { IdleGate } from '../workers/idle-gate';
import type { EstimateReadOutput, EstimateViewOutput } from './estimate-tasks';
import { estimateWork, type KeptSummary } from './estimate-reader';

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

/**
 * An estimate read: for an export, with the token of its document kept in the worker that writes
 * (exports/prepared-documents.ts; absent when it was read on main).
 */
type ExportRead = EstimateReadOutput & { prepared?: string | null };

/** Estimates whose totals a list fetches in the background, at most, each time it is shown. */
const BACKGROUND_TOTALS = 20;

/**
 * Estimates as the app shows and exports them: read through the cache (so they work offline), read
 * and summed off main's thread when large (src-main/workers), and written to Excel or PDF by a worker.
 */
export class EstimatesService {
  /** Totals worked out this session, by workspace, project and estimate. */
  private readonly summaries = new Map<string, KeptSummary>();

  constructor(
    private readonly active: ActiveSource,
    private readonly operations: Operations,
    private readonly chooseSavePath: ChooseSavePath,
    private readonly logger: Logger,
    private readonly presets: { saved(): Promise<ExportPreset[]>; markUsed(id: string): Promise<void> },
    private readonly workers: Workers,
    /** Held while an export runs: background work (keeping versions) waits for it. */
    private readonly heavyWork: IdleGate = new IdleGate(),
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
        // Only what is known without a request or a parse: a list must open at once.
        totals: this.known(meta.id, cached, projectId, e.id, e.modified ?? null),
      })),
      ...provenance(r),
    };
  }

  /** The estimate screen's view, as the bytes of its JSON text (see EstimateViewText). */
  async get(projectId: string, estimateId: string, operationId?: string): Promise<EstimateViewText> {
    const { meta, cached } = await this.active();
    const op = this.operations.start(operationId);
    try {
      const r = await cached.readEstimate(
        projectId,
        estimateId,
        estimateWork<EstimateViewOutput>(this.workers, 'estimate-view', op.signal),
        { signal: op.signal },
      );
      this.keep(meta.id, cached, projectId, estimateId, r.data);
      return { viewBytes: r.data.viewBytes, ...provenance(r) };
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
        const known = this.known(meta.id, cached, projectId, id, modified);
        if (known) {
          out[id] = known;
          continue;
        }
        if (fetched >= BACKGROUND_TOTALS) break;
        fetched++;
        try {
          const r = await this.read(cached, projectId, id, op.signal);
          out[id] = this.keep(meta.id, cached, projectId, id, r.data);
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

  /** The totals of a project's estimates known without a request or a read (worked out before, or kept). */
  async knownTotals(
    projectId: string,
    estimates: { id: string; modified: string | null }[],
  ): Promise<Record<string, EstimateSummary>> {
    const { meta, cached } = await this.active();
    const out: Record<string, EstimateSummary> = {};
    for (const { id, modified } of estimates) {
      const known = this.known(meta.id, cached, projectId, id, modified);
      if (known) out[id] = known;
    }
    return out;
  }

  /**
   * One estimate to xlsx or pdf, or every estimate of the project into one workbook. Works offline
   * from the cache. A worker writes the file, through a temporary file: a failure or a cancel leaves
   * nothing half-written.
   */
  async export(req: ExportRequest): Promise<ExportResult> {
    if (req.format === 'pdf' && !req.estimateId) {
      throw new ServiceError(
        'validation',
        'A PDF quote is made for one estimate: open the estimate and export it from there.',
      );
    }
    const { meta, client, cached } = await this.active();
    const op = this.operations.start(req.operationId);
    const release = this.heavyWork.hold();
    try {
      const reads: Fetched<ExportRead>[] = [];
      const ids = req.estimateId
        ? [req.estimateId]
        : (await cached.listAllEstimates(req.projectId, { signal: op.signal })).data.map((e) => e.id);
      if (ids.length === 0) throw new ServiceError('not-found', 'This project has no estimates to export.');
      for (const id of ids) {
        const r = await this.read(cached, req.projectId, id, op.signal, 'export-read');
        this.keep(meta.id, cached, req.projectId, id, r.data);
        reads.push(r);
        if (!req.estimateId) op.progress(reads.length, ids.length);
      }
      const oldest = reads.reduce((a, b) => (a.fetchedAt <= b.fetchedAt ? a : b));
      const source = reads.some((d) => d.source === 'cache') ? 'cache' : 'network';
      const labels = reads.map((r) => r.data.label);

      const target = await this.chooseSavePath(suggestedName(labels, req), req.format);
      if (!target) return { path: null, source, fetchedAt: oldest.fetchedAt.toISOString() };

      const options: ExportOptions = {
        preset: req.presetId,
        savedPresets: await this.presets.saved(),
        columns: req.columns,
        language: req.language,
        paper: req.paper,
        statements: req.statements,
      };
      const first = reads[0]!.data;
      const images =
        req.format === 'pdf' ? await this.companyImages(client, first.companyImages, op.signal) : undefined;
      const notices = await writeDocumentInWorker(this.workers, {
        format: req.format,
        bodies: reads.map((r) => r.data.cacheBody),
        prepared: reads.map((r) => r.data.prepared ?? null),
        options,
        images,
        target,
        signal: op.signal,
      });
      for (const m of notices) this.logger.log('warn', m);
      await this.presets.markUsed(req.presetId).catch(() => undefined);
      this.logger.log(
        'info',
        `exported ${reads.length} estimate(s) as ${req.format} to ${path.basename(target)}`,
      );
      return { path: target, source, fetchedAt: oldest.fetchedAt.toISOString() };
    } finally {
      release();
      op.finish();
    }
  }

  /** The company's logo and watermark for a PDF (small, capped, fetched here). */
  private async companyImages(
    client: ApiClient,
    urls: { logo: string | null; watermark: string | null },
    signal: AbortSignal,
  ): Promise<{ logo: Uint8Array | null; watermark: Uint8Array | null }> {
    const [logo, watermark] = await Promise.all(
      [urls.logo, urls.watermark].map((u) => (u ? client.fetchImage(u, { signal }) : Promise.resolve(null))),
    );
    return { logo: logo ?? null, watermark: watermark ?? null };
  }

  /** An estimate checked and summed, with its bytes (for a list's totals and for exports). */
  private read(
    cached: CachedClient,
    projectId: string,
    estimateId: string,
    signal: AbortSignal,
    task: 'estimate-read' | 'export-read' = 'estimate-read',
  ): Promise<Fetched<ExportRead>> {
    return cached.readEstimate(projectId, estimateId, estimateWork<ExportRead>(this.workers, task, signal), {
      signal,
    });
  }

  /**
   * The summary of an estimate as the list knows it (`modified`, null: any version), without a
   * request and without reading the estimate: worked out this session, or kept beside the cached copy.
   */
  private known(
    workspaceId: string,
    cached: CachedClient,
    projectId: string,
    estimateId: string,
    modified: string | null,
  ): EstimateSummary | null {
    const current = (k: KeptSummary | null | undefined): k is KeptSummary =>
      !!k && (modified === null || (k.modified != null && sameMoment(k.modified, modified)));
    const inMemory = this.summaries.get(`${workspaceId}|${projectId}|${estimateId}`);
    if (current(inMemory)) return inMemory.summary;
    const kept = cached.cache.get<KeptSummary>('estimate-summary', cacheKeys.estimate(projectId, estimateId));
    if (!current(kept?.data)) return null;
    this.summaries.set(`${workspaceId}|${projectId}|${estimateId}`, kept.data);
    return kept.data.summary;
  }

  /** Remembers an estimate's totals: for this session, and beside its cached copy for the next. */
  private keep(
    workspaceId: string,
    cached: CachedClient,
    projectId: string,
    estimateId: string,
    read: { summary: EstimateSummary; modified: string | null },
  ): EstimateSummary {
    const kept: KeptSummary = { modified: read.modified, summary: read.summary };
    const key = `${workspaceId}|${projectId}|${estimateId}`;
    const before = this.summaries.get(key);
    this.summaries.set(key, kept);
    if (
      before?.modified !== kept.modified ||
      !cached.cache.has('estimate-summary', cacheKeys.estimate(projectId, estimateId))
    ) {
      cached.cache.put('estimate-summary', cacheKeys.estimate(projectId, estimateId), kept);
    }
    return read.summary;
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
  labels: EstimateLabel[],
  req: Pick<ExportRequest, 'estimateId' | 'format'>,
): string {
  const first = labels[0];
  const base =
    req.estimateId && first
      ? [first.uniqueIdentifier, first.name].filter(Boolean).join(' ')
      : `${first?.projectName ?? 'Project'} estimates`;
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
