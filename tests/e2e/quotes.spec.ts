import { parseEstimateView } from '../../src-shared/estimates/view-text';
import path from 'node:path';
import ExcelJS from 'exceljs';
import type { Locator, Page } from '@playwright/test';
import { INTERNAL_COLUMNS } from '../../src-shared/estimates/columns';
import type { EstimateSummary } from '../../src-shared/estimates/types';
import { Decimal } from '../../src-shared/money/decimal';
import { brokenDemo } from '../helpers/broken-demo';
import { documentLabels } from '../helpers/document-labels';
import { addWorkspaceViaUi, expect, test, type AppFixture } from './harness';

/** What the list and the bar show: the service's money as en-US formats it (the UI language here). */
function money(value: string, currency: string | null): string {
  return new Intl.NumberFormat('en-US', { style: 'currency', currency: currency ?? 'EUR' }).format(
    value as Intl.StringNumericLiteral,
  );
}

/** Opens the estimates list of the project called `name` (searched, as a user would). */
async function openProject(app: AppFixture, name: string): Promise<string> {
  const { page, services } = app;
  const all = await services.projects.list({ page: 1, pageSize: 100, sort: 'name', direction: 'asc' });
  const project = all.rows.find((p) => p.name === name);
  if (!project) throw new Error(`no project called ${name}`);
  await page.getByTestId('project-search').fill(name);
  await page.getByTestId(`project-row-${project.id}`).click();
  await page.getByTestId('open-estimates').click();
  await expect(page.getByTestId('estimates-screen')).toBeVisible();
  return project.id;
}

/** Opens the estimate called `name` of the project called `project`; resolves when its rows show. */
async function openEstimate(app: AppFixture, project: string, name: string) {
  const projectId = await openProject(app, project);
  const list = await app.services.estimates.list(projectId);
  const row = list.rows.find((r) => r.name === name)!;
  await app.page.getByTestId(`estimate-row-${row.id}`).click();
  await expect(treeRows(app.page).first()).toBeVisible();
  return { projectId, estimateId: row.id };
}

function treeRows(page: Page): Locator {
  return page.getByTestId('estimate-tree').locator('[data-testid^="tree-row-"]');
}

interface Box {
  x: number;
  y: number;
  width: number;
  height: number;
}

/** Whether box `a` lies within box `b` (to the pixel). */
function inside(a: Box, b: Box): boolean {
  return (
    a.x >= b.x - 1 &&
    a.y >= b.y - 1 &&
    a.x + a.width <= b.x + b.width + 1 &&
    a.y + a.height <= b.y + b.height + 1
  );
}

/**
 * The first export of a test starts the export's worker thread (its script loaded through tsx here):
 * on a busy machine that takes longer than the default wait.
 */
const EXPORTED = { timeout: 30_000 };

const MIXED_VAT = { project: 'Jørgensen loft', estimate: 'Angebot Bad & WC' };

test('export dialog: the client quote by default, internal columns locked, the file has no internal column', async ({
  app,
}) => {
  const { page } = app;
  await app.open();
  await openEstimate(app, MIXED_VAT.project, MIXED_VAT.estimate);

  await page.getByTestId('export-open').click();
  const dialog = page.getByTestId('export-dialog');
  await expect(dialog).toBeVisible();
  const preset = page.getByTestId('export-preset');
  await expect(preset).toHaveValue('quote');
  // The built-in presets come first, the client quote at the top.
  expect(await preset.locator('option').allInnerTexts()).toEqual(['Client quote', 'Internal worksheet']);
  await expect(page.getByTestId('export-internal-locked')).toBeVisible();
  for (const key of INTERNAL_COLUMNS) {
    const box = page.getByTestId(`export-column-${key}`);
    await expect(box).toBeDisabled();
    await expect(box).not.toBeChecked();
  }
  // A click on a locked column's label ticks nothing.
  await page.getByTestId('export-column-markup').click({ force: true });
  await expect(page.getByTestId('export-column-markup')).not.toBeChecked();
  await expect(page.getByTestId('export-column-net_unit_price')).toBeChecked();
  // The document follows its reader, not the UI: a German company's quote is German, on A4.
  await expect(page.getByTestId('export-language')).toHaveValue('de-DE');
  await expect(page.getByTestId('export-language-source')).toContainText('company’s country');
  await expect(page.getByTestId('export-paper')).toContainText('As usual for the language (A4)');

  // The internal worksheet ticks every column; back to the quote, the internal ones are locked again.
  await preset.selectOption('internal');
  await expect(page.getByTestId('export-column-markup')).toBeEnabled();
  await expect(page.getByTestId('export-column-markup')).toBeChecked();
  await expect(page.getByTestId('export-internal-locked')).toHaveCount(0);
  await preset.selectOption('quote');
  await expect(page.getByTestId('export-column-markup')).toBeDisabled();
  await expect(page.getByTestId('export-column-markup')).not.toBeChecked();

  // The document's language can be changed; the paper follows it unless chosen.
  await page.getByTestId('export-language').selectOption('en-US');
  await expect(page.getByTestId('export-paper')).toContainText('As usual for the language (US Letter)');
  await page.getByTestId('export-language').selectOption('de-DE');
  await expect(page.getByTestId('export-paper')).toContainText('As usual for the language (A4)');
  await app.screenshot('60-export-dialog-client-quote');

  await page.getByTestId('export-format-xlsx').check();
  await page.getByTestId('export-submit').click();
  await expect(page.getByTestId('export-result')).toContainText('.xlsx', EXPORTED);
  const file = (await page.getByTestId('export-result').innerText()).match(/\/\S.*\.xlsx/)![0];
  expect(path.dirname(file)).toBe(app.exportDir);

  // Main recorded the preset the export asked for as the workspace's last one.
  const settings = await app.services.settings.load();
  expect(Object.values(settings.lastExportPreset)).toEqual(['quote']);
  // And the language chosen as the workspace's documents language.
  expect(Object.values(settings.documentsLanguage)).toEqual(['de-DE']);

  // Read back: the document's own column headers, in German, with none of an internal column.
  const labels = documentLabels('de-DE').columns;
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.readFile(file);
  const cells = new Set<string>();
  wb.eachSheet((ws) =>
    ws.eachRow((row) =>
      row.eachCell((cell) => {
        if (typeof cell.value === 'string') cells.add(cell.value.trim());
      }),
    ),
  );
  expect(cells).toContain(labels.net_unit_price);
  expect(cells).toContain(labels.net_amount);
  for (const key of INTERNAL_COLUMNS) expect(cells).not.toContain(labels[key]);
});

test('presets: saved under a name, offered after the built-in ones, remembered, deleted', async ({ app }) => {
  const { page } = app;
  await app.open();
  await openEstimate(app, MIXED_VAT.project, MIXED_VAT.estimate);
  await page.getByTestId('export-open').click();

  // A client preset of the internal worksheet's columns keeps none of the internal ones.
  await page.getByTestId('export-preset').selectOption('internal');
  await page.getByTestId('export-column-description').uncheck();
  await page.getByTestId('export-paper').selectOption('A4');
  await page.getByTestId('export-statements').uncheck();
  await page.getByTestId('preset-save-open').click();
  await page.getByTestId('preset-save').click();
  await expect(page.getByTestId('preset-name-missing')).toBeVisible();
  await page.getByTestId('preset-name').fill('Kurzangebot');
  await page.getByTestId('preset-kind-client').check();
  await app.screenshot('61-export-dialog-save-preset');
  await page.getByTestId('preset-name').press('Enter');

  const preset = page.getByTestId('export-preset');
  await expect(preset.locator('option:checked')).toHaveText('Kurzangebot');
  expect(await preset.locator('option').allInnerTexts()).toEqual([
    'Client quote',
    'Internal worksheet',
    'Kurzangebot',
  ]);
  await expect(page.getByTestId('export-column-markup')).toBeDisabled();
  await expect(page.getByTestId('export-column-markup')).not.toBeChecked();
  await expect(page.getByTestId('export-column-description')).not.toBeChecked();
  await expect(page.getByTestId('export-paper')).toHaveValue('A4');
  await expect(page.getByTestId('export-statements')).not.toBeChecked();
  // Nothing was exported by pressing Enter in the name.
  await expect(page.getByTestId('export-dialog')).toBeVisible();

  // The dialog opens again with the preset last used (saving it counts).
  await page.keyboard.press('Escape');
  await page.getByTestId('export-open').click();
  await expect(preset.locator('option:checked')).toHaveText('Kurzangebot');
  await expect(page.getByTestId('export-paper')).toHaveValue('A4');

  await page.getByTestId('preset-delete').click();
  await expect(preset).toHaveValue('quote');
  expect(await preset.locator('option').allInnerTexts()).toEqual(['Client quote', 'Internal worksheet']);
  await expect(page.getByTestId('preset-delete')).toHaveCount(0);
});

test('totals bar: net, VAT by rate and gross always in view; the header folds and remembers it', async ({
  app,
}) => {
  const { page } = app;
  await app.open();
  const { projectId, estimateId } = await openEstimate(app, MIXED_VAT.project, MIXED_VAT.estimate);
  const view = parseEstimateView(await app.services.estimates.get(projectId, estimateId));
  const currency = view.estimate.currency;
  expect(view.quote.vat.length).toBeGreaterThan(1);

  const bar = page.getByTestId('totals-bar');
  await expect(page.getByTestId('totals-bar-net')).toHaveText(money(view.quote.net, currency));
  await expect(page.getByTestId('totals-bar-gross')).toHaveText(money(view.quote.gross, currency));
  const vat = Decimal.parse(view.quote.gross).sub(Decimal.parse(view.quote.net)).toString();
  await expect(page.getByTestId('totals-bar-vat')).toContainText(money(vat, currency));
  await expect(page.getByTestId('totals-bar-mismatch')).toHaveCount(0);

  await page.getByTestId('totals-bar-vat').click();
  const breakdown = page.getByTestId('totals-bar-breakdown');
  await expect(breakdown).toBeVisible();
  for (const line of view.quote.vat) {
    const percent = `${Number(Decimal.parse(line.rate).mul(Decimal.fromInteger(100)).toString())}%`;
    await expect(breakdown).toContainText(`${percent} on ${money(line.base, currency)}`);
    await expect(breakdown).toContainText(money(line.amount, currency));
  }
  await app.screenshot('62-totals-bar-vat-by-rate');
  await page.keyboard.press('Escape');
  await page.mouse.move(0, 0);
  await expect(breakdown).toBeHidden();

  // The tree scrolled to its end, and the page below it: the bar has not moved.
  const before = (await bar.boundingBox())!;
  await page.getByTestId('expand-all').click();
  await page.getByTestId('estimate-tree').evaluate((el) => el.scrollTo(0, el.scrollHeight));
  await page.locator('.estimate-scroll').evaluate((el) => el.scrollTo(0, el.scrollHeight));
  await expect(page.getByTestId('totals-block')).toBeInViewport();
  expect(await bar.boundingBox()).toEqual(before);
  await expect(bar).toBeInViewport({ ratio: 1 });

  // Folded by default, to a line naming the customer; unfolded, it stays so after a restart.
  await expect(page.getByTestId('estimate-header-summary')).toBeVisible();
  await expect(page.getByTestId('estimate-customer')).toHaveCount(0);
  await page.getByTestId('estimate-header-toggle').click();
  await expect(page.getByTestId('estimate-customer')).toBeVisible();
  await expect(page.getByTestId('estimate-header-toggle')).toHaveAttribute('aria-expanded', 'true');
  await page.reload();
  await openEstimate(app, MIXED_VAT.project, MIXED_VAT.estimate);
  await expect(page.getByTestId('estimate-customer')).toBeVisible();
  await page.getByTestId('estimate-header-toggle').click();
  await expect(page.getByTestId('estimate-customer')).toHaveCount(0);
});

test.describe('at 1024×700', () => {
  test.use({ viewport: { width: 1024, height: 700 } });

  test('the items are on the first screen; with more columns than room, the least read give way into the row detail', async ({
    app,
  }) => {
    const { page } = app;
    await app.open();
    const { projectId, estimateId } = await openEstimate(app, MIXED_VAT.project, MIXED_VAT.estimate);
    const tree = page.getByTestId('estimate-tree');
    const window = { x: 0, y: 0, ...page.viewportSize()! };

    // The net columns are offered by the column chooser; chosen, they are more than a 1024 px window holds.
    await page.getByTestId('column-chooser').click();
    await expect(page.getByTestId('column-option-net_unit_price')).toBeVisible();
    await page.getByTestId('column-option-net_unit_price').click();
    await page.getByTestId('column-option-net_amount').click();
    await page.keyboard.press('Escape');
    await expect(page.getByTestId('tree-head-net_amount')).toHaveText('Amount (net)');
    await expect(page.getByTestId('tree-head-total')).toHaveText('Total (gross)');

    // The first rows of items are on the first screen, every cell whole: nothing scrolls sideways, the
    // name keeps room for a typical name (issue 26).
    for (let i = 0; i < 5; i++) {
      const cells = treeRows(page).nth(i).locator('[role="gridcell"]');
      for (const cell of [cells.first(), cells.nth(1), cells.last()])
        await expect(cell).toBeInViewport({ ratio: 1 });
    }
    expect(await tree.evaluate((el) => el.scrollWidth - el.clientWidth)).toBeLessThanOrEqual(1);
    for (const key of ['code', 'name', 'total']) {
      expect(inside((await page.getByTestId(`tree-head-${key}`).boundingBox())!, window), key).toBe(true);
    }
    expect((await page.getByTestId('tree-head-name').boundingBox())!.width).toBeGreaterThanOrEqual(260);
    // Columns gave way: named in the row detail, their values there for the selected item.
    const detail = page.getByTestId('tree-row-detail');
    await expect(detail).toBeVisible();
    await expect(page.getByTestId('tree-head-total_cost')).toHaveCount(0);
    await expect(detail).toContainText('Total cost');

    // A position's net figures are formatted as money; the total column shows the service's gross.
    const view = parseEstimateView(await app.services.estimates.get(projectId, estimateId));
    const position = view.rows.find((r) => r.type === 'position' && r.depth === 1)!;
    const row = page.getByTestId(`tree-row-${position.id}`);
    await expect(row.locator('[role="gridcell"]').last()).toHaveText(money(position.total!, 'EUR'));
    await row.click();
    const shown = page.getByTestId('tree-head-net_amount');
    if (await shown.count()) await expect(row).toContainText(money(position.net_amount!, 'EUR'));
    else await expect(detail).toContainText(money(position.net_amount!, 'EUR'));
    await expect(detail).toContainText(money(position.total_cost!, 'EUR'));
    await app.screenshot('63-estimate-1024x700-row-detail');

    // Collapsed, the groups still show their figures.
    await page.getByTestId('collapse-all').click();
    const group = view.rows.find((r) => r.type === 'group' && r.depth === 0)!;
    const groupRow = page.getByTestId(`tree-row-${group.id}`);
    await expect(groupRow).toHaveAttribute('data-expanded', 'false');
    await expect(groupRow.locator('[role="gridcell"]').last()).toHaveText(money(group.total!, 'EUR'));
    if (await shown.count()) await expect(groupRow).toContainText(money(group.net_amount!, 'EUR'));
    await app.screenshot('64-estimate-1024x700-collapsed');
  });
});

test('estimates list: net and gross per estimate, fetched in the background, and the project sum per currency', async ({
  app,
}) => {
  const { page } = app;
  await app.open();
  // The second workspace has a project with estimates in two currencies.
  await addWorkspaceViaUi(app, 1);
  const projectName = 'Atelier d’artiste Bastille';
  const projectId = await openProject(app, projectName);
  const list = await app.services.estimates.list(projectId);
  expect(list.rows.length).toBeGreaterThan(1);

  // Every estimate's figures arrive without opening it.
  const summaries: EstimateSummary[] = [];
  for (const row of list.rows) {
    const view = parseEstimateView(await app.services.estimates.get(projectId, row.id));
    summaries.push({ currency: view.estimate.currency, quote: view.quote });
    await expect(page.getByTestId(`estimate-net-${row.id}`)).toHaveText(
      money(view.quote.net, view.estimate.currency),
    );
    await expect(page.getByTestId(`estimate-gross-${row.id}`)).toHaveText(
      money(view.quote.gross, view.estimate.currency),
    );
  }
  const currencies = [...new Set(summaries.map((s) => s.currency))];
  expect(currencies.length).toBe(2);
  // The sum, worked out here from the service's figures: one per currency, never mixed.
  const parts = (field: 'net' | 'gross') =>
    currencies.map((c) =>
      money(
        Decimal.sum(
          summaries.filter((s) => s.currency === c).map((s) => Decimal.parse(s.quote[field])),
        ).toString(),
        c,
      ),
    );
  const sum = page.getByTestId('estimates-project-sum');
  for (const text of [...parts('net'), ...parts('gross')]) await expect(sum).toContainText(text);
  // One line per currency, and a note that they are never added together.
  await expect(page.getByTestId('estimates-several-currencies')).toContainText('several currencies');
  for (const [i, c] of currencies.entries()) {
    await expect(page.getByTestId(`estimates-sum-${c}`)).toHaveText(
      `${c}: ${parts('net')[i]} net, ${parts('gross')[i]} gross`,
    );
  }
  await expect(page.getByTestId('estimates-totals-loading')).toHaveCount(0);
  await app.screenshot('65-estimates-list-with-totals');
});

test('estimates list: totals fetched in the background are still there after opening an estimate', async ({
  app,
}) => {
  const { page } = app;
  await app.open();
  const projectId = await openProject(app, MIXED_VAT.project);
  const list = await app.services.estimates.list(projectId);
  for (const row of list.rows) await expect(page.getByTestId(`estimate-net-${row.id}`)).not.toHaveText('—');
  await expect(page.getByTestId('estimates-project-sum')).toContainText('All estimates:');
  // Leaving the list stops the fetching; the list opened again knows what was fetched.
  await page.getByTestId(`estimate-row-${list.rows[0]!.id}`).click();
  await expect(treeRows(page).first()).toBeVisible();
  await page.getByTestId('estimate-back').click();
  await expect(page.getByTestId('estimates-project-sum')).toContainText('All estimates:');
});

test.describe('totals that do not add up', () => {
  test.use({ simDataset: brokenDemo() });
  test('the export warns with both figures and asks to export anyway', async ({ app }) => {
    const { page, services } = app;
    await app.open();
    await addWorkspaceViaUi(app, 0);
    const projects = await services.projects.list({ page: 1, pageSize: 100, sort: 'name', direction: 'asc' });
    let found: { project: string; estimateId: string; projectId: string } | null = null;
    for (const p of projects.rows) {
      const broken = (await services.estimates.list(p.id)).rows.find((r) => r.name === 'Broken on purpose');
      if (broken) found = { project: p.name, estimateId: broken.id, projectId: p.id };
    }
    await openProject(app, found!.project);
    await page.getByTestId(`estimate-row-${found!.estimateId}`).click();
    await expect(treeRows(page).first()).toBeVisible();
    const view = parseEstimateView(await services.estimates.get(found!.projectId, found!.estimateId));
    expect(view.quote.mismatch).not.toBeNull();
    await expect(page.getByTestId('totals-bar-mismatch')).toBeVisible();
    await app.screenshot('66-totals-bar-mismatch');

    await page.getByTestId('export-open').click();
    const warning = page.getByTestId('export-totals-mismatch');
    await expect(warning).toContainText(money(view.quote.gross, view.estimate.currency));
    await expect(warning).toContainText(money(view.quote.mismatch!.serviceGross, view.estimate.currency));
    await expect(page.getByTestId('export-submit')).toHaveText('Export anyway');
    await app.screenshot('67-export-totals-mismatch');
    await page.getByTestId('export-submit').click();
    await expect(page.getByTestId('export-result')).toContainText('.xlsx', EXPORTED);

    // The whole project's workbook warns too, naming the estimate.
    await page.getByTestId('estimate-back').click();
    await page.getByTestId('export-all-open').click();
    await expect(page.getByTestId('export-totals-mismatch')).toContainText('Broken on purpose');
    await expect(page.getByTestId('export-submit')).toHaveText('Export anyway');
  });
});
