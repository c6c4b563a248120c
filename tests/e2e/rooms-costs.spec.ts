import type { RoomsCosts } from '../../src-shared/plans/rooms-costs-types';
import { parseEstimateView } from '../../src-shared/estimates/view-text';
import { editPlan } from '../helpers/estimate-edits';
import { axeProblems } from './page-checks';
import path from 'node:path';
import ExcelJS from 'exceljs';
import { Decimal } from '../../src-shared/money/decimal';
import { translator } from '../../src-shared/i18n/catalogue';
import type { UiLanguage } from '../../src-shared/i18n/languages';
import { addWorkspaceViaUi, expect, SCREENSHOT_DIR, test, type AppFixture } from './harness';

// The estimate on the plan (issue 28): the cost overlay on the floor image in both themes, a room
// chosen to open the estimate with its positions only, the per-room table, and the drift after a room
// was renamed through the simulator's admin API.

interface Chosen {
  projectId: string;
  planId: string;
  costs: RoomsCosts;
  priced: RoomsCosts['rooms'][number];
  notPriced: RoomsCosts['rooms'][number];
}

/** A project of the active workspace whose plan has a priced room and one not priced, on one floor. */
async function projectWithCosts(app: AppFixture): Promise<Chosen> {
  const page = await app.services.projects.list({ page: 1, pageSize: 50, sort: 'service', direction: 'asc' });
  for (const row of page.rows) {
    const planId = (await app.services.projects.get(row.id)).planId;
    if (!planId) continue;
    const r = await app.services.roomsCosts.get({ projectId: row.id, planId });
    const costs = r.costs;
    if (!costs) continue;
    const floor = costs.rooms[0]?.floorId;
    const onFloor = costs.rooms.filter((x) => x.floorId === floor && x.roomId);
    const priced = onFloor.find((x) => x.positionIds.length > 0);
    const notPriced = onFloor.find((x) => x.positionIds.length === 0);
    if (priced && notPriced && onFloor.length >= 3)
      return { projectId: row.id, planId, costs, priced, notPriced };
  }
  throw new Error('the demo has no project with a priced and a not-priced room on one floor');
}

async function openPlan(app: AppFixture, chosen: Chosen): Promise<void> {
  const { page } = app;
  await page.getByTestId(`project-row-${chosen.projectId}`).click();
  await page.getByTestId('open-plan').click();
  await expect(page.getByTestId('floor-image')).toBeVisible();
  await expect(page.getByTestId('rooms-costs-estimate')).toHaveValue(chosen.costs.estimate.id);
}

for (const theme of ['light', 'dark'] as const) {
  test(`cost per room on the floor image, its legend, labels and tooltip; axe clean (${theme})`, async ({
    app,
  }) => {
    const { page } = app;
    await page.emulateMedia({ colorScheme: theme });
    await app.open();
    const chosen = await projectWithCosts(app);
    await openPlan(app, chosen);
    const { priced, notPriced } = chosen;

    // Drawn once the costs are there, shown only when the switch is on (the layer made transparent).
    await expect(page.getByTestId('cost-shading')).toHaveCount(1);
    await expect(page.getByTestId('cost-shading-layer')).toHaveClass(/is-off/);
    await expect(page.getByTestId('cost-labels-layer')).toHaveClass(/is-off/);
    await page.getByTestId('room-costs-toggle').check();
    await expect(page.getByTestId('cost-shading-layer')).not.toHaveClass(/is-off/);
    await expect(page.getByTestId('cost-shading-layer')).toHaveCSS('opacity', '1');
    await expect(page.getByTestId(`cost-fill-${priced.roomId}`)).toHaveAttribute(
      'data-cost-class',
      /^[0-4]$/,
    );
    await expect(page.getByTestId(`cost-fill-${notPriced.roomId}`)).toHaveAttribute(
      'data-cost-class',
      'not-priced',
    );
    // The label of a priced room shows its net; the legend its classes in the currency.
    const amount = await page.evaluate(
      ([v, c]) => new Intl.NumberFormat('en-US', { style: 'currency', currency: c }).format(v as never),
      [priced.netShown, chosen.costs.currency ?? 'EUR'] as const,
    );
    await expect(page.getByTestId(`floor-room-cost-label-${priced.roomId}`)).toContainText(amount);
    await expect(page.getByTestId(`floor-room-cost-label-${notPriced.roomId}`)).toContainText('Not priced');
    await expect(page.getByTestId('cost-labels-layer')).not.toHaveClass(/is-off/);
    await expect(page.getByTestId('cost-legend')).toContainText(`Net per room (${chosen.costs.currency})`);
    await expect(page.getByTestId('cost-legend-class-4')).toBeVisible();
    await expect(page.getByTestId('cost-legend-not-priced')).toBeVisible();

    // Focus shows the room's positions and net, as hovering does.
    await page.getByTestId(`floor-image-area-${priced.roomId}`).focus();
    const positions = priced.positionIds.length;
    await expect(page.getByTestId('floor-image-tooltip-cost')).toHaveText(
      `${positions} position${positions === 1 ? '' : 's'} · ${amount}`,
    );
    await page.getByTestId('floor-image').scrollIntoViewIfNeeded();
    await app.screenshot(`80-rooms-costs-overlay-${theme}`);
    // The floor with its legend beside it.
    await page
      .locator('.floor-layout')
      .screenshot({ path: path.join(SCREENSHOT_DIR, `80b-rooms-costs-legend-${theme}.png`) });
    expect(await axeProblems(page)).toEqual([]);

    await page.getByTestId('costs-tab').click();
    await expect(page.getByTestId('rooms-costs-table')).toBeVisible();
    await expect(page.getByTestId('rooms-costs-total-net')).toContainText(
      await page.evaluate(
        ([v, c]) => new Intl.NumberFormat('en-US', { style: 'currency', currency: c }).format(v as never),
        [chosen.costs.totals.totalShown, chosen.costs.currency ?? 'EUR'] as const,
      ),
    );
    await expect(page.getByTestId(`rooms-costs-net-id:${notPriced.roomId}`)).toHaveText('Not priced');
    await app.screenshot(`81-rooms-costs-table-${theme}`);
    expect(await axeProblems(page)).toEqual([]);
  });
}

test('choosing a room opens the estimate with its positions only; a renamed room shows as drift', async ({
  app,
}) => {
  const { page } = app;
  await app.open();
  // The fixture's own simulator (not the built-in demo), whose plans its admin API edits.
  await addWorkspaceViaUi(app, 0);
  const chosen = await projectWithCosts(app);
  await openPlan(app, chosen);
  const { priced } = chosen;
  await page.getByTestId('room-costs-toggle').check();

  // Enter on the room: the estimate, filtered to the room's positions (with the groups above them).
  await page.getByTestId(`floor-image-area-${priced.roomId}`).focus();
  await page.keyboard.press('Enter');
  await expect(page.getByTestId('estimate-screen')).toBeVisible();
  await expect(page.getByTestId('place-filter')).toContainText(priced.name!);
  const shown = page.getByTestId('estimate-tree').locator('[data-testid^="tree-row-"]');
  for (const id of priced.positionIds) await expect(page.getByTestId(`tree-row-${id}`)).toBeVisible();
  const all = parseEstimateView(await app.services.estimates.get(chosen.projectId, chosen.costs.estimate.id));
  const positions = all.rows.filter((r) => r.type !== 'group');
  expect(await shown.count()).toBeLessThan(positions.length);
  // A group above the room's positions shows what those positions come to, not the whole group.
  const view = all;
  const kept = new Set(priced.positionIds);
  const top = (i: number): number => (view.rows[i]!.parentIndex < 0 ? i : top(view.rows[i]!.parentIndex));
  const sums = new Map<number, Decimal>();
  view.rows.forEach((r, i) => {
    if (r.type === 'group' || !kept.has(r.id)) return;
    sums.set(top(i), (sums.get(top(i)) ?? Decimal.ZERO).add(Decimal.parse(r.total ?? '0')));
  });
  for (const [i, sum] of sums) {
    const gross = await page.evaluate(
      ([v, c]) => new Intl.NumberFormat('en-US', { style: 'currency', currency: c }).format(v as never),
      [sum.toFixed(2), view.estimate.currency!] as const,
    );
    await expect(
      page.getByTestId(`tree-row-${view.rows[i]!.id}`).locator('[role="gridcell"]').last(),
    ).toHaveText(gross);
  }
  await app.screenshot('82-rooms-costs-estimate-filtered');
  await page.getByTestId('place-filter-show-all').click();
  await expect(page.getByTestId('place-filter')).toHaveCount(0);

  // The room is renamed on the service: its positions are no longer placed, the plan says what moved.
  await editPlan(app.sim.adminUrl, chosen.planId, {
    rooms: { [priced.roomId!]: { name: `${priced.name} 2` } },
  });
  await page.getByTestId('project-tab-plan').click();
  await expect(page.getByTestId('rooms-costs-drift')).toBeVisible();
  await expect(page.getByTestId(`rooms-costs-drift-${priced.roomId}`)).toContainText(
    `${priced.name} 2 (${priced.floor}) (was “${priced.name}”): priced before, not priced now`,
  );
  await expect(page.getByTestId(`cost-fill-${priced.roomId}`)).toHaveAttribute(
    'data-cost-class',
    'not-priced',
  );
  await page.getByTestId('rooms-costs-drift').scrollIntoViewIfNeeded();
  await app.screenshot('83-rooms-costs-drift');
  await page.getByTestId('costs-tab').click();
  await expect(page.getByTestId('rooms-costs-why-unknown-room')).toContainText(
    `“${priced.name}” is not the name of a room`,
  );
  await page.getByTestId('rooms-costs-why').scrollIntoViewIfNeeded();
  await app.screenshot('84-rooms-costs-not-on-plan');
  expect(await axeProblems(page)).toEqual([]);
});

test('the costs per room as a sheet: the rooms workbook from the costs tab; the internal worksheet only when asked', async ({
  app,
}) => {
  const { page } = app;
  await app.open();
  const chosen = await projectWithCosts(app);
  await openPlan(app, chosen);
  const { priced } = chosen;

  // The costs tab writes the plan's rooms workbook with these costs beside the rooms.
  await page.getByTestId('costs-tab').click();
  await page.getByTestId('rooms-costs-export').click();
  // The first export starts the export worker (exceljs loaded in a fresh thread): slow on a busy machine.
  await expect(page.getByTestId('rooms-export-result')).toContainText('.xlsx', { timeout: 30_000 });
  const text = await page.getByTestId('rooms-export-result').innerText();
  const workbook = text.match(/\/\S.*\.xlsx/)![0];
  expect(path.dirname(workbook)).toBe(app.exportDir);
  const rooms = new ExcelJS.Workbook();
  await rooms.xlsx.readFile(workbook);
  // The demo's company is German: with its estimate's costs, the workbook is its reader's, in German.
  const de = translator('de-DE');
  expect(rooms.worksheets.map((w) => w.name)).toEqual([de('plan.rooms'), de('roomsCosts.tab')]);
  await app.screenshot('85-rooms-costs-exported');
  expect(await axeProblems(page)).toEqual([]);

  // The estimate's export dialog: the sheet is offered for the internal worksheet as Excel only, off.
  await page.getByTestId(`rooms-costs-row-id:${priced.roomId}`).getByRole('button').click();
  await expect(page.getByTestId('estimate-screen')).toBeVisible();
  await page.getByTestId('export-open').click();
  await expect(page.getByTestId('export-dialog')).toBeVisible();
  await expect(page.getByTestId('export-preset')).toHaveValue('quote');
  await expect(page.getByTestId('export-rooms-costs')).toHaveCount(0);
  await page.getByTestId('export-preset').selectOption('internal');
  await page.getByTestId('export-format-pdf').check();
  await expect(page.getByTestId('export-rooms-costs')).toHaveCount(0);
  await page.getByTestId('export-format-xlsx').check();
  await expect(page.getByTestId('export-rooms-costs')).not.toBeChecked();
  await page.getByTestId('export-rooms-costs').check();
  await page.getByTestId('export-rooms-costs').scrollIntoViewIfNeeded();
  await app.screenshot('86-export-dialog-rooms-costs');
  expect(await axeProblems(page)).toEqual([]);
  // The document's language is its reader's (the company's country's): its sheet is named in it.
  const t = translator((await page.getByTestId('export-language').inputValue()) as UiLanguage);
  await page.getByTestId('export-submit').click();
  await expect(page.getByTestId('export-result')).toContainText('.xlsx', { timeout: 30_000 });
  const file = (await page.getByTestId('export-result').innerText()).match(/\/\S.*\.xlsx/)![0];
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.readFile(file);
  const sheet = wb.getWorksheet(t('roomsCosts.tab'))!;
  expect(sheet).toBeDefined();
  // The room's net in the sheet is the one on the plan, to the cent.
  let netColumn = 0;
  const nets: number[] = [];
  sheet.eachRow((row) => {
    if (row.getCell(1).value === t('plan.colFloor'))
      row.eachCell((cell, col) => {
        if (cell.value === t('roomsCosts.colNet')) netColumn = col;
      });
    else if (netColumn && row.getCell(2).value === priced.name)
      nets.push(Number(row.getCell(netColumn).value));
  });
  expect(nets).toEqual([Number(priced.netShown)]);
});
