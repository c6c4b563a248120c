import type { UiLanguage } from '../../src-shared/i18n/languages';
import type { AppFixture } from './harness';
import { expect } from './harness';

/** Opens the window and waits for the projects list (in `lang`, when given). */
export async function openApp(app: AppFixture, lang?: UiLanguage): Promise<void> {
  const { page } = app;
  await app.open();
  await expect(
    page.getByTestId('projects-table').locator('[data-testid^="project-row-"]').first(),
  ).toBeVisible();
  if (!lang) return;
  await page.getByTestId('language-select').selectOption(lang);
  await expect(page.locator('html')).toHaveAttribute('lang', lang);
}

/**
 * Walks the demo workspace's main screens (and, when asked, its dialogs and menus) and calls
 * `visit` on each once it shows its data. Used by the accessibility and the narrow-window tests.
 */
export async function walkScreens(
  app: AppFixture,
  visit: (name: string) => Promise<void>,
  options: { dialogs?: boolean } = {},
): Promise<void> {
  const { page } = app;
  // Data screens on a busy machine (these walks run many times): a little longer than the default.
  const loaded = { timeout: 20_000 };
  const dialog = async (name: string, open: () => Promise<void>, testId: string) => {
    await open();
    await expect(page.getByTestId(testId)).toBeVisible();
    await visit(name);
    await page.keyboard.press('Escape');
    await expect(page.getByTestId(testId)).toHaveCount(0);
  };

  await expect(
    page.getByTestId('projects-table').locator('[data-testid^="project-row-"]').first(),
  ).toBeVisible();
  await expect(page.getByTestId('progress-bar')).toHaveCount(0);
  await visit('projects');
  if (options.dialogs) {
    await dialog(
      'add-workspace-dialog',
      () => page.getByTestId('add-workspace').click(),
      'add-workspace-dialog',
    );
    await dialog(
      'create-project-dialog',
      () => page.getByTestId('create-project').click(),
      'create-project-dialog',
    );
    await dialog('settings-dialog', () => page.getByTestId('workspace-settings').click(), 'settings-dialog');
    await page.getByTestId('workspace-switcher').click();
    await expect(page.getByRole('menu')).toBeVisible();
    await visit('workspace-menu');
    await page.keyboard.press('Escape');
    await expect(page.getByRole('menu')).toHaveCount(0);
  }

  const first = await app.services.projects.list({ page: 1, pageSize: 1, sort: 'service', direction: 'asc' });
  const projectId = first.rows[0]!.id;
  await page.getByTestId(`project-row-${projectId}`).click();
  await expect(page.getByTestId('detail-assignee')).not.toBeEmpty();
  await visit('project-detail');

  await page.getByTestId('open-project').click();
  await expect(page.getByTestId('overview-plan-rooms')).not.toHaveText('—');
  await visit('project-overview');

  await page.getByTestId('project-tab-estimates').click();
  const estimate = page.locator('[data-testid^="estimate-row-"]').first();
  await expect(estimate).toBeVisible(loaded);
  await expect(page.getByTestId('estimates-totals-loading')).toHaveCount(0);
  await visit('estimates');
  if (options.dialogs) {
    await dialog(
      'make-offline-dialog',
      () => page.getByTestId('make-offline').click(),
      'make-offline-dialog',
    );
  }

  await estimate.click();
  await expect(page.getByTestId('estimate-tree').locator('[data-testid^="tree-row-"]').first()).toBeVisible(
    loaded,
  );
  await visit('estimate');
  if (options.dialogs) {
    await dialog('export-dialog', () => page.getByTestId('export-open').click(), 'export-dialog');
    await page.getByTestId('column-chooser').click();
    await expect(page.getByRole('menu')).toBeVisible();
    await visit('column-menu');
    await page.keyboard.press('Escape');
    await expect(page.getByRole('menu')).toHaveCount(0);
  }

  await page.getByTestId('project-tab-plan').click();
  await expect(page.getByTestId('floor-image')).toBeVisible(loaded);
  await visit('plan');
  await page.getByTestId('rooms-tab').click();
  await expect(page.getByTestId('rooms-totals')).toBeVisible();
  await visit('rooms-table');
  // The estimate on the plan: its per-room table, and the floor image shaded by cost.
  await page.getByTestId('costs-tab').click();
  await expect(page.getByTestId('rooms-costs-totals')).toBeVisible(loaded);
  await visit('rooms-costs');
  await page.getByTestId('plan-overview-tab').click();
  await page.getByTestId('room-costs-toggle').check();
  await expect(page.getByTestId('cost-legend')).toBeVisible();
  await page.getByTestId('cost-legend').scrollIntoViewIfNeeded();
  await visit('plan-cost-overlay');
  await page.getByTestId('room-costs-toggle').uncheck();

  await page.getByTestId('project-tab-files').click();
  await expect(page.getByTestId('files-table').locator('[data-testid^="file-row-"]').first()).toBeVisible(
    loaded,
  );
  await visit('files');

  await page.getByTestId('open-forms').click();
  await expect(page.getByTestId('forms-table').locator('tbody tr').first()).toBeVisible();
  await visit('forms');

  await page.getByTestId('open-workspace').click();
  await expect(page.getByTestId('ws-name')).toBeVisible();
  await visit('workspace');

  await page.getByTestId('workspace-settings').click();
  await page.getByTestId('open-storage').click();
  await expect(page.getByTestId('storage-screen')).toBeVisible();
  await expect(page.getByTestId('storage-budget')).toBeVisible(loaded);
  await visit('storage');
}
