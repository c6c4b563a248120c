/**
 * The fault suite (issue 29): every scenario, with how many trials each runs. `npm run faults` runs
 * it whole (tests/faults/fault-suite.test.ts); `npm test` runs its fast part
 * (tests/integration/faults.test.ts). Both print the counts per scenario.
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import { crashAtEachPoint } from './crash-scenarios';
import { damagedCopy, damagedDatabases, damagedVersion } from './damage-scenarios';
import { closeWorld, judgePlanted, openWorld, type FaultWorld, type ScenarioCount } from './harness';
import { diskFull, twoProcesses } from './process-scenarios';

export interface SuiteSize {
  /** Crashes at each fault point. */
  crashes: number;
  /** Damaged copies. */
  copies: number;
  /** Two processes draining one folder together. */
  pairs: number;
}

/** A scenario's own deadline: many child processes on a busy machine. */
const SCENARIO_TIMEOUT_MS = 900_000;

export const FULL: SuiteSize = { crashes: 5, copies: 3, pairs: 20 };
export const FAST: SuiteSize = { crashes: 1, copies: 1, pairs: 2 };

/** The counts as a table, one scenario a line. */
export function countsTable(counts: readonly ScenarioCount[]): string {
  const head = ['scenario', 'trials', 'lost', 'duplicated', 'corrupt', 'problems'];
  const rows = counts.map((c) => [
    c.scenario,
    String(c.trials),
    String(c.lost),
    String(c.duplicated),
    String(c.corrupt),
    String(c.problems.length),
  ]);
  const widths = head.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i]!.length)));
  const line = (cells: string[]) =>
    cells.map((cell, i) => (i === 0 ? cell.padEnd(widths[i]!) : cell.padStart(widths[i]!))).join('  ');
  const figures = counts.flatMap((c) =>
    Object.entries(c.figures ?? {}).map(([k, v]) => `  ${c.scenario} · ${k}: ${v}`),
  );
  const total = counts.reduce((sum, c) => sum + c.trials, 0);
  return [line(head), ...rows.map(line), `${total} trials`, ...figures].join('\n');
}

/** Registers the suite's tests: one per scenario, each failing on anything lost, doubled or corrupt. */
export function faultSuite(size: SuiteSize): void {
  let world: FaultWorld;
  const counts: ScenarioCount[] = [];

  beforeAll(async () => {
    world = await openWorld();
  }, 120_000);
  afterAll(async () => {
    console.log(`\nFault suite (${JSON.stringify(size)}):\n${countsTable(counts)}\n`);
    await closeWorld(world);
  });

  const scenario = (name: string, run: () => Promise<ScenarioCount | ScenarioCount[]>) =>
    it(
      name,
      async () => {
        const got = [await run()].flat();
        counts.push(...got);
        for (const c of got) {
          expect(c.problems, c.scenario).toEqual([]);
          expect({ lost: c.lost, duplicated: c.duplicated, corrupt: c.corrupt }, c.scenario).toEqual({
            lost: 0,
            duplicated: 0,
            corrupt: 0,
          });
          expect(c.trials).toBeGreaterThan(0);
        }
      },
      SCENARIO_TIMEOUT_MS,
    );

  it('the judge counts a planted lost, doubled and corrupt file', async () => {
    const planted = await judgePlanted(world);
    expect(planted.problems).toEqual([]);
    expect({ lost: planted.lost, duplicated: planted.duplicated, corrupt: planted.corrupt }).toEqual({
      lost: 1,
      duplicated: 1,
      corrupt: 1,
    });
  });

  scenario(`a crash at each fault point (×${size.crashes})`, () => crashAtEachPoint(world, size.crashes));
  scenario(`a damaged outbox copy (×${size.copies})`, () => damagedCopy(world, size.copies));
  scenario('damaged databases with uploads waiting (3 kinds of damage each)', () => damagedDatabases(world));
  scenario('a damaged estimate version', () => damagedVersion(world));
  scenario(`two processes draining together (×${size.pairs})`, () => twoProcesses(world, size.pairs));
  scenario('a full disk', () => diskFull(world));
}
