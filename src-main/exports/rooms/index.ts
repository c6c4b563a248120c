/** The rooms table of a plan as xlsx (the one spreadsheet writer) or csv (in the document's language). */
import type { Writable } from 'node:stream';
import { translator } from '../../../src-shared/i18n/catalogue';
import { DEFAULT_LANGUAGE } from '../../../src-shared/i18n/languages';
import type { RoomsTable } from '../../../src-shared/plans/types';
import { writeWorkbookFile, type SheetWriter } from '../excel/workbook-file';
import type { RoomsExportFormat, RoomsExportOptions } from './columns';
import { writeRoomsCsv } from './csv';
import { roomsSheet } from './sheet';
import { roomsCostsSheet } from './costs-sheet';
import { paperFor } from '../../../src-shared/exports/presets';
import type { RoomsCosts } from '../../../src-shared/plans/rooms-costs-types';

export type { RoomsExportFormat, RoomsExportOptions };
export { roomsCsv } from './csv';
export { cellValue, roomsColumns } from './columns';

/**
 * The rooms workbook's sheets: the rooms table and, when an estimate was chosen, its costs per room
 * on this plan. A sheet that belongs beside them is one more entry here.
 */
export function roomsSheets(
  table: RoomsTable,
  options: RoomsExportOptions = {},
  costs: RoomsCosts | null = null,
): SheetWriter[] {
  const language = options.language ?? DEFAULT_LANGUAGE;
  const sheets = [roomsSheet(table, options)];
  if (costs) {
    sheets.push(
      roomsCostsSheet(costs, {
        language,
        paper: paperFor(options.paper ?? 'auto', language),
        projectName: options.projectName ?? null,
        ...(options.date ? { date: options.date } : {}),
      }),
    );
  }
  return sheets;
}

export async function writeRoomsXlsx(
  table: RoomsTable,
  out: string | Writable,
  options: RoomsExportOptions = {},
  costs: RoomsCosts | null = null,
): Promise<void> {
  const language = options.language ?? DEFAULT_LANGUAGE;
  const t = translator(language);
  await writeWorkbookFile(out, {
    meta: {
      title: [t('plan.rooms'), table.planName].filter(Boolean).join(' – '),
      subject: options.projectName ?? '',
      author: 'PlanDesk',
      language,
    },
    sheets: roomsSheets(table, options, costs),
  });
}

/** The rooms table alone, written here (the app writes a workbook in a worker: export-tasks.ts). */
export function exportRoomsTable(
  table: RoomsTable,
  format: RoomsExportFormat,
  path: string,
  options: RoomsExportOptions = {},
): Promise<void> {
  return format === 'xlsx' ? writeRoomsXlsx(table, path, options) : writeRoomsCsv(table, path, options);
}
