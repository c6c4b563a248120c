import { appendFileSync, existsSync, readFileSync } from 'node:fs';

/**
 * The performance table of issue 27: each figure beside its floor (the same work done by the bare
 * library, or the bare runtime, measured in the same run) and its target. Every benchmark process
 * adds its rows to the file run.ts names (PLANDESK_BENCH_TABLE); run.ts prints them all at the end.
 */
export interface TableRow {
  what: string;
  now: string;
  floor: string;
  /** now ÷ floor, when both are the same kind of figure. */
  ratio: string;
  target: string;
  /** yes, no, or — (no target to meet, or not measured). */
  within: string;
  /** A part of the start-up, in ms: the table adds the parts up into "start to the projects on screen". */
  startPartMs?: number;
}

const START_TARGET_MS = 1500;

const ENV = 'PLANDESK_BENCH_TABLE';

export function tableRow(row: TableRow): void {
  const file = process.env[ENV];
  if (file) appendFileSync(file, JSON.stringify(row) + '\n');
}

/** `now ÷ floor` as "1.42×" (— when there is no floor). */
export function ratio(now: number, floor: number | null): string {
  return floor === null || !(floor > 0) ? '—' : `${(now / floor).toFixed(2)}×`;
}

export const yesNo = (ok: boolean): string => (ok ? 'yes' : 'NO');

export function tableFileEnv(file: string): Record<string, string> {
  return { [ENV]: file };
}

/** The rows collected, as a text table (in the order of the table where it names them). */
export function tableText(file: string): string {
  if (!existsSync(file)) return '(no rows)';
  const rows = readFileSync(file, 'utf8')
    .split('\n')
    .filter((l) => l.trim() !== '')
    .map((l) => JSON.parse(l) as TableRow);
  const parts = rows.filter((r) => r.startPartMs !== undefined);
  if (parts.length === 2) {
    const start = parts.reduce((sum, r) => sum + r.startPartMs!, 0);
    rows.push({
      what: 'PlanDesk start to the projects on screen (the two parts above added up)',
      now: `${start.toFixed(0)} ms`,
      floor: '—',
      ratio: '—',
      target: `≤ ${START_TARGET_MS} ms on the demo workspace`,
      within: start <= START_TARGET_MS ? 'yes' : 'NO',
    });
  }
  const columns = ['what', 'now', 'floor', 'ratio', 'target', 'within'] as const;
  const widths = columns.map((c) => Math.max(c.length, ...rows.map((r) => r[c].length)));
  const line = (cells: readonly string[]) => cells.map((c, i) => c.padEnd(widths[i]!)).join(' | ');
  return [
    line(columns),
    widths.map((w) => '-'.repeat(w)).join('-|-'),
    ...rows.map((r) => line(columns.map((c) => r[c]))),
  ].join('\n');
}
