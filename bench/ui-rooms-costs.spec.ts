import { readFileSync } from 'node:fs';
import { availableParallelism, loadavg } from 'node:os';
import { join } from 'node:path';
import type { SimDataset, SimRoom } from '../simulator/data/types';
import { addWorkspaceViaUi, expect, test } from '../tests/e2e/harness';

const COLS = 25;
const ROWS = 20;
const FRAME_MS = 1000 / 60;

/**
 * The demo data set with its first project's plan replaced by one floor of 500 rooms (25 × 20 on the
 * floor image), every position of its estimates located in one of them.
 */
function dataset(): SimDataset {
  const ds = JSON.parse(
    readFileSync(join(process.cwd(), 'resources/demo/dataset.json'), 'utf8'),
  ) as SimDataset;
  const project = ds.workspaces[0]!.projects[0]!;
  const floor = project.plan.floors[0]!;
  project.plan.floors = [floor];
  const model = floor.rooms[0]!;
  const w = 1600 / COLS;
  const h = 1000 / ROWS;
  const rooms: SimRoom[] = [];
  const areas: { room_id: string; coords: number[] }[] = [];
  for (let i = 0; i < COLS * ROWS; i++) {
    const id = `${model.id}-${i}`;
    rooms.push({ ...model, id, name: `R${i + 1}`, walls: [], objects: [] });
    const x = (i % COLS) * w;
    const y = Math.floor(i / COLS) * h;
    areas.push({ room_id: id, coords: [x + 3, y + 3, x + w - 3, y + h - 3].map(Math.round) });
  }
  floor.rooms = rooms;
  floor.image_map.areas = areas;
  for (const estimate of project.estimates) {
    let k = 0;
    // Nine rooms in ten priced: every shade of the scale, and hatched rooms.
    for (const item of estimate.items) item.location = `R${1 + ((k++ * 10) % 500) + (k % 9)}`;
  }
  return ds;
}

test.use({ simDataset: dataset() });

/**
 * The cost overlay on a floor of 500 rooms (issue 28): from the switch to the overlay drawn. Measured
 * two ways: the click's handling, React's render and commit and the style and layout it causes (in
 * the page, ten times each way), and the browser's own Event Timing of real clicks (a click whose
 * next paint comes more than a frame after it is reported; none should be). Target: within a frame.
 */
test('cost overlay on a floor of 500 rooms: toggled within a frame', async ({ app }) => {
  const { page } = app;
  await app.open();
  await addWorkspaceViaUi(app, 0);
  const first = (
    await app.services.projects.list({ page: 1, pageSize: 1, sort: 'service', direction: 'asc' })
  ).rows[0]!;
  await page.getByTestId(`project-row-${first.id}`).click();
  await page.getByTestId('open-plan').click();
  // The simulator draws the floor image of 500 rooms first: give it time.
  await expect(page.locator('[data-testid^="floor-image-area-"]')).toHaveCount(500, { timeout: 60_000 });
  await expect(page.getByTestId('room-costs-toggle')).toBeVisible();

  const inPage = await page.evaluate(async () => {
    const input = document.querySelector<HTMLInputElement>('[data-testid="room-costs-toggle"]')!;
    const frame = document.querySelector<HTMLElement>('.floor-image-frame')!;
    const times: number[] = [];
    const scripts: number[] = [];
    for (let i = 0; i < 20; i++) {
      const t0 = performance.now();
      input.click();
      const t1 = performance.now();
      void frame.getBoundingClientRect().height; // style and layout, now
      times.push(performance.now() - t0);
      scripts.push(t1 - t0);
      await new Promise((r) => requestAnimationFrame(() => setTimeout(r, 0)));
    }
    return { times, scripts };
  });
  const shaded = !(await page.getByTestId('cost-shading-layer').getAttribute('class'))?.includes('is-off');

  await page.evaluate(() => {
    const slow: number[] = [];
    (globalThis as unknown as { __slowClicks: number[] }).__slowClicks = slow;
    new PerformanceObserver((list) => {
      for (const e of list.getEntries()) if (e.name === 'click') slow.push(e.duration);
    }).observe({ type: 'event', durationThreshold: 16, buffered: false } as PerformanceObserverInit);
  });
  const clicks = async (testId: string): Promise<number[]> => {
    await page.evaluate(() => (globalThis as unknown as { __slowClicks: number[] }).__slowClicks.splice(0));
    for (let i = 0; i < 10; i++) {
      await page.getByTestId(testId).click();
      await page.waitForTimeout(50);
    }
    await page.waitForTimeout(300);
    return page.evaluate(() => [...(globalThis as unknown as { __slowClicks: number[] }).__slowClicks]);
  };
  const slow = await clicks('room-costs-toggle');
  // The same clicks on the plan's name, which changes nothing: what the machine adds to any click.
  const baseline = await clicks('plan-name');

  const sorted = [...inPage.times].sort((a, b) => a - b);
  const script = [...inPage.scripts].sort((a, b) => a - b)[inPage.scripts.length >> 1]!;
  const median = sorted[sorted.length >> 1]!;
  console.log('\n## Renderer: cost overlay on a floor of 500 rooms');
  console.log(
    `  toggle → drawn, in the page: median (ms)   ${median.toFixed(1)}   (target ≤ ${FRAME_MS.toFixed(1)}: a frame)`,
  );
  console.log(`  … of which the click and React (ms)         ${script.toFixed(1)}`);
  console.log(`  … slowest of ${inPage.times.length} (ms)                  ${sorted.at(-1)!.toFixed(1)}`);
  console.log(`  within a frame                            ${median <= FRAME_MS ? 'yes' : 'no'}`);
  console.log(
    `  real clicks painted later than a frame     ${slow.length} of 10${slow.length ? ` (${slow.join(', ')} ms)` : ''}`,
  );
  console.log(
    `  … clicks that change nothing, the same     ${baseline.length} of 10${baseline.length ? ` (${baseline.join(', ')} ms)` : ''}`,
  );
  console.log(`  overlay left ${shaded ? 'on' : 'off'} after an even number of toggles`);
  console.log(
    `  load average (1 min, cores)               ${loadavg()[0]!.toFixed(1)}, ${availableParallelism()}`,
  );
  await page.getByTestId('room-costs-toggle').check();
  await page.getByTestId('floor-image').scrollIntoViewIfNeeded();
  await app.screenshot('90-bench-rooms-costs-500-rooms');
});
