import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { exportRoomsTable } from '../../src-main/exports/rooms';
import type { MeasureCell, RoomsTable, RoomsTableRow } from '../../src-shared/plans/types';
import { csvAsOpened } from '../helpers/export-readers';
import { describeWithTools, soffice } from '../helpers/external-tools';

// Issue 10, item 7: room names from the service that try to become formulas in the CSV export.
// Opened by LibreOffice with `,` and with `;` as the separator (`;` is Excel's list separator in
// de, fr, es and pt): no cell may become a formula.

const HOSTILE_NAMES = [
  '=1+1',
  '\u0000=1+1',
  '\u0007\u001b=HYPERLINK("https://evil.example","x")',
  '\u001b[31m=1+1',
  '  =1+1',
  '+SUM(1;2)',
  '-2+3',
  '@SUM(1)',
  'a;=1+1',
  'a,=1+1',
  'a; +1+1',
  'Küche "Süd"; =1+1',
  'tab\t=1+1',
  'line\n=1+1',
  '\u202e=1+1',
];

const none: MeasureCell = { text: null, value: null, formatted: null, unit: null };

function table(): RoomsTable {
  const rows: RoomsTableRow[] = HOSTILE_NAMES.map((name, i) => ({
    floorId: 'f1',
    floor: 'Ground Floor',
    roomId: `r${i}`,
    name,
    type: i % 2 ? '=cmd|"/c calc"!A1' : 'kitchen',
    area: none,
    wallArea: none,
    perimeter: none,
    ceilingHeight: none,
    volume: none,
    doors: 1,
    windows: 0,
  }));
  const unit = { mode: 'numeric' } as RoomsTable['units']['area'];
  return {
    planName: 'Hostile',
    available: true,
    rows,
    units: { area: unit, wallArea: unit, perimeter: unit, ceilingHeight: unit, volume: unit },
    totals: {},
  };
}

let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'plandesk-csv-formulas-'));
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

describeWithTools('the rooms CSV opened by LibreOffice', [soffice], () => {
  for (const separator of [',', ';'] as const) {
    it(`with "${separator}" as the separator: no cell is a formula`, { timeout: 120_000 }, async () => {
      const csv = join(dir, `rooms-${separator === ',' ? 'comma' : 'semicolon'}.csv`);
      await exportRoomsTable(table(), 'csv', csv);
      const rows = await csvAsOpened(csv, separator);
      // The header, a row per room, the totals row.
      expect(rows).toHaveLength(HOSTILE_NAMES.length + 2);
      expect(rows.at(-1)![0]!.text).toMatch(/^Total/);
      const formulas = rows.flat().filter((cell) => cell.formula !== null);
      expect(formulas).toEqual([]);
      if (separator === ',') {
        // Read with the separator it was written with, every name is one cell, as text.
        expect(rows.slice(1, -1).map((r) => r[1]!.text)).toEqual([
          "'=1+1",
          "'=1+1",
          // BEL is a control character, dropped; ESC = is a whole escape sequence (DECKPAM), dropped
          // whole with its final byte (src-shared/text/hidden-characters.ts): no `=` is left to quote.
          'HYPERLINK("https://evil.example","x")',
          // The cleaning comes first, the quoting after it: a formula behind an escape is still quoted.
          "'=1+1",
          "  '=1+1",
          "'+SUM(1;2)",
          "'-2+3",
          "'@SUM(1)",
          "a;'=1+1",
          "a,'=1+1",
          "a; '+1+1",
          'Küche "Süd"; \'=1+1',
          'tab =1+1',
          'line =1+1',
          "'=1+1",
        ]);
      }
    });
  }
});
