/** The rooms table of a plan as xlsx (the one spreadsheet writer) or csv (in the document's language). */
import type { Writable } from 'node:stream';
import { translator } from '../../../src-shared/i18n/catalogue';
import { DEFAULT_LANGUAGE } from '../../../src-shared/i18n/languages';
import type { RoomsTable } from '../../../src-shared/plans/types';
import { writeWorkbookFile, type SheetWriter } from '../excel/workbook-file';
import type { RoomsExportFormat, RoomsExportOptions } from './columns';
import { writeRoomsCsv } from './csv';
import { roomsSheet } from './sheet';

export type { RoomsExportFormat, RoomsExportOptions };
export { roomsCsv } from './csv';
export { cellValue, roomsColumns } from './columns';

/**
 * The rooms workbook's sheets: the rooms table. A sheet that belongs beside it (the rooms' costs, say)
 * is one more entry here.
 */
export function roomsSheets(table: RoomsTable, options: RoomsExportOptions = {}): SheetWriter[] {
  return [roomsSheet(table, options)];
}

export async function writeRoomsXlsx(
  table: RoomsTable,
  out: string | Writable,
  options: RoomsExportOptions = {},
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
    sheets: roomsSheets(table, options),
  });
}

export function exportRoomsTable(
  table: RoomsTable,
  format: RoomsExportFormat,
  path: string,
  options: RoomsExportOptions = {},
): Promise<void> {
  return format === 'xlsx' ? writeRoomsXlsx(table, path, options) : writeRoomsCsv(table, path, options);
}
