/**
 * The rooms table as CSV for the spreadsheet of the document's language: RFC 4180 fields, UTF-8 with
 * a BOM (so Excel reads umlauts right), CRLF line ends, and the separator and decimal mark that
 * language's spreadsheets assume when they open a file: `;` and `,` in de, fr, es and pt, `,` and `.`
 * in en-US. A spreadsheet that guessed otherwise would put "12.07" into 12 July, or everything into
 * one column.
 */
import { open } from 'node:fs/promises';
import { translator } from '../../../src-shared/i18n/catalogue';
import { DEFAULT_LANGUAGE } from '../../../src-shared/i18n/languages';
import { csvSeparatorFor, type CsvSeparator } from '../../../src-shared/exports/document-language';
import type { RoomsTable } from '../../../src-shared/plans/types';
import { withoutHiddenCharacters } from '../../../src-shared/text/hidden-characters';
import { writeAtomically } from '../../local-files/write-atomically';
import { plainNumber } from '../../plans/plan-pieces';
import { cellValue, roomsColumns, totalValue, type RoomsExportOptions } from './columns';

/** The table as CSV text: BOM, CRLF line ends, fields quoted where RFC 4180 needs it. */
export function roomsCsv(table: RoomsTable, options: RoomsExportOptions = {}): string {
  const language = options.language ?? DEFAULT_LANGUAGE;
  const separator: CsvSeparator = options.separator ?? csvSeparatorFor(language);
  // With `,` between fields the decimal mark is a point; with `;` it is the language's comma.
  const decimal = separator === ';' ? ',' : '.';
  const number = (n: number): string => plainNumber(n).replace('.', decimal);
  const columns = roomsColumns(table, options);
  const t = translator(language);
  const lines = [columns.map((c) => csvField(c.header))];
  for (const row of table.rows) {
    lines.push(
      columns.map((c) => {
        const v = cellValue(row, c);
        if (v === null) return '';
        return typeof v === 'number' ? number(v) : csvField(neutralise(v));
      }),
    );
  }
  if (table.rows.length > 0) {
    lines.push(
      columns.map((c, i) => {
        if (i === 0) return csvField(t('doc.totalRow'));
        const v = totalValue(table, c);
        return v === null ? '' : number(v);
      }),
    );
  }
  return '\uFEFF' + lines.map((l) => l.join(separator)).join('\r\n') + '\r\n';
}

export async function writeRoomsCsv(
  table: RoomsTable,
  path: string,
  options: RoomsExportOptions = {},
): Promise<void> {
  const text = roomsCsv(table, options);
  await writeAtomically(path, async (tmp) => {
    const handle = await open(tmp, 'wx', 0o644);
    try {
      await handle.writeFile(text, 'utf8');
      await handle.sync();
    } finally {
      await handle.close();
    }
  });
}

/**
 * A field as Excel and LibreOffice read it whichever separator they assume: a field holding `,`,
 * `;`, a tab, a quote or a line break is quoted.
 */
function csvField(s: string): string {
  return /[",;\t\r\n]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s;
}

/**
 * Text from the service as a CSV cell that no spreadsheet takes for a formula. Control characters go
 * first (a spreadsheet may drop them and then see `=…`). Then every place where a cell could start
 * gets a leading apostrophe before `=`, `+`, `-` or `@` (as OWASP advises), leading blanks trimmed
 * away in the check: the start of the text, and, since a spreadsheet that assumes the other
 * separator splits the line there, the place after each `,` and `;` inside the text.
 */
const FORMULA_STARTS = /((?:^|[,;])\s*)(?=[=+\-@])/g;

export function neutralise(s: string): string {
  return withoutHiddenCharacters(s).replace(FORMULA_STARTS, "$1'");
}
