import { translator } from '../../src-shared/i18n/catalogue';
import { expect, selectFirstProject, test } from './harness';

test('a project in one place: its overview, tabs to its estimates, plan and files, ids under Details', async ({
  app,
}) => {
  const { page, context } = app.page.context()
    ? { page: app.page, context: app.page.context() }
    : (null as never);
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  await app.open();
  const { projectId, planId } = await selectFirstProject(app);
  const detail = await app.services.projects.get(projectId);
  const owner = await app.services.workspaceSettings.details();
  const teams = await app.services.teams.list();
  const named = [owner.owner, ...teams.flatMap((t) => t.members ?? [])].find(
    (p) => p?.email?.toLowerCase() === detail.assigneeEmail?.toLowerCase() && p?.name,
  );

  // The detail panel: the assignee by name, the country by name, the ids folded away.
  await expect(page.getByTestId('detail-assignee')).toContainText(named!.name!);
  await expect(page.getByTestId('project-detail')).toContainText('Germany');
  await expect(page.getByTestId('detail-plan-id')).toBeHidden();
  await expect(page.getByTestId('detail-project-id')).toBeHidden();

  await page.getByTestId('open-project').click();
  await expect(page.getByTestId('overview-screen')).toBeVisible();
  await expect(page.getByTestId('overview-assignee')).toContainText(named!.name!);
  await expect(page.getByTestId('overview-address')).toContainText('Germany');
  await expect(page.getByTestId('overview-plan-rooms')).not.toHaveText('—');
  await expect(page.getByTestId('overview-estimate-count')).toHaveText(
    String((await app.services.estimates.list(projectId)).rows.length),
  );
  await app.screenshot('50-project-overview');

  // Details: the ids, each copied with one click.
  await page.getByTestId('id-details').locator('summary').click();
  await expect(page.getByTestId('overview-project-id')).toHaveText(projectId);
  await expect(page.getByTestId('overview-plan-id')).toHaveText(planId);
  await page.getByTestId('overview-plan-id-copy').click();
  await expect(page.getByTestId('overview-plan-id-copy')).toHaveText('Copied');
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(planId);
  await app.screenshot('51-project-overview-details');

  // The tabs: each part of the project without going back to the list.
  await page.getByTestId('project-tab-plan').click();
  await expect(page.getByTestId('plan-screen')).toBeVisible();
  await expect(page.getByTestId('project-tab-plan')).toHaveAttribute('aria-current', 'page');
  await page.getByTestId('project-tab-files').click();
  await expect(page.getByTestId('files-screen')).toBeVisible();
  await page.getByTestId('project-tab-estimates').click();
  await expect(page.locator('[data-testid^="estimate-row-"]').first()).toBeVisible();
  await expect(page.getByTestId('estimates-totals-loading')).toHaveCount(0);
  await app.screenshot('52-project-tabs-estimates');
  await page.getByTestId('project-tab-overview').click();
  // Now that its estimates were shown, their total and the client they name are known.
  await expect(page.getByTestId('overview-estimate-total')).toContainText('€');
  await expect(page.getByTestId('overview-client')).not.toContainText(translator('en-US')('common.notSet'));
  await page.getByTestId('overview-back').click();
  await expect(page.getByTestId(`project-total-${projectId}`)).toContainText('€');
  await expect(page.getByTestId(`project-client-${projectId}`)).not.toHaveText('—');
});

test('the projects list: every column sorts, the order is named, archived ones can be hidden', async ({
  app,
}) => {
  const { page } = app;
  await app.open();
  const rows = page.getByTestId('projects-table').locator('[data-testid^="project-row-"]');
  await expect(rows.first()).toBeVisible();
  await expect(page.getByTestId('projects-order')).toHaveText('Order: as the service lists them');
  // The number of estimates is looked up in the background for the projects shown.
  const first = (await rows.first().getAttribute('data-testid'))!.replace('project-row-', '');
  await expect(page.getByTestId(`project-estimates-${first}`)).toHaveText(
    String((await app.services.estimates.list(first)).rows.length),
  );
  for (const [column, status] of [
    ['name', 'Order: Name, A to Z'],
    ['client', 'Order: Client, A to Z'],
    ['ref', 'Order: External reference, A to Z'],
    ['estimates', 'Order: Estimates, smallest first'],
    ['total', 'Order: Total, smallest first'],
    ['modified', 'Order: Modified, oldest first'],
    ['created', 'Order: Created, oldest first'],
    ['status', 'Order: Status, active first'],
  ] as const) {
    await page.getByTestId(`sort-${column}`).click();
    await expect(page.getByTestId('projects-order')).toHaveText(status);
    await expect(page.getByTestId(`sort-${column}`).locator('..')).toHaveAttribute('aria-sort', 'ascending');
  }
  await page.getByTestId('sort-modified').click();
  await page.getByTestId('sort-modified').click();
  await expect(page.getByTestId('projects-order')).toHaveText('Order: Modified, newest first');
  await app.screenshot('53-projects-sorted-recently-changed');

  const archived = page.locator('[data-archived="true"]');
  await page.getByTestId('sort-service').click();
  await expect(page.getByTestId('projects-order')).toHaveText('Order: as the service lists them');
  await expect(archived.first()).toBeVisible();
  await page.getByTestId('hide-archived').check();
  await expect(rows.first()).toBeVisible();
  await expect(archived).toHaveCount(0);
  await app.screenshot('54-projects-hide-archived');
  // Kept for the next start.
  await page.reload();
  await expect(page.getByTestId('hide-archived')).toBeChecked();
  await expect(rows.first()).toBeVisible();
  await expect(archived).toHaveCount(0);
});
