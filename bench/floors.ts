/**
 * The floors the benchmarks are measured against: the bare libraries doing the same work with none
 * of PlanDesk around them (pdfmake laying out a table of N rows × 6 columns, exceljs streaming N rows
 * of the same columns), and the bare runtime (`node -e 0`). A figure's ratio to its floor, measured
 * in the same run, stays meaningful on a loaded machine where the figures themselves do not.
 */
import { spawnSync } from 'node:child_process';
import { createRequire } from 'node:module';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import ExcelJS from 'exceljs';
import pdfmake from 'pdfmake';
import type { TDocumentDefinitions, TableCell } from 'pdfmake/interfaces';
import { checkoutRoot } from './checkout';
import type { ApiClient } from '../src-main/api/client';
import { fetchEstimateRead } from '../src-main/estimates/estimate-reader';
import { readEstimateDetail } from '../src-main/estimates/estimate-tasks';
import { toEstimateDocument } from '../src-main/estimates/document';
import { estimateParts, type EstimateParts } from '../src-main/estimates/estimate-parts';
import { silentLogger } from '../src-main/log/logger';
import { createWorkers } from '../src-main/workers/pool';
import { builtWorkerScripts } from './built-workers';
import type { ExportOptions } from '../src-main/exports/options';
import { pdfDocumentParts } from '../src-main/exports/pdf/document';
import type { TableRowModel } from '../src-main/exports/pdf/items-table';

const ROOT = checkoutRoot();

/** The row texts of a quote's items table: code, name, quantity, unit, unit price, total. */
function rowTexts(i: number): string[] {
  const cents = 1_000 + ((i * 7_919) % 900_000);
  const money = (c: number) =>
    `${Math.floor(c / 100).toLocaleString('de-DE')},${String(c % 100).padStart(2, '0')} €`;
  return [
    `${1 + Math.floor(i / 100)}.${1 + (i % 100)}`,
    `Position ${i + 1}: Fliesen verlegen, Fugen und Silikon`,
    `${1 + (i % 40)},00`,
    i % 3 === 0 ? 'm²' : 'Stk',
    money(cents),
    money(cents * (1 + (i % 40))),
  ];
}

let fontsSet = false;

function setFonts(): void {
  if (fontsSet) return;
  const pkg = createRequire(join(ROOT, 'package.json')).resolve('pdfmake/package.json');
  const dir = join(dirname(pkg), 'build', 'fonts', 'Roboto');
  pdfmake.setUrlAccessPolicy(() => false);
  pdfmake.setLocalAccessPolicy((path) => path.startsWith(dir));
  pdfmake.setFonts({
    Roboto: {
      normal: join(dir, 'Roboto-Regular.ttf'),
      bold: join(dir, 'Roboto-Medium.ttf'),
      italics: join(dir, 'Roboto-Italic.ttf'),
      bolditalics: join(dir, 'Roboto-MediumItalic.ttf'),
    },
  });
  fontsSet = true;
}

/** Bare pdfmake: an A4 document with one table of `rows` rows × 6 columns, written to `file`. */
export async function barePdf(rows: number, file: string): Promise<void> {
  const body: string[][] = [['Pos.', 'Bezeichnung', 'Menge', 'Einheit', 'Einzelpreis', 'Gesamt']];
  for (let i = 0; i < rows; i++) body.push(rowTexts(i));
  await bareTablePdf({ widths: [40, '*', 45, 40, 65, 70], fontSize: 9, body }, file);
}

/** A table's texts: its header row first, each cell's text (its lines joined). */
export interface TableTexts {
  widths: (number | '*')[];
  fontSize: number;
  body: string[][];
}

/**
 * Bare pdfmake laying out a table of plain texts on A4, one title above it: the floor of a PDF of
 * those texts. Nothing of PlanDesk: no styles, no keeping rows together, the texts given as strings.
 */
export async function bareTablePdf(texts: TableTexts, file: string): Promise<void> {
  setFonts();
  const def: TDocumentDefinitions = {
    pageSize: 'A4',
    pageMargins: [40, 40, 40, 50],
    defaultStyle: { font: 'Roboto', fontSize: texts.fontSize },
    content: [
      { text: 'Angebot', fontSize: 16, bold: true, margin: [0, 0, 0, 12] },
      {
        table: { headerRows: 1, widths: texts.widths, body: texts.body as TableCell[][] },
        layout: 'lightHorizontalLines',
      },
    ],
  };
  await pdfmake.createPdf(def).write(file);
}

/**
 * The texts of the items table PlanDesk prints for an estimate (pdf/items-table.ts), as a table of
 * plain strings: "the same content" for bare pdfmake. A cell spanning columns is put in its first.
 */
export function sameContent(estimate: EstimateParts, options: ExportOptions): TableTexts {
  const table = pdfDocumentParts(estimate, options).table;
  if (!table) return { widths: ['*'], fontSize: 8, body: [['']] };
  const width = table.columns.length;
  const texts = (row: TableRowModel): string[] => {
    const cells: string[] = new Array<string>(width).fill('');
    for (const cell of row.cells) cells[cell.column] = cell.runs.map((r) => r.text).join('\n');
    return cells;
  };
  const body = [texts(table.header)];
  for (const row of table.rows()) body.push(texts(row));
  return { widths: table.columns.map((c) => c.width), fontSize: table.fontSize, body };
}

/** The same content of an estimate's client quote in German, read as the app reads it (not measured). */
export async function estimateTableTexts(
  client: ApiClient,
  projectId: string,
  estimateId: string,
): Promise<TableTexts> {
  const workers = createWorkers(silentLogger, 1, builtWorkerScripts());
  try {
    const signal = new AbortController().signal;
    const read = await fetchEstimateRead(workers, client, projectId, estimateId, signal);
    const detail = await readEstimateDetail({ origin: 'cache', body: read.cacheBody });
    return sameContent(estimateParts(toEstimateDocument(detail)), { language: 'de-DE' });
  } finally {
    await workers.close();
  }
}

/** Bare exceljs: its streaming writer, `rows` rows of the same six columns, committed row by row. */
export async function bareXlsx(rows: number, file: string): Promise<void> {
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ filename: file, useStyles: true });
  const sheet = workbook.addWorksheet('Angebot');
  sheet.columns = ['Pos.', 'Bezeichnung', 'Menge', 'Einheit', 'Einzelpreis', 'Gesamt'].map((header) => ({
    header,
    width: 16,
  }));
  for (let i = 0; i < rows; i++) {
    const [code, name, , unit] = rowTexts(i);
    const cents = 1_000 + ((i * 7_919) % 900_000);
    sheet.addRow([code, name, 1 + (i % 40), unit, cents / 100, (cents * (1 + (i % 40))) / 100]).commit();
  }
  sheet.commit();
  await workbook.commit();
}

/** The median of some figures. */
export function median(values: readonly number[]): number {
  const s = [...values].sort((a, b) => a - b);
  const mid = s.length >> 1;
  return s.length % 2 ? s[mid]! : (s[mid - 1]! + s[mid]!) / 2;
}

/** Times `work` `runs` times (ms each). */
export async function timedRuns(runs: number, work: (run: number) => Promise<unknown>): Promise<number[]> {
  const times: number[] = [];
  for (let run = 0; run < runs; run++) {
    const t0 = performance.now();
    await work(run);
    times.push(performance.now() - t0);
  }
  return times;
}

export interface ProcessRun {
  /** From the spawn to the exit, as the user waits for it. */
  wallMs: number;
  /** The process's own CPU time (user + system, all its threads). */
  cpuMs: number;
  /** Its peak resident set. */
  maxRssMb: number;
  status: number | null;
  stderr: string;
}

/**
 * A whole process: `node ARGS…`, timed from the spawn to the exit. A preloaded line reports the
 * process's CPU time and peak resident set as it exits (process.resourceUsage), so nothing but
 * Node itself is needed to measure it.
 */
export function wholeProcess(
  args: readonly string[],
  options: { env?: NodeJS.ProcessEnv; cwd?: string } = {},
): ProcessRun {
  const reporter = join(tmpdir(), 'plandesk-bench-usage.cjs');
  writeFileSync(
    reporter,
    "process.on('exit', () => { const u = process.resourceUsage(); require('node:fs').writeSync(2, `\\nPLANDESK_USAGE ${u.userCPUTime + u.systemCPUTime} ${u.maxRSS}\\n`); });\n",
  );
  const t0 = performance.now();
  const r = spawnSync(process.execPath, ['-r', reporter, ...args], {
    cwd: options.cwd ?? ROOT,
    env: options.env ?? process.env,
    encoding: 'utf8',
    maxBuffer: 64 * 1024 * 1024,
  });
  const wallMs = performance.now() - t0;
  const usage = /PLANDESK_USAGE (\d+) (\d+)/.exec(r.stderr ?? '');
  return {
    wallMs,
    cpuMs: usage ? Number(usage[1]) / 1000 : NaN,
    maxRssMb: usage ? Number(usage[2]) / 1024 : NaN,
    status: r.status,
    stderr: (r.stderr ?? '').replace(/\n?PLANDESK_USAGE .*\n?/, ''),
  };
}

/** A folder for a benchmark's files, removed by `done`. */
export function scratchDir(name: string): { dir: string; done: () => void } {
  const dir = mkdtempSync(join(tmpdir(), `plandesk-bench-${name}-`));
  return { dir, done: () => rmSync(dir, { recursive: true, force: true }) };
}

export const ms = (v: number): string => `${v.toFixed(0)} ms`;
export const seconds = (v: number): string => `${(v / 1000).toFixed(2)} s`;
