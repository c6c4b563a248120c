import type { Page } from '@playwright/test';
import { addWorkspaceViaUi, expect, test } from './harness';

function rows(page: Page) {
  return page.getByTestId('projects-table').locator('[data-testid^="project-row-"]');
}

test('search, reference filter, sorting and paging', async ({ app }) => {
  const { page } = app;
  await app.open();
  await expect(rows(page).first()).toBeVisible();
  await expect(page.getByTestId('pager-status')).toContainText(/\d/);

  await page.getByTestId('sort-name').click();
  await expect.poll(async () => (await rows(page).allInnerTexts()).length).toBeGreaterThan(5);
  const names = await rows(page).locator('td:first-child').allInnerTexts();
  const sorted = [...names].sort((a, b) =>
    a.localeCompare(b, undefined, { sensitivity: 'base', numeric: true }),
  );
  expect(names.map((n) => n.trim())).toEqual(sorted.map((n) => n.trim()));
  await app.screenshot('10-projects-sorted-by-name');

  await page.getByTestId('pager-next').click();
  await expect(page.getByTestId('pager-status')).toContainText('2');

  await page.getByTestId('project-search').fill('küche');
  await expect
    .poll(async () =>
      (await rows(page).locator('td:first-child').allInnerTexts()).every((n) => /küche/i.test(n)),
    )
    .toBe(true);
  await page.getByTestId('project-search').fill('');

  const all = await app.services.projects.list({ page: 1, pageSize: 50, sort: 'name', direction: 'asc' });
  const withRef = all.rows.find((r) => r.externalReferenceId)!;
  await page.getByTestId('project-ref-filter').fill(withRef.externalReferenceId!);
  await expect(rows(page)).toHaveCount(1);
  await expect(page.getByTestId(`project-row-${withRef.id}`)).toBeVisible();
  await app.screenshot('11-projects-filtered-by-reference');
});

test('create: duplicate reference offers the existing project; field errors; warnings and sync note', async ({
  app,
}) => {
  const { page } = app;
  await app.open();
  await expect(rows(page).first()).toBeVisible();
  const all = await app.services.projects.list({ page: 1, pageSize: 50, sort: 'name', direction: 'asc' });
  const existing = all.rows.find((r) => r.externalReferenceId)!;

  await page.getByTestId('create-project').click();
  await page.getByTestId('cp-name').fill('Badsanierung Weiß');
  await page.getByTestId('cp-ref').fill(existing.externalReferenceId!);
  // Not one of the workspace's users: typed in as another address.
  await page.getByTestId('cp-email-user').selectOption({ label: 'Another e-mail address…' });
  await page.getByTestId('cp-email').fill('nobody@nowhere.example');
  await page.getByTestId('cp-submit').click();
  await expect(page.getByTestId(`duplicate-${existing.id}`)).toBeVisible();
  await app.screenshot('12-create-duplicate-reference');
  await page.getByTestId('open-existing').first().click();
  await expect(page.getByTestId('project-detail')).toContainText(existing.name);

  // A reference nobody has, an e-mail the service does not know: its validation shows at the field.
  await page.getByTestId('create-project').click();
  await page.getByTestId('cp-name').fill('Badsanierung Weiß');
  await page.getByTestId('cp-ref').fill('E2E-NEW-REF-1');
  await page.getByTestId('cp-email-user').selectOption({ label: 'Another e-mail address…' });
  await page.getByTestId('cp-email').fill('nobody@nowhere.example');
  await page.getByTestId('cp-submit').click();
  await expect(page.getByTestId('field-error-email')).toBeVisible();
  await app.screenshot('13-create-field-error');

  // The workspace's owner, picked from its users instead of typed.
  const owner = (await (await app.services.workspaces.activeClient()).client.getWorkspace()).owner!.email!;
  await page.getByTestId('cp-email-user').selectOption(owner);
  await expect(page.getByTestId('cp-email')).toHaveCount(0);
  await page.getByTestId('cp-street').fill('Lindenweg 3');
  await page.getByTestId('cp-city').fill('Göttingen');
  // No postal code: the service creates the project and warns it could not geocode the address (207).
  await page.getByTestId('cp-submit').click();
  await expect(page.getByTestId('sync-note')).toBeVisible();
  await expect(page.getByTestId('warnings-notice')).toContainText(/geocod/i);
  await app.screenshot('14-created-with-warnings');
  expect((await app.services.projects.findByReference('E2E-NEW-REF-1')).length).toBe(1);
});

test('archive and restore a project', async ({ app }) => {
  const { page } = app;
  await app.open();
  const first = rows(page).and(page.locator('[data-archived="false"]')).first();
  await expect(first).toBeVisible();
  const id = (await first.getAttribute('data-testid'))!.replace('project-row-', '');
  await first.click();
  await expect(page.getByTestId('project-detail')).toBeVisible();
  await page.getByTestId('archive-project').click();
  await app.screenshot('15-archive-confirm');
  await page.getByTestId('confirm-ok').click();
  await expect(page.getByTestId(`project-row-${id}`)).toHaveAttribute('data-archived', 'true');
  await expect(page.getByTestId('restore-project')).toBeVisible();
  await app.screenshot('16-archived');
  await page.getByTestId('restore-project').click();
  await expect(page.getByTestId(`project-row-${id}`)).toHaveAttribute('data-archived', 'false');
});

test('a long listing shows its progress and can be cancelled', async ({ app }) => {
  const { page, sim } = app;
  await app.open();
  // A real workspace on a slow service: sorting loads the whole list page by page.
  await addWorkspaceViaUi(app, 0);
  const before = await rows(page).count();
  // Slow enough that the screenshot and the click land while the list loads, on a busy machine too.
  sim.faults.setFaults({ latencyMs: 8_000 });
  try {
    await page.getByTestId('sort-modified').click();
    await expect(page.getByTestId('progress-bar')).toBeVisible();
    await app.screenshot('17-long-operation-progress');
    await page.getByTestId('progress-cancel').click();
    await expect(page.getByTestId('progress-bar')).toHaveCount(0);
    // Nothing lost: the rows shown before are still there.
    await expect(rows(page)).toHaveCount(before);
  } finally {
    sim.faults.clearFaults();
  }
});
