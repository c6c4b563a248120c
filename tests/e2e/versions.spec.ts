import path from 'node:path';
import { promises as fs } from 'node:fs';
import { parseEstimateView } from '../../src-shared/estimates/view-text';
import { editEstimate, typicalEdit } from '../helpers/estimate-edits';
import { addWorkspaceViaUi, expect, test, type AppFixture } from './harness';

/** The first project with two estimates: its list on screen, and its estimates' ids. */
async function openProjectWithEstimates(
  app: AppFixture,
): Promise<{ projectId: string; estimateIds: string[] }> {
  const { page, services } = app;
  const all = await services.projects.list({ page: 1, pageSize: 50, sort: 'service', direction: 'asc' });
  for (const p of all.rows) {
    const list = await services.estimates.list(p.id);
    if (list.rows.length < 2) continue;
    await page.getByTestId(`project-row-${p.id}`).click();
    await page.getByTestId('open-estimates').click();
    await expect(page.getByTestId('estimates-screen')).toBeVisible();
    return { projectId: p.id, estimateIds: list.rows.map((r) => r.id) };
  }
  throw new Error('no project with two estimates');
}

test('versions: the estimate changes in the service — the badge, the timeline, the comparison, the change order', async ({
  app,
}) => {
  const { page } = app;
  await app.open();
  await addWorkspaceViaUi(app, 0);
  const { projectId, estimateIds } = await openProjectWithEstimates(app);
  const estimateId = estimateIds[0]!;
  await page.getByTestId(`estimate-row-${estimateId}`).click();
  await expect(page.getByTestId('estimate-tree').locator('[data-testid^="tree-row-"]').first()).toBeVisible();
  // Opened for the first time: nothing to say.
  await expect(page.getByTestId('changes-badge')).toHaveCount(0);

  // A colleague changes the quote in the service; the estimator reloads it.
  const view = parseEstimateView(await app.services.estimates.get(projectId, estimateId));
  const { edit, measured, dropped, added } = typicalEdit(view);
  await editEstimate(app.sim.adminUrl, projectId, estimateId, edit);
  await page.getByTestId('estimate-reload').click();
  const badge = page.getByTestId('changes-badge');
  await expect(badge).toBeVisible();
  await expect(badge).toContainText('Changed since');
  await expect(badge).toHaveAttribute('title', /1 added, 1 removed, 2 changed/);

  // The timeline: two versions, the newer current and now the one last opened. Name and pin the older.
  await page.getByTestId('versions-open').click();
  const timeline = page.getByTestId('versions-dialog');
  await expect(timeline.getByTestId('version-2')).toContainText('Current');
  await expect(timeline.getByTestId('version-2')).toContainText('Last opened');
  await expect(timeline.getByTestId('version-1')).not.toContainText('Current');
  await timeline.getByTestId('version-name-1').click();
  await page.getByTestId('version-name-input').fill('sent to client 12 May');
  await expect(page.getByTestId('version-name-pin')).toBeChecked();
  await page.getByTestId('version-name-save').click();
  await expect(timeline.getByTestId('version-1')).toContainText('sent to client 12 May');
  await expect(timeline.getByTestId('version-1')).toContainText('Pinned');
  await app.screenshot('versions-timeline');

  // Compare with the current one: the tree of changes, unchanged items hidden.
  await timeline.getByTestId('version-compare-1').click();
  const compare = page.getByTestId('compare-dialog');
  await expect(compare.getByTestId(`compare-row-${added.id}`)).toHaveAttribute('data-kind', 'added');
  await expect(compare.getByTestId(`compare-row-${dropped.id}`)).toHaveAttribute('data-kind', 'removed');
  await expect(compare.getByTestId(`compare-row-${measured.id}`)).toHaveAttribute('data-kind', 'changed');
  await expect(compare.getByTestId(`compare-row-${measured.id}`)).toContainText('Quantity');
  await expect(compare.getByTestId('compare-from')).toContainText('sent to client 12 May');
  await expect(compare.getByTestId('compare-counts')).toContainText('1 added');
  const shown = await compare.locator('[data-testid^="compare-row-"]').count();
  await compare.getByTestId(`compare-row-${measured.id}`).click();
  await expect(compare.getByTestId('compare-detail')).toContainText('17.25');
  await app.screenshot('versions-comparison-tree');
  await compare.getByTestId('compare-show-unchanged').check();
  await expect.poll(() => compare.locator('[data-testid^="compare-row-"]').count()).toBeGreaterThan(shown);

  // The change order: a client document by default.
  await compare.getByTestId('change-order-open').click();
  const order = page.getByTestId('change-order-dialog');
  await expect(order.getByTestId('export-preset')).toHaveValue('quote');
  await expect(order.getByTestId('export-format-pdf')).toBeChecked();
  // In its reader's language (the demo company is German), whatever the UI speaks.
  await expect(order.getByTestId('export-language')).toHaveValue('de-DE');
  await app.screenshot('versions-change-order-dialog');
  await order.getByTestId('change-order-submit').click();
  await expect(page.getByTestId('change-order-saved')).toBeVisible();
  const files = await fs.readdir(app.exportDir);
  const pdf = files.find((f) => f.endsWith('.pdf'));
  expect(pdf).toMatch(/^Nachtrag /);
  expect((await fs.stat(path.join(app.exportDir, pdf!))).size).toBeGreaterThan(1000);
});

test('versions: two estimates of a project compared from its list', async ({ app }) => {
  const { page } = app;
  await app.open();
  await addWorkspaceViaUi(app, 0);
  const { estimateIds } = await openProjectWithEstimates(app);
  await page.getByTestId('compare-estimates-open').click();
  const dialog = page.getByTestId('compare-estimates-dialog');
  await dialog.getByTestId('compare-pick-to').selectOption(estimateIds[0]!);
  await expect(dialog.getByTestId('dialog-error')).toBeVisible();
  await dialog.getByTestId('compare-pick-to').selectOption(estimateIds[1]!);
  await dialog.getByTestId('compare-estimates-submit').click();
  const compare = page.getByTestId('compare-dialog');
  await expect(compare.getByTestId('compare-totals')).toBeVisible();
  await expect(compare.locator('[data-testid^="compare-row-"]').first()).toBeVisible();
  await app.screenshot('versions-compare-estimates');
});
