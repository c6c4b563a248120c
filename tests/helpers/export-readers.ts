/**
 * Independent readers for the export tests: LibreOffice (headless) recalculates and reads back the
 * workbooks, poppler's pdftotext / pdftoppm read and render the PDFs. Nothing here uses exceljs or
 * pdfmake.
 */
import { execFile } from 'node:child_process';
import { mkdir, mkdtemp, readFile, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { basename, join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { openpyxl, pdftoppm, pdftotext, soffice, toolPath } from './external-tools';

const run = promisify(execFile);

const TIMEOUT_MS = 120_000;

/**
 * How the recalculation is forced: LibreOffice's default for .xlsx files is "never recalculate on
 * load" (it shows the cached results the file carries, i.e. our own numbers). A private user profile
 * (so parallel runs never share one, and the user's own settings play no part) is seeded with
 * registrymodifications.xcu setting Calc's OOXMLRecalcMode (and ODFRecalcMode) to 0 = "always
 * recalculate". The workbook is then converted headlessly to CSV, one file per sheet (filter option
 * token 12 = -1, LibreOffice ≥ 7.2), with raw values (token 9 "as shown" = false). A canary test
 * writes a formula with a deliberately wrong cached result to prove the recalculation happens.
 */
const RECALC_ALWAYS = `<?xml version="1.0" encoding="UTF-8"?>
<oor:items xmlns:oor="http://openoffice.org/2001/registry" xmlns:xs="http://www.w3.org/2001/XMLSchema" xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance">
<item oor:path="/org.openoffice.Office.Calc/Formula/Load"><prop oor:name="OOXMLRecalcMode" oor:op="fuse"><value>0</value></prop></item>
<item oor:path="/org.openoffice.Office.Calc/Formula/Load"><prop oor:name="ODFRecalcMode" oor:op="fuse"><value>0</value></prop></item>
</oor:items>
`;

const CSV_FILTER = 'csv:Text - txt - csv (StarCalc):44,34,76,1,,0,false,true,false,false,false,-1';

export interface Sheet {
  name: string;
  rows: string[][];
}

/** RFC 4180 CSV (quoted fields may hold commas, quotes and newlines). */
export function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let field = '';
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const ch = text[i] as string;
    if (quoted) {
      if (ch === '"') {
        if (text[i + 1] === '"') {
          field += '"';
          i++;
        } else {
          quoted = false;
        }
      } else {
        field += ch;
      }
    } else if (ch === '"') {
      quoted = true;
    } else if (ch === ',') {
      row.push(field);
      field = '';
    } else if (ch === '\n' || ch === '\r') {
      if (ch === '\r' && text[i + 1] === '\n') i++;
      row.push(field);
      rows.push(row);
      row = [];
      field = '';
    } else {
      field += ch;
    }
  }
  if (field !== '' || row.length > 0) {
    row.push(field);
    rows.push(row);
  }
  return rows;
}

async function withLibreOffice<T>(
  file: string | readonly string[],
  filter: string,
  read: (outDir: string, log: string) => Promise<T>,
  infilter?: string,
): Promise<T> {
  const sofficePath = toolPath(soffice);
  const work = await mkdtemp(join(tmpdir(), 'lo-profile-'));
  try {
    const profile = join(work, 'profile');
    await mkdir(join(profile, 'user'), { recursive: true });
    await writeFile(join(profile, 'user', 'registrymodifications.xcu'), RECALC_ALWAYS);
    const outDir = join(work, 'out');
    await mkdir(outDir);
    const { stdout, stderr } = await run(
      sofficePath,
      [
        `-env:UserInstallation=file://${profile}`,
        '--headless',
        '--norestore',
        '--nologo',
        '--nolockcheck',
        ...(infilter ? [`--infilter=${infilter}`] : []),
        '--convert-to',
        filter,
        '--outdir',
        outDir,
        ...(typeof file === 'string' ? [file] : file),
      ],
      { timeout: TIMEOUT_MS, maxBuffer: 16 * 1024 * 1024, env: { ...process.env, HOME: work } },
    );
    return await read(outDir, `${stdout}\n${stderr}`);
  } finally {
    await rm(work, { recursive: true, force: true });
  }
}

/** Opens the workbook in LibreOffice, recalculates every formula, and returns every sheet's values. */
export async function recalculatedSheets(xlsx: string): Promise<Sheet[]> {
  return sheetsOf((await recalculatedWorkbooks([xlsx])).get(xlsx));
}

/**
 * Many workbooks opened in one LibreOffice start (its start is most of the cost of a read-back):
 * each one's sheets, recalculated, by its path. A workbook LibreOffice could not open has none.
 * The files must have distinct names (the sheets are written side by side).
 */
export function recalculatedWorkbooks(xlsx: readonly string[]): Promise<Map<string, Sheet[]>> {
  distinctNames(xlsx);
  return withLibreOffice(xlsx, CSV_FILTER, async (_outDir, log) => {
    // "convert <file> … using filter …" per file, then "Writing sheet <name> -> <file>" per sheet,
    // in workbook order.
    const out = new Map<string, Sheet[]>();
    let current: Sheet[] | null = null;
    for (const line of log.split('\n')) {
      const converting = xlsx.find((file) => line.startsWith(`convert ${resolve(file)} `));
      const sheet = /^Writing sheet (.*) -> (.*\.csv)$/.exec(line);
      if (converting !== undefined) {
        current = [];
        out.set(converting, current);
      } else if (sheet && current) {
        current.push({
          name: sheet[1] as string,
          rows: parseCsv(await readFile(sheet[2] as string, 'utf8')),
        });
      }
    }
    return out;
  });
}

function sheetsOf(sheets: Sheet[] | undefined): Sheet[] {
  if (!sheets || sheets.length === 0) throw new Error('LibreOffice wrote no sheets for the workbook');
  return sheets;
}

function distinctNames(files: readonly string[]): void {
  const names = files.map((f) => basename(f).replace(/\.[^.]+$/, ''));
  if (new Set(names).size !== names.length)
    throw new Error(`Workbooks of one read-back share a name: ${names}`);
}

/** The workbook as LibreOffice sees it, saved as flat OpenDocument XML (outline groups, view settings). */
export async function flatOds(xlsx: string): Promise<string> {
  const text = (await flatOdsOf([xlsx])).get(xlsx);
  if (text === undefined) throw new Error('LibreOffice wrote no .fods file');
  return text;
}

/** Many workbooks saved as flat OpenDocument XML in one LibreOffice start, by path. */
export function flatOdsOf(xlsx: readonly string[]): Promise<Map<string, string>> {
  distinctNames(xlsx);
  return withLibreOffice(xlsx, 'fods', async (outDir) => {
    const written = new Set(await readdir(outDir));
    const out = new Map<string, string>();
    for (const file of xlsx) {
      const name = `${basename(file).replace(/\.[^.]+$/, '')}.fods`;
      if (written.has(name)) out.set(file, await readFile(join(outDir, name), 'utf8'));
    }
    return out;
  });
}

export interface OpenedCell {
  /** What the cell shows. */
  text: string;
  /** The formula LibreOffice made of it, if it made one. */
  formula: string | null;
  /** What LibreOffice took the cell for ("float" for a number, "string" for text), and its value. */
  type: string | null;
  value: string | null;
}

/** Windows language ids, as LibreOffice's CSV filter takes them (its sixth option). */
const LANGUAGE_IDS: Record<string, number> = {
  'en-US': 1033,
  'de-DE': 1031,
  'fr-FR': 1036,
  'pt-PT': 2070,
  'es-ES': 3082,
};

/**
 * A CSV file as LibreOffice opens it with `separator` as the field separator (as Calc's import
 * dialog would, UTF-8, `"` quoting) and, when given, the numbers of `language` (its decimal mark, as
 * a spreadsheet in that language reads them by default): every row's cells, with any formula it made
 * of them and the type it gave them. Read back from the flat OpenDocument file LibreOffice saves.
 */
export function csvAsOpened(csv: string, separator: ',' | ';', language?: string): Promise<OpenedCell[][]> {
  const lang = language ? `,,${LANGUAGE_IDS[language]}` : '';
  const infilter = `CSV:${separator.charCodeAt(0)},34,76,1${lang}`;
  return withLibreOffice(
    csv,
    'fods',
    async (outDir) => {
      const file = (await readdir(outDir)).find((f) => f.endsWith('.fods'));
      if (!file) throw new Error('LibreOffice wrote no .fods file');
      const xml = await readFile(join(outDir, file), 'utf8');
      return [...xml.matchAll(/<table:table-row\b[^>]*>([\s\S]*?)<\/table:table-row>/g)].map((row) =>
        [...row[1]!.matchAll(/<table:table-cell\b([^>]*?)(?:\/>|>([\s\S]*?)<\/table:table-cell>)/g)]
          .map((cell) => ({
            text: [...(cell[2] ?? '').matchAll(/<text:p>([\s\S]*?)<\/text:p>/g)]
              .map((p) => unescapeXml(openDocumentText(p[1]!)))
              .join('\n'),
            formula: /table:formula="([^"]*)"/.exec(cell[1]!)?.[1] ?? null,
            type: /office:value-type="([^"]*)"/.exec(cell[1]!)?.[1] ?? null,
            value: /office:value="([^"]*)"/.exec(cell[1]!)?.[1] ?? null,
          }))
          .filter((_, i, cells) => cells.slice(i).some((c) => c.text !== '' || c.formula !== null)),
      );
    },
    infilter,
  );
}

/** A paragraph's text: `<text:s text:c="3"/>` is three spaces, `<text:tab/>` a tab. */
function openDocumentText(xml: string): string {
  return xml
    .replace(/<text:s\s+text:c="(\d+)"\s*\/>/g, (_, n: string) => ' '.repeat(Number(n)))
    .replace(/<text:s\s*\/>/g, ' ')
    .replace(/<text:tab\s*\/>/g, '\t')
    .replace(/<[^>]+>/g, '');
}

function unescapeXml(text: string): string {
  return text
    .replace(/&quot;/g, '"')
    .replace(/&apos;/g, "'")
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&amp;/g, '&');
}

/** pdftotext -layout, one string per page. */
export async function pdfPages(pdf: string): Promise<string[]> {
  const { stdout } = await run(toolPath(pdftotext), ['-layout', '-enc', 'UTF-8', pdf, '-'], {
    timeout: TIMEOUT_MS,
    maxBuffer: 256 * 1024 * 1024,
  });
  const pages = stdout.split('\f');
  if (pages[pages.length - 1]?.trim() === '') pages.pop();
  // No-break spaces (Intl puts them into money) read back as plain spaces.
  return pages.map((p) => p.replace(/[\u00a0\u202f]/g, ' '));
}

export interface WordBox {
  page: number;
  text: string;
  xMin: number;
  xMax: number;
  yMin: number;
  yMax: number;
}

/** Every word with its box (pdftotext -bbox), and each page's size, in PDF points. */
export async function pdfWords(
  pdf: string,
): Promise<{ pages: { width: number; height: number }[]; words: WordBox[] }> {
  const { stdout } = await run(toolPath(pdftotext), ['-bbox', pdf, '-'], {
    timeout: TIMEOUT_MS,
    maxBuffer: 256 * 1024 * 1024,
  });
  const pages: { width: number; height: number }[] = [];
  const words: WordBox[] = [];
  for (const m of stdout.matchAll(
    /<page width="([\d.]+)" height="([\d.]+)">|<word xMin="([\d.]+)" yMin="([\d.]+)" xMax="([\d.]+)" yMax="([\d.]+)">([^<]*)<\/word>/g,
  )) {
    if (m[1]) {
      pages.push({ width: Number(m[1]), height: Number(m[2]) });
    } else {
      words.push({
        page: pages.length,
        text: m[7] as string,
        xMin: Number(m[3]),
        yMin: Number(m[4]),
        xMax: Number(m[5]),
        yMax: Number(m[6]),
      });
    }
  }
  return { pages, words };
}

/** Renders the pages to PNG (kept for people to look at) and returns the files. */
export async function renderPages(
  pdf: string,
  outDir: string,
  opts: { first?: number; last?: number } = {},
): Promise<string[]> {
  const pdftoppmPath = toolPath(pdftoppm);
  await mkdir(outDir, { recursive: true });
  const prefix = join(outDir, basename(pdf, '.pdf'));
  const range: string[] = [];
  if (opts.first) range.push('-f', String(opts.first));
  if (opts.last) range.push('-l', String(opts.last));
  await run(pdftoppmPath, ['-png', '-r', '60', ...range, pdf, prefix], { timeout: TIMEOUT_MS });
  const name = basename(prefix);
  return (await readdir(outDir))
    .filter((f) => f.startsWith(`${name}-`) && f.endsWith('.png'))
    .map((f) => join(outDir, f));
}

/** The text of a PDF, all pages, in reading layout (pdftotext -layout). */
export async function pdfText(pdf: string): Promise<string> {
  return (await pdfPages(pdf)).join('\f');
}

/**
 * Workbooks printed by LibreOffice (their own print setup, as a client printing them gets) to PDFs,
 * one LibreOffice start for all of them: each `x.xlsx` becomes `outDir/x.pdf`.
 */
export async function workbooksAsPdf(xlsx: readonly string[], outDir: string): Promise<string[]> {
  await mkdir(outDir, { recursive: true });
  return withLibreOffice(xlsx, 'pdf', async (converted) => {
    const out: string[] = [];
    for (const file of xlsx) {
      const name = `${basename(file).replace(/\.[^.]+$/, '')}.pdf`;
      await writeFile(join(outDir, name), await readFile(join(converted, name)));
      out.push(join(outDir, name));
    }
    return out;
  });
}

export interface OpenpyxlCell {
  sheet: string;
  ref: string;
  /** The cell as openpyxl reads it: a number, text, or a formula ("=…"). */
  value: string | number | boolean | null;
  /** Its number format ("General", "#,##0.00\" €\""). */
  format: string;
}

/** The workbook's document properties, and the application its app.xml names. */
export interface WorkbookProperties {
  title: string | null;
  subject: string | null;
  creator: string | null;
  language: string | null;
  application: string | null;
}

/** Every non-empty cell of every sheet, read by openpyxl (Python), plus each sheet's print setup. */
export async function openpyxlRead(xlsx: string): Promise<{
  cells: OpenpyxlCell[];
  properties: WorkbookProperties;
  sheets: {
    name: string;
    paperSize: number | null;
    fitToWidth: number | null;
    printTitleRows: string | null;
    footer: string | null;
  }[];
}> {
  const script = `
import json, re, sys, zipfile, openpyxl
wb = openpyxl.load_workbook(sys.argv[1])
p = wb.properties
app = zipfile.ZipFile(sys.argv[1]).read("docProps/app.xml").decode("utf-8")
m = re.search(r"<Application>([^<]*)</Application>", app)
properties = {"title": p.title, "subject": p.subject, "creator": p.creator, "language": p.language,
              "application": m.group(1) if m else None}
cells, sheets = [], []
for ws in wb.worksheets:
    ps = ws.page_setup
    sheets.append({"name": ws.title, "paperSize": int(ps.paperSize) if ps.paperSize else None,
                   "fitToWidth": int(ps.fitToWidth) if ps.fitToWidth is not None else None,
                   "printTitleRows": ws.print_title_rows, "footer": ws.oddFooter.right.text if ws.oddFooter and ws.oddFooter.right else None})
    for row in ws.iter_rows():
        for c in row:
            if c.value is not None:
                v = c.value
                if not isinstance(v, (int, float, str, bool)): v = str(v)
                cells.append({"sheet": ws.title, "ref": c.coordinate, "value": v, "format": c.number_format})
print(json.dumps({"cells": cells, "sheets": sheets, "properties": properties}))
`;
  const { stdout } = await run(toolPath(openpyxl), ['-c', script, xlsx], {
    maxBuffer: 256 << 20,
    timeout: TIMEOUT_MS,
  });
  return JSON.parse(stdout);
}
