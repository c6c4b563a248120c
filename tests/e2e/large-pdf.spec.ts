import { readdirSync } from 'node:fs';
import { bulkPositions, editEstimate } from '../helpers/estimate-edits';
import { addWorkspaceViaUi, expect, test } from './harness';

/** Positions added to the quote: with their descriptions, well over 200 pages. */
const ADDED = 7_000;

test('a PDF of more than 200 pages: the export dialog says how many and offers the workbook instead', async ({
  app,
}) => {
  test.setTimeout(600_000);
  const { page, services } = app;
  await app.open();
  await addWorkspaceViaUi(app, 0);
  const projects = await services.projects.list({ page: 1, pageSize: 100, sort: 'name', direction: 'asc' });
  const project = projects.rows.find((p) => p.name === 'Jørgensen loft')!;
  const estimate = (await services.estimates.list(project.id)).rows.find(
    (e) => e.name === 'Angebot Bad & WC',
  )!;
  await editEstimate(app.sim.adminUrl, project.id, estimate.id, { add: bulkPositions(ADDED) });

  await page.getByTestId('project-search').fill(project.name);
  await page.getByTestId(`project-row-${project.id}`).click();
  await page.getByTestId('open-estimates').click();
  await page.getByTestId(`estimate-row-${estimate.id}`).click();
  // 7,000 more positions take a while to open on a busy machine.
  await expect(page.getByTestId('estimate-tree').locator('[data-testid^="tree-row-"]').first()).toBeVisible({
    timeout: 180_000,
  });

  await page.getByTestId('export-open').click();
  await page.getByTestId('export-format-pdf').check();
  await page.getByTestId('export-submit').click();
  // Counted before anything is written or any save dialog shown: a warning, with the page count.
  const warning = page.getByTestId('export-large-pdf');
  await expect(warning).toBeVisible({ timeout: 300_000 });
  const pages = Number((await warning.innerText()).match(/would have ([\d,]+) pages/)![1]!.replace(/,/g, ''));
  expect(pages).toBeGreaterThan(200);
  await expect(warning).toContainText('Excel workbook is easier to read');
  expect(readdirSync(app.exportDir)).toEqual([]);
  await app.screenshot('68-export-large-pdf-warning');

  // The workbook instead: the format switches to Excel and it is saved at once.
  await page.getByTestId('export-large-pdf-excel').click();
  await expect(page.getByTestId('export-result')).toContainText('.xlsx', { timeout: 300_000 });
  await app.screenshot('69-export-large-pdf-as-excel');
});
