import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import ExcelJS from 'exceljs';
import type { Page } from '@playwright/test';
import { INTERNAL_COLUMNS } from '../../src-shared/estimates/columns';
import { startSimulator } from '../../simulator';
import { brokenDemo } from '../helpers/broken-demo';
import { documentLabels } from '../helpers/document-labels';
import { addWorkspaceViaUi, expect, openLargeEstimate, test, type AppFixture } from './harness';

/** Opens the first project that has at least two estimates, then its estimates list. */
async function openEstimates(app: AppFixture): Promise<{ projectId: string; estimateIds: string[] }> {
  const { page, services } = app;
  const projects = await services.projects.list({ page: 1, pageSize: 50, sort: 'service', direction: 'asc' });
  for (const p of projects.rows) {
    const list = await services.estimates.list(p.id);
    if (list.rows.length >= 2) {
      await page.getByTestId(`project-row-${p.id}`).click();
      await page.getByTestId('open-estimates').click();
      await expect(page.getByTestId('estimates-screen')).toBeVisible();
      return { projectId: p.id, estimateIds: list.rows.map((r) => r.id) };
    }
  }
  throw new Error('no project with two estimates');
}

async function treeRows(page: Page) {
  return page.getByTestId('estimate-tree').locator('[data-testid^="tree-row-"]');
}

test('an estimate opens as a tree with exact totals; expand and collapse', async ({ app }) => {
  const { page } = app;
  await app.open();
  const { estimateIds } = await openEstimates(app);
  await expect(page.getByTestId(`estimate-row-${estimateIds[0]}`)).toBeVisible();
  await app.screenshot('30-estimates-list');
  await page.getByTestId(`estimate-row-${estimateIds[0]}`).click();
  await expect(page.getByTestId('estimate-screen')).toBeVisible();
  await expect(page.getByTestId('estimate-header')).toBeVisible();
  const rows = await treeRows(page);
  await expect(rows.first()).toBeVisible();

  await page.getByTestId('collapse-all').click();
  const collapsed = await rows.count();
  await page.getByTestId('expand-all').click();
  await expect.poll(async () => rows.count()).toBeGreaterThan(collapsed);
  await expect(page.locator('[data-type="group"]').first()).toHaveAttribute('data-expanded', 'true');
  await app.screenshot('31-estimate-tree');

  // The service's totals and the computed ones agree for this estimate: nothing is marked.
  await expect(page.getByTestId('totals-block')).toBeVisible();
  await expect(page.locator('[data-testid^="totals-mismatch-"]')).toHaveCount(0);
  await expect(page.locator('[data-testid^="mismatch-"]')).toHaveCount(0);
  await page.getByTestId('totals-block').scrollIntoViewIfNeeded();
  await app.screenshot('32-estimate-totals');
});

test('exports: an Excel client quote (the default) and a PDF quote, read back by independent readers', async ({
  app,
}) => {
  const { page } = app;
  await app.open();
  const { estimateIds } = await openEstimates(app);
  await page.getByTestId(`estimate-row-${estimateIds[0]}`).click();
  await expect((await treeRows(page)).first()).toBeVisible();

  await page.getByTestId('export-open').click();
  await expect(page.getByTestId('export-dialog')).toBeVisible();
  await page.getByTestId('export-format-xlsx').check();
  await app.screenshot('33-export-dialog');
  await page.getByTestId('export-submit').click();
  await expect(page.getByTestId('export-result')).toContainText('.xlsx');
  const xlsxPath = (await page.getByTestId('export-result').innerText()).match(/\/\S.*\.xlsx/)![0];
  expect(path.dirname(xlsxPath)).toBe(app.exportDir);
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.readFile(xlsxPath);
  const text = wb.worksheets.map((ws) => ws.getSheetValues().flat(2).join(' ')).join(' ');
  // In the language of the estimate's company's country (German in the demo), not the UI's.
  const labels = documentLabels('de-DE').columns;
  expect(text).toContain(labels.net_amount);
  for (const key of INTERNAL_COLUMNS) expect(text).not.toContain(labels[key]);

  await page.getByTestId('export-open').click();
  await page.getByTestId('export-format-pdf').check();
  await page.getByTestId('export-language').selectOption('de-DE');
  await page.getByTestId('export-submit').click();
  await expect(page.getByTestId('export-result')).toContainText('.pdf');
  const pdfPath = (await page.getByTestId('export-result').innerText()).match(/\/\S.*\.pdf/)![0];
  const pdfText = execFileSync('pdftotext', ['-layout', pdfPath, '-'], { encoding: 'utf8' });
  expect(pdfText).toMatch(/Seite 1 von \d+/);
  expect(pdfText).toMatch(/Gesamt/);
  expect(readFileSync(pdfPath).subarray(0, 5).toString()).toBe('%PDF-');
});

test('offline: a project made available offline keeps working, with the marker, exports included', async ({
  app,
}) => {
  const { page, sim } = app;
  await app.open();
  await addWorkspaceViaUi(app, 0);
  const { estimateIds } = await openEstimates(app);
  await page.getByTestId('make-offline').click();
  await page.getByTestId('offline-start').click();
  await expect(page.getByTestId('offline-status')).toBeVisible();
  await app.screenshot('34-available-offline');

  // The service becomes unreachable.
  sim.faults.setFaults({ drop: 100_000 });
  try {
    await page.getByTestId(`estimate-row-${estimateIds[1]}`).click();
    await expect(page.getByTestId('offline-marker')).toBeVisible();
    await expect((await treeRows(page)).first()).toBeVisible();
    await app.screenshot('35-offline-estimate');
    await page.getByTestId('export-open').click();
    await page.getByTestId('export-format-xlsx').check();
    await page.getByTestId('export-submit').click();
    await expect(page.getByTestId('export-result')).toContainText('.xlsx');
  } finally {
    sim.faults.clearFaults();
  }
  // Back online: the view refreshes and the marker goes.
  await app.emit('event:connectivity', { online: true });
  await expect(page.getByTestId('offline-marker')).toHaveCount(0);
});

test.describe('figures that do not add up', () => {
  test.use({ simDataset: brokenDemo() });
  test('are shown as sent and marked plainly, with both numbers', async ({ app }) => {
    const { page, services } = app;
    await app.open();
    await addWorkspaceViaUi(app, 0);
    const projects = await services.projects.list({
      page: 1,
      pageSize: 50,
      sort: 'service',
      direction: 'asc',
    });
    for (const p of projects.rows) {
      const list = await services.estimates.list(p.id);
      const broken = list.rows.find((r) => r.name === 'Broken on purpose');
      if (!broken) continue;
      await page.getByTestId(`project-row-${p.id}`).click();
      await page.getByTestId('open-estimates').click();
      await page.getByTestId(`estimate-row-${broken.id}`).click();
      break;
    }
    // Both remarks listed, each with the service's figure and what the items add up to.
    await expect(page.getByTestId('warnings-panel')).toContainText('€1.00');
    await expect(page.getByTestId('warnings-panel')).toContainText('€0.01');
    await expect(page.getByTestId('totals-mismatch-total')).toBeVisible();
    // The group may be far down the virtual list: its remark takes the user there.
    await page.getByTestId('warning-0').click();
    await expect(page.locator('[data-testid^="mismatch-"]').first()).toBeVisible();
    await app.screenshot('36-mismatches-marked');
  });
});

test('a 20,000-item estimate keeps only a window of rows in the page while scrolling', async ({ app }) => {
  test.setTimeout(120_000);
  const { page } = app;
  const large = await startSimulator({ dataset: 'large' });
  try {
    await app.open();
    await openLargeEstimate(app, large);
    const rows = await treeRows(page);
    await page.getByTestId('expand-all').click();
    const tree = page.getByTestId('estimate-tree');
    for (let i = 0; i < 6; i++) {
      await tree.evaluate((el, f) => el.scrollTo(0, el.scrollHeight * f), (i + 1) / 6);
      // The list has caught up with the scroll once a row sits in the middle of the viewport again.
      await expect
        .poll(() =>
          tree.evaluate((el) => {
            const box = el.getBoundingClientRect();
            const hit = document.elementFromPoint(box.left + 20, box.top + el.clientHeight / 2);
            return hit?.closest('[data-testid^="tree-row-"]') != null;
          }),
        )
        .toBe(true);
      expect(await rows.count()).toBeLessThanOrEqual(300);
    }
    await app.screenshot('37-large-estimate-scrolled');
  } finally {
    await large.close();
  }
});
