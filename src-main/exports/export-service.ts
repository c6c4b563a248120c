/**
 * The one export use case, for the app (IPC) and the CLI alike: a client quote or an internal
 * worksheet of one estimate (PDF or xlsx), every estimate of a project in one workbook, a change order
 * between two versions, a plan's rooms table. It reads through the sources it is given, asks the save
 * target where the file goes, fetches a PDF's logo through the image source, picks the document's
 * language and paper (the reader's, not the UI's: document-language.ts), and has a worker write the
 * file through a temporary file, so a failure or a cancel leaves nothing half-written.
 */
import path from 'node:path';
import { projectSum } from '../../src-shared/estimates/project-sums';
import {
  documentDefaults,
  documentLanguage,
  type DocumentDefaults,
} from '../../src-shared/exports/document-language';
import type { ExportWarning } from '../../src-shared/exports/warnings';
import { changeOrderFileName, estimatesFileName, roomsFileName } from './file-names';
import type { UiLanguage } from '../../src-shared/i18n/languages';
import { ServiceError } from '../errors/service-error';
import type { Logger } from '../log/logger';
import { silentLogger } from '../log/logger';
import { Operations } from '../operations/operations';
import { IdleGate } from '../workers/idle-gate';
import type { Workers } from '../workers/pool';
import type {
  ChangeOrderExportRequest,
  DocumentChoice,
  EstimatesExportRequest,
  ExportOutcome,
  RoomsExportOutcome,
  RoomsExportRequest,
} from './export-requests';
import { resolveExportOptions, resolvePreset, type ExportOptions } from './options';
import { exportRoomsTable } from './rooms';
import type {
  ChangeOrderSource,
  EstimateSource,
  ExportRead,
  ExportSettings,
  ImageSource,
  PlanRoomsSource,
  RoomsSource,
  SaveTarget,
  Sourced,
} from './sources';
import {
  countPdfPagesInWorker,
  writeChangeOrderInWorker,
  writeDocumentInWorker,
  writeRoomsWorkbookInWorker,
} from './write-in-worker';
import type { PlanRoomsRead } from '../../src-shared/plans/rooms-costs-types';
import { LARGE_PDF_PAGES } from '../../src-shared/exports/large-pdf';

export interface ExportServiceDeps {
  estimates: EstimateSource;
  changeOrders?: ChangeOrderSource;
  rooms?: RoomsSource;
  /** A project's plan and rooms, for the costs-per-room sheets of internal worksheets. */
  planRooms?: PlanRoomsSource;
  save: SaveTarget;
  images: ImageSource;
  settings: ExportSettings;
  workers: Workers;
  operations?: Operations;
  /** Held while an export runs: background work (keeping versions) waits for it. */
  heavyWork?: IdleGate;
  logger?: Logger;
}

export class ExportService {
  private readonly operations: Operations;
  private readonly heavyWork: IdleGate;
  private readonly logger: Logger;

  constructor(private readonly deps: ExportServiceDeps) {
    this.operations = deps.operations ?? new Operations(() => undefined);
    this.heavyWork = deps.heavyWork ?? new IdleGate();
    this.logger = deps.logger ?? silentLogger;
  }

  /**
   * The document's language (and why), paper and CSV format an export dialog opens with: for one
   * estimate, or for a project's workbook (its first estimate whose company PlanDesk knows).
   */
  async defaults(req: { projectId?: string; estimateId?: string }): Promise<DocumentDefaults> {
    return documentDefaults(await this.languageOf(undefined, await this.knownCompanyCountry(req)));
  }

  /** The company's country of an estimate PlanDesk has read, without reading one now. */
  private async knownCompanyCountry(req: {
    projectId?: string;
    estimateId?: string;
  }): Promise<string | null> {
    const { projectId, estimateId } = req;
    const { knownSummary } = this.deps.estimates;
    if (!projectId || !knownSummary) return null;
    const ids = estimateId
      ? [estimateId]
      : await this.deps.estimates.estimateIds(projectId, new AbortController().signal).catch(() => []);
    for (const id of ids.slice(0, 20)) {
      const country = (await knownSummary.call(this.deps.estimates, projectId, id))?.companyCountry;
      if (country) return country;
    }
    return null;
  }

  /**
   * One estimate as PDF or xlsx, or every estimate of the project into one workbook (a summary sheet
   * with one total per currency, then a sheet per estimate). Works offline when the source does.
   */
  async estimates(req: EstimatesExportRequest): Promise<ExportOutcome> {
    if (req.format === 'pdf' && !req.estimateId) {
      throw new ServiceError(
        'validation',
        'A PDF quote is made for one estimate: open the estimate and export it from there.',
      );
    }
    if (req.roomsCosts && req.format !== 'xlsx') {
      throw new ServiceError(
        'validation',
        'The costs per room are a sheet of a workbook: export the internal worksheet as Excel (xlsx).',
      );
    }
    const op = this.operations.start(req.operationId);
    const release = this.heavyWork.hold();
    try {
      const ids = req.estimateId
        ? [req.estimateId]
        : await this.deps.estimates.estimateIds(req.projectId, op.signal);
      if (ids.length === 0) throw new ServiceError('not-found', 'This project has no estimates to export.');
      const reads: Sourced<ExportRead>[] = [];
      for (const id of ids) {
        reads.push(await this.deps.estimates.readForExport(req.projectId, id, op.signal));
        if (!req.estimateId) op.progress(reads.length, ids.length);
      }
      const first = reads[0]!.data;
      const chosen = await this.options(req, first.label.companyCountry, {
        statements: req.statements,
        roomsCosts: req.roomsCosts,
      });
      const { options, language } = chosen;
      const provenance = provenanceOf(reads);
      const outcome = {
        ...provenance,
        language,
        estimates: reads.length,
        name: first.label.name,
        totals: projectSum(reads.map((r) => r.data.summary)).sums,
      };
      const images =
        req.format === 'pdf' ? await this.companyImages(first.companyImages, op.signal) : undefined;
      if (req.format === 'pdf' && !req.largePdf) {
        // Asked before the save dialog: a PDF of hundreds of pages is better written as a workbook.
        const counted = await countPdfPagesInWorker(this.deps.workers, {
          body: first.cacheBody,
          prepared: first.prepared ?? null,
          options,
          ...(images ? { images } : {}),
          signal: op.signal,
        });
        reads[0] = { ...reads[0]!, data: { ...first, prepared: counted.prepared } };
        if (counted.pages > LARGE_PDF_PAGES) {
          return { ...outcome, path: null, warnings: [], largePdfPages: counted.pages };
        }
      }
      const labels = reads.map((r) => r.data.label);
      const target = await this.deps.save.choose(estimatesFileName(labels, req), req.format);
      if (!target) return { ...outcome, path: null, warnings: [] };
      const mismatches = reads.flatMap((r) => mismatchOf(r.data));
      const plan = req.roomsCosts ? await this.planRooms(req.projectId, op.signal) : undefined;
      const warnings = await writeDocumentInWorker(this.deps.workers, {
        format: req.format,
        bodies: reads.map((r) => r.data.cacheBody),
        prepared: reads.map((r) => r.data.prepared ?? null),
        options,
        plan,
        images,
        target,
        signal: op.signal,
      });
      await this.used(req, chosen);
      this.logger.log(
        'info',
        `exported ${reads.length} estimate(s) as ${req.format} to ${path.basename(target)}`,
      );
      return { ...outcome, path: target, warnings: [...mismatches, ...warnings] };
    } finally {
      release();
      op.finish();
    }
  }

  /** The change order from one version (or estimate) to another, as PDF or xlsx. */
  async changeOrder(req: ChangeOrderExportRequest): Promise<ExportOutcome> {
    const source = this.deps.changeOrders;
    if (!source) throw new ServiceError('config', 'Change orders are not available here.');
    const op = this.operations.start(req.operationId);
    // The gate is taken once both sides are read: reading them waits until their versions are kept,
    // which the gate holds back.
    let release = (): void => undefined;
    try {
      const sides = await source.sides(req.projectId, req.from, req.to, op.signal);
      release = this.heavyWork.hold();
      const chosen = await this.options(req, sides.companyCountry, {});
      const { options, language } = chosen;
      const outcome = {
        source: sides.source,
        fetchedAt: sides.fetchedAt.toISOString(),
        language,
        estimates: 1,
        name: sides.refs.to.estimateName,
        totals: [],
      };
      const target = await this.deps.save.choose(
        changeOrderFileName(sides.refs.to, req.format, language),
        req.format,
      );
      if (!target) return { ...outcome, path: null, warnings: [] };
      const images =
        req.format === 'pdf' ? await this.companyImages(sides.companyImages, op.signal) : undefined;
      const warnings = await writeChangeOrderInWorker(this.deps.workers, {
        format: req.format,
        versions: sides.versions,
        refs: sides.refs,
        options,
        ...(images ? { images } : {}),
        madeAt: new Date(),
        target,
        signal: op.signal,
      });
      await this.used(req, chosen);
      this.logger.log('info', `exported a change order as ${req.format}`);
      return { ...outcome, path: target, warnings };
    } finally {
      release();
      op.finish();
    }
  }

  /**
   * A plan's rooms table as xlsx or as CSV in the document language's own format; as xlsx, with the
   * costs per room of an estimate beside it when one is given (the plan view's estimate).
   */
  async rooms(req: RoomsExportRequest): Promise<RoomsExportOutcome> {
    const source = this.deps.rooms;
    if (!source) throw new ServiceError('config', 'The rooms export is not available here.');
    if (req.costsOf && req.format !== 'xlsx') {
      throw new ServiceError(
        'validation',
        'The costs per room are a sheet of the Excel workbook, not of a CSV file.',
      );
    }
    const op = this.operations.start(req.operationId);
    try {
      const { table, planName, plan } = await source.rooms(req.planId);
      if (!table.available) {
        throw new ServiceError(
          'validation',
          'The service sent this plan without floors, so it lists no rooms: there is no rooms table to export.',
        );
      }
      const read = req.costsOf
        ? await this.deps.estimates.readForExport(req.costsOf.projectId, req.costsOf.estimateId, op.signal)
        : null;
      // With an estimate's costs, the workbook is that estimate's reader's, as its worksheet would be.
      const { language } = await this.languageOf(req.language, read?.data.label.companyCountry ?? null);
      const target = await this.deps.save.choose(roomsFileName(planName, req.format, language), req.format);
      const outcome = { language, rooms: table.rows.length };
      if (!target) return { ...outcome, path: null, warnings: [] };
      const options = {
        language,
        ...(req.separator ? { separator: req.separator } : {}),
        projectName: req.projectName ?? null,
      };
      let warnings: ExportWarning[] = [];
      if (req.format === 'csv') await exportRoomsTable(table, 'csv', target, options);
      else {
        warnings = await writeRoomsWorkbookInWorker(this.deps.workers, {
          table,
          options,
          costs: read ? { body: read.data.cacheBody, prepared: read.data.prepared ?? null, plan } : null,
          target,
          signal: op.signal,
        });
      }
      if (req.language) await this.deps.settings.rememberLanguage(req.language).catch(() => undefined);
      this.logger.log('info', `exported a plan's rooms as ${req.format} to ${path.basename(target)}`);
      return { ...outcome, path: target, warnings };
    } finally {
      op.finish();
    }
  }

  /** The project's plan and rooms, for costs-per-room sheets. */
  private async planRooms(projectId: string, signal: AbortSignal): Promise<PlanRoomsRead> {
    const source = this.deps.planRooms;
    if (!source) throw new ServiceError('config', 'The costs per room are not available here.');
    return source.planRooms(projectId, signal);
  }

  /** The language chosen, else the workspace's, else the company's country's, else the UI's. */
  private async languageOf(chosen: UiLanguage | null | undefined, companyCountry: string | null) {
    const { settings } = this.deps;
    return documentLanguage({
      chosen,
      workspace: await settings.documentsLanguage(),
      companyCountry,
      ui: await settings.uiLanguage(),
    });
  }

  /** The writer's options: the preset, the columns, the language and paper (a preset's own first). */
  private async options(
    req: DocumentChoice,
    companyCountry: string | null,
    extra: { statements?: boolean | undefined; roomsCosts?: boolean | undefined },
  ): Promise<{ options: ExportOptions; language: UiLanguage; presetLanguage: UiLanguage | null }> {
    const savedPresets = await this.deps.settings.saved();
    const preset = resolvePreset({ preset: req.presetId, savedPresets });
    const { language } = await this.languageOf(req.language ?? preset.language, companyCountry);
    const options: ExportOptions = {
      preset: req.presetId,
      savedPresets,
      ...(req.columns ? { columns: req.columns } : {}),
      language,
      ...(req.paper ? { paper: req.paper } : {}),
      ...(extra.statements !== undefined ? { statements: extra.statements } : {}),
      ...(extra.roomsCosts ? { roomsCosts: true } : {}),
    };
    // Checked before anything is written: an unknown column list fails here.
    const resolved = resolveExportOptions(options);
    if (extra.roomsCosts && !resolved.roomsCosts) {
      // Asked for in a client document: refused rather than left out without a word.
      throw new ServiceError(
        'validation',
        'The costs per room are part of the internal worksheet only: a client document never carries them.',
      );
    }
    return { options, language, presetLanguage: preset.language };
  }

  /**
   * The preset was used; a language chosen for the document is the workspace's documents language from
   * now on (unless it is the preset's own: a preset in English says nothing about the workspace).
   */
  private async used(
    req: DocumentChoice,
    { language, presetLanguage }: { language: UiLanguage; presetLanguage: UiLanguage | null },
  ): Promise<void> {
    await this.deps.settings.markUsed(req.presetId).catch(() => undefined);
    if (req.language && req.language !== presetLanguage) {
      await this.deps.settings.rememberLanguage(language).catch(() => undefined);
    }
  }

  /** The company's logo and watermark for a PDF (small, capped); each left out when it cannot be fetched. */
  private async companyImages(
    urls: { logo: string | null; watermark: string | null },
    signal: AbortSignal,
  ): Promise<{ logo: Uint8Array | null; watermark: Uint8Array | null }> {
    const fetch = async (url: string | null): Promise<Uint8Array | null> =>
      url ? this.deps.images.fetchImage(url, signal).catch(() => null) : null;
    const [logo, watermark] = await Promise.all([fetch(urls.logo), fetch(urls.watermark)]);
    return { logo, watermark };
  }
}

/** A warning when the service's totals of an estimate differ from its items (the document shows the items'). */
function mismatchOf(read: ExportRead): ExportWarning[] {
  const { quote, currency } = read.summary;
  if (!quote.mismatch) return [];
  return [
    {
      code: 'totals-mismatch',
      estimate: read.label.uniqueIdentifier ?? read.label.name,
      currency,
      net: quote.net,
      gross: quote.gross,
      ...quote.mismatch,
    },
  ];
}

/** The oldest fetch of the reads, and whether any came from the offline copy. */
function provenanceOf(reads: readonly Sourced<unknown>[]): {
  source: 'network' | 'cache';
  fetchedAt: string;
} {
  const oldest = reads.reduce((a, b) => (a.fetchedAt <= b.fetchedAt ? a : b));
  return {
    source: reads.some((r) => r.source === 'cache') ? 'cache' : 'network',
    fetchedAt: oldest.fetchedAt.toISOString(),
  };
}
