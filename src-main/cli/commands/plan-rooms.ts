/**
 * `rooms PLAN_ID [--format xlsx|csv --out FILE] [--json]` — the plan's rooms table with its totals:
 * printed, or exported as a spreadsheet. Measurements are the service's formatted strings; a plain
 * number takes the unit of the plan's own unit system (none when it names none).
 */
import { extname, resolve } from 'node:path';
import type { ApiClient } from '../../api/client';
import {
  MEASURE_COLUMNS,
  type MeasureColumn,
  type RoomsTable,
  type RoomsTableRow,
} from '../../../src-shared/plans/types';
import { buildPlanView } from '../../plans/plan-view';
import { plainNumber } from '../../plans/plan-pieces';
import { buildRoomsTable } from '../../plans/rooms-table';
import {
  ROOMS_COLUMN_KEYS,
  roomsColumnLabel,
  type RoomsColumnKey,
} from '../../../src-shared/plans/rooms-columns';
import { termLabel } from '../../../src-shared/plans/vocabulary';
import { EN, type CliText } from '../i18n';
import type { RoomsExportFormat } from '../../exports/rooms';
import type { CsvSeparator } from '../../../src-shared/exports/document-language';
import { withCliExports } from '../exports';
import type { ExportContext } from './export';
import { requirePositional } from '../args';
import { renderTable } from '../table';
import { stringFlag, type CommandFlags } from './files';
import { json } from './projects';
import { ServiceError } from '../../errors/service-error';

export async function roomsCommand(
  client: ApiClient,
  flags: CommandFlags,
  positionals: string[],
  text: CliText = EN,
  context: ExportContext = {},
): Promise<string> {
  const { t, tp, lang } = text;
  const planId = requirePositional(positionals, 0, 'PLAN_ID');
  const out = stringFlag(flags, 'out');
  const format = exportFormat(stringFlag(flags, 'format'), out);
  const separator = separatorFlag(stringFlag(flags, 'separator'));
  const table = buildRoomsTable(buildPlanView(await client.getPlan(planId)));

  if (format && out) {
    if (!table.available) throw notAvailable();
    const done = await withCliExports(client, out, lang, context, (exports) =>
      exports.rooms({ planId, format, language: context.chosenLanguage, separator }),
    );
    return tp('cli.wroteRooms', table.rows.length, { path: done.path ?? resolve(out) });
  }
  if (flags.json) return json(table);
  if (!table.available) {
    return t('cli.roomsNotAvailable');
  }
  return roomsText(table, text);
}

/** --separator: `,` or `;` (the words "comma" and "semicolon" too); absent: the document language's. */
function separatorFlag(value: string | undefined): CsvSeparator | undefined {
  if (value === undefined) return undefined;
  const v = value.trim().toLowerCase();
  if (v === ',' || v === 'comma') return ',';
  if (v === ';' || v === 'semicolon') return ';';
  throw new ServiceError('config', '--separator must be , or ;.');
}

function exportFormat(format: string | undefined, out: string | undefined): RoomsExportFormat | null {
  if (format === undefined && out === undefined) return null;
  const chosen = (format ?? extname(out ?? '').slice(1)).toLowerCase();
  if (chosen !== 'xlsx' && chosen !== 'csv') {
    throw new ServiceError('config', '--format must be xlsx or csv.');
  }
  if (!out) throw new ServiceError('config', `Missing --out FILE for the ${chosen} export.`);
  return chosen;
}

function roomsText(table: RoomsTable, { t, tp }: CliText): string {
  const cellText = (row: RoomsTableRow, key: RoomsColumnKey): string | number => {
    if (key === 'doors' || key === 'windows') return row[key];
    if (key === 'type') return row.type === null ? '-' : termLabel('roomType', row.type, t);
    if ((MEASURE_COLUMNS as readonly string[]).includes(key)) return row[key as MeasureColumn].text ?? '-';
    return row[key as 'floor' | 'name'] ?? '-';
  };
  const totalText = (key: RoomsColumnKey, i: number): string => {
    if (i === 0) return t('doc.totalRow');
    const total = table.totals[key];
    if (!total) return '';
    return total.unit ? `${plainNumber(total.value)} ${total.unit}` : plainNumber(total.value);
  };
  const rows: (string | number)[][] = table.rows.map((r) => ROOMS_COLUMN_KEYS.map((key) => cellText(r, key)));
  if (table.rows.length > 0) rows.push(ROOMS_COLUMN_KEYS.map(totalText));
  const body = renderTable(
    ROOMS_COLUMN_KEYS.map((key) => t(roomsColumnLabel(key))),
    rows,
  );
  return `${body}\n${tp('plan.roomsCount', table.rows.length)}`;
}

function notAvailable(): ServiceError {
  return new ServiceError(
    'validation',
    'The service sent this plan without floors, so it lists no rooms: there is no rooms table to export.',
  );
}
