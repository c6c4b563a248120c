import type { EstimateList, EstimateSummary, EstimateViewText } from '../../src-shared/estimates/types';
import type { ActiveSource } from '../contracts/active-workspace';
import { cacheKeys } from '../cache/cache-db';
import { provenance, type CachedClient, type Fetched } from '../cache/cached-client';
import type { Logger } from '../log/logger';
import type { Operations } from '../operations/operations';
import type { Workers } from '../workers/pool';
import type { EstimateReadOutput } from './estimate-tasks';
import { estimateWork, estimateWorkFor, type KeptSummary } from './estimate-reader';
import { sameServiceMoment } from '../../src-shared/time/service-time';
import { cancelledError } from '../workers/cancel-point';
import type { KeptViews } from './kept-views';
import type { EstimateViewOutput } from './estimate-tasks';

/**
 * An estimate read: for an export, with the token of its document kept in the worker that writes
 * (absent when it was read on main).
 */
type ExportRead = EstimateReadOutput & { prepared?: string | null };

/** Estimates whose totals a list fetches in the background, at most, each time it is shown. */
const BACKGROUND_TOTALS = 20;

/**
 * An estimate the screen has just been given: its bytes as the cache keeps them, read when wanted
 * (null once they are gone). An open estimate may well be exported next: the wiring has the export
 * thread get ready then (exports/export-thread.ts), which this feature does not know.
 */
export interface OpenedEstimate {
  cachedBytes(): Uint8Array | null;
}

/**
 * Estimates as the app shows them: read through the cache (so they work offline), read and summed off
 * main's thread when large (src-main/workers); and read for the exports (src-main/exports), which
 * take them through `estimateIds` and `readForExport`.
 */
export class EstimatesService {
  /** Totals worked out this session, by workspace, project and estimate. */
  private readonly summaries = new Map<string, KeptSummary>();

  constructor(
    private readonly active: ActiveSource,
    private readonly operations: Operations,
    private readonly logger: Logger,
    private readonly workers: Workers,
    /** The views of large estimates kept beside their cached copies (stored-view.ts). */
    private readonly views: KeptViews,
    /** Told when the estimate screen has an estimate (after it was read and kept). */
    private readonly opened: (estimate: OpenedEstimate) => void = () => undefined,
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
    const key = cacheKeys.estimate(projectId, estimateId);
    try {
      const work = estimateWork(this.workers, 'estimate-view', op.signal);
      // Offline, a large estimate's view kept before is used when it was made from these very bytes.
      let cachedDigest: Promise<string> | null = null;
      let keptView = false;
      const r = await cached.readEstimate<EstimateViewOutput>(
        projectId,
        estimateId,
        {
          fromService: (fetch) => work.fromService(fetch),
          fromCache: async (bytes) => {
            const digest = (cachedDigest = this.views.digestOf(bytes));
            const kept = await this.views.read(cached, key, digest).catch(() => null);
            if (!kept) return work.fromCache(bytes);
            if (op.signal.aborted) throw cancelledError();
            keptView = true;
            return { ...kept, cacheBody: null };
          },
        },
        { signal: op.signal },
      );
      if (!keptView) {
        const fromService = r.source === 'network' && r.data.cacheBody;
        this.views.keep(cached, key, r.data, fromService ? this.views.digestOf(fromService) : cachedDigest);
      }
      this.keep(meta.id, cached, projectId, estimateId, r.data);
      this.opened({ cachedBytes: () => cached.cachedEstimateBytes(projectId, estimateId) });
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

  /**
   * One estimate's totals and client, read for a list in the background: through the cache (so the
   * estimate is kept), as a bulk request that leaves the rate budget's reserve to what the user does.
   */
  async readSummary(projectId: string, estimateId: string, signal: AbortSignal): Promise<EstimateSummary> {
    const { meta, cached } = await this.active();
    const r = await this.read(cached, projectId, estimateId, signal, 'estimate-read', true);
    return this.keep(meta.id, cached, projectId, estimateId, r.data);
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

  /** A project's estimates, in the service's order (through the cache: offline too). */
  async estimateIds(projectId: string, signal: AbortSignal): Promise<string[]> {
    const { cached } = await this.active();
    return (await cached.listAllEstimates(projectId, { signal })).data.map((e) => e.id);
  }

  /**
   * An estimate read for an export, off main's thread: its bytes, and its parts kept in the worker
   * that read it for the writer there (the export-read task). Its totals are kept for the lists.
   * Read in the export thread whatever its size: the writer there takes what it read, instead of
   * reading the bytes again (a small estimate read on main's thread was read twice).
   */
  async readForExport(
    projectId: string,
    estimateId: string,
    signal: AbortSignal,
  ): Promise<Fetched<ExportRead>> {
    const { meta, cached } = await this.active();
    const r = await this.read(cached, projectId, estimateId, signal, 'export-read');
    this.keep(meta.id, cached, projectId, estimateId, r.data);
    return r;
  }

  /** The summary of an estimate PlanDesk knows without a request (any version). */
  async knownSummary(projectId: string, estimateId: string): Promise<EstimateSummary | null> {
    const { meta, cached } = await this.active();
    return this.known(meta.id, cached, projectId, estimateId, null);
  }

  /** An estimate checked and summed, with its bytes (for a list's totals and for exports). */
  private read(
    cached: CachedClient,
    projectId: string,
    estimateId: string,
    signal: AbortSignal,
    task: 'estimate-read' | 'export-read' = 'estimate-read',
    bulk = false,
  ): Promise<Fetched<ExportRead>> {
    const work =
      task === 'export-read'
        ? estimateWorkFor(this.workers, task, signal, 0)
        : estimateWork(this.workers, task, signal);
    return cached.readEstimate(projectId, estimateId, work, { signal, bulk });
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
      !!k && (modified === null || (k.modified != null && sameServiceMoment(k.modified, modified)));
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
