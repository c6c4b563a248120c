/**
 * The export use case (src-main/exports/export-service.ts) as the CLI runs it: estimates and plans
 * straight from the service, change orders from the app's own cache of versions, the file where
 * --out says, the presets and documents language the app saved for the workspace (read, never
 * written), and the CLI's own language as the last resort for a document's.
 */
import path from 'node:path';
import type { ExportPreset } from '../../src-shared/exports/presets';
import type { UiLanguage } from '../../src-shared/i18n/languages';
import type { ApiClient } from '../api/client';
import { fetchEstimateRead } from '../estimates/estimate-reader';
import { ExportService } from '../exports/export-service';
import type { ChangeOrderSides, ChangeOrderSource } from '../exports/sources';
import { buildPlanView } from '../plans/plan-view';
import { buildRoomsTable } from '../plans/rooms-table';
import { planRoomsOf, readPlanRooms } from '../plans/plan-rooms';
import { silentLogger } from '../log/logger';
import type { Workers } from '../workers/pool';
import { cliWorkers } from './cli-workers';
import { appDataDir } from './data-dir';

export interface CliExportContext {
  client: ApiClient;
  workers: Workers;
  /** Where the file goes (--out). */
  out: string;
  /** The CLI's language (--lang, PLANDESK_LANG, else English): a document's when nothing else says. */
  language: UiLanguage;
  savedPresets?: readonly ExportPreset[];
  /** The documents language the app remembered for this workspace, if any. */
  documentsLanguage?: UiLanguage | null;
  /** Both sides of a change order, already picked from the command's arguments. */
  changeOrder?: () => Promise<ChangeOrderSides>;
}

export function cliExports(c: CliExportContext): ExportService {
  const changeOrders: ChangeOrderSource | undefined = c.changeOrder && { sides: c.changeOrder };
  return new ExportService({
    estimates: {
      estimateIds: async (projectId) => (await c.client.listAllEstimates(projectId)).map((e) => e.id),
      readForExport: async (projectId, estimateId, signal) => ({
        // A small estimate is read on this thread, which has nothing else to do while the export
        // thread is still loading its writers and fonts: the writer then reads the cache's copy of
        // it, checked already (that thread never loads zod). A large one is read in the export
        // thread, which keeps what it read for the writer, while this one only moves the bytes
        // (and stays free for Ctrl+C).
        data: await fetchEstimateRead(c.workers, c.client, projectId, estimateId, signal, 'export-read'),
        source: 'network',
        fetchedAt: new Date(),
      }),
    },
    ...(changeOrders ? { changeOrders } : {}),
    rooms: {
      rooms: async (planId) => {
        const view = buildPlanView(await c.client.getPlan(planId));
        const table = buildRoomsTable(view);
        return { table, planName: view.name ?? null, plan: planRoomsOf(view, planId, table) };
      },
    },
    // Straight from the service, as the CLI's exports read everything.
    planRooms: {
      planRooms: async (projectId, signal) =>
        readPlanRooms(
          (await c.client.getProject(projectId, { signal })).plan_id ?? null,
          (planId) => c.client.getPlan(planId, { signal }),
          signal,
        ),
    },
    save: { choose: async () => path.resolve(c.out) },
    images: { fetchImage: (url, signal) => c.client.fetchImage(url, { signal }) },
    settings: {
      saved: async () => [...(c.savedPresets ?? [])],
      markUsed: async () => undefined,
      documentsLanguage: async () => c.documentsLanguage ?? null,
      rememberLanguage: async () => undefined,
      uiLanguage: async () => c.language,
    },
    workers: c.workers,
  });
}

/** What a CLI command passes on to its exports: its presets, languages and worker pool. */
export interface CliExportOptions {
  workers?: Workers;
  /** The app's data folder: a pool made here keeps its threads' compiled code there. */
  dataDir?: string;
  savedPresets?: readonly ExportPreset[];
  documentsLanguage?: UiLanguage | null;
  changeOrder?: () => Promise<ChangeOrderSides>;
}

/**
 * Runs `work` with the export use case of a command: on the command's worker pool, or on one made for
 * it and closed afterwards. Estimates are read and documents written in worker threads, as in the
 * app: the command's own thread only moves bytes, so it stays responsive (to Ctrl+C) while a large
 * export runs.
 */
export async function withCliExports<T>(
  client: ApiClient,
  out: string,
  language: UiLanguage,
  options: CliExportOptions,
  work: (exports: ExportService) => Promise<T>,
): Promise<T> {
  // A PDF export's pool comes with its export thread already started (cli/export-thread-early.ts).
  const workers = options.workers ?? cliWorkers(silentLogger, options.dataDir ?? appDataDir(process.env));
  try {
    return await work(
      cliExports({
        client,
        workers,
        out,
        language,
        ...(options.savedPresets ? { savedPresets: options.savedPresets } : {}),
        documentsLanguage: options.documentsLanguage ?? null,
        ...(options.changeOrder ? { changeOrder: options.changeOrder } : {}),
      }),
    );
  } finally {
    if (!options.workers) await workers.close();
  }
}
