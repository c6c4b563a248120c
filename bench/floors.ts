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
  setFonts();
  const body: TableCell[][] = [['Pos.', 'Bezeichnung', 'Menge', 'Einheit', 'Einzelpreis', 'Gesamt']];
  for (let i = 0; i < rows; i++) body.push(rowTexts(i));
  const def: TDocumentDefinitions = {
    pageSize: 'A4',
    pageMargins: [40, 60, 40, 60],
    defaultStyle: { font: 'Roboto', fontSize: 9 },
    content: [
      { text: 'Angebot', fontSize: 16, bold: true, margin: [0, 0, 0, 12] },
      {
        table: { headerRows: 1, widths: [40, '*', 45, 40, 65, 70], body },
        layout: 'lightHorizontalLines',
      },
    ],
  };
  writeFileSync(file, await pdfmake.createPdf(def).getBuffer());
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
