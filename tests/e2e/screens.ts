import { promises as fs } from 'node:fs';
import path from 'node:path';
import type { Page } from '@playwright/test';
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
 * Opens the window on the fixture simulator's first workspace (added without the UI: the walks start
 * on its projects) instead of the demo, in `lang`. With `longNamesDemo()` as the simulator's data,
 * that is the workspace of long names and twelve-digit totals.
 */
export async function openSimWorkspace(app: AppFixture, lang?: UiLanguage): Promise<void> {
  await addSimWorkspace(app);
  await openApp(app, lang);
}

/** Adds the fixture simulator's first workspace without the UI; it becomes the active one. */
export async function addSimWorkspace(app: AppFixture): Promise<void> {
  const w = app.sim.workspaces[0]!;
  await app.services.workspaces.add({
    customer: w.customer,
    key: w.key,
    baseUrl: app.sim.baseUrl,
    language: 'en-US',
  });
}

export type Visit = (name: string) => Promise<void>;

/** What a walk covers besides the screens themselves. */
export interface WalkOptions {
  /** Every dialog and menu the screens open. */
  dialogs?: boolean;
  /** The states after work: a comparison, an export done, the service gone (offline), uploads waiting. */
  states?: boolean;
}

/** Data screens on a busy machine (these walks run many times): a little longer than the default. */
const LOADED = { timeout: 20_000 };

/** Opens a dialog, visits it, closes it with Escape. */
async function dialog(page: Page, visit: Visit, name: string, open: () => Promise<void>, testId = name) {
  await open();
  await expect(page.getByTestId(testId)).toBeVisible();
  await visit(name);
  await page.keyboard.press('Escape');
  await expect(page.getByTestId(testId)).toHaveCount(0);
}

/** Opens a menu, visits it, closes it with Escape. */
async function menu(page: Page, visit: Visit, name: string, open: () => Promise<void>) {
  await open();
  await expect(page.getByRole('menu')).toBeVisible();
  await visit(name);
  await page.keyboard.press('Escape');
  await expect(page.getByRole('menu')).toHaveCount(0);
}

/**
 * Walks the active workspace's screens (and, when asked, their dialogs, menus and states) and calls
 * `visit` on each once it shows its data. Used by the accessibility and the narrow-window tests.
 */
export async function walkScreens(app: AppFixture, visit: Visit, options: WalkOptions = {}): Promise<void> {
  const projectId = await walkProjects(app, visit, options);
  await walkProject(app, visit, options);
  await walkWorkspace(app, visit, options);
  if (options.states) await walkOffline(app, visit, projectId);
}

/** The projects list with its facts, the detail panel, and the header's dialogs and menu. */
async function walkProjects(app: AppFixture, visit: Visit, options: WalkOptions): Promise<string> {
  const { page } = app;
  await expect(
    page.getByTestId('projects-table').locator('[data-testid^="project-row-"]').first(),
  ).toBeVisible();
  await expect(page.getByTestId('progress-bar')).toHaveCount(0);
  await expect(page.locator('.fact-pending')).toHaveCount(0, LOADED);
  await visit('projects');
  if (options.dialogs) {
    await dialog(page, visit, 'add-workspace-dialog', () => page.getByTestId('add-workspace').click());
    await dialog(page, visit, 'create-project-dialog', () => page.getByTestId('create-project').click());
    await dialog(page, visit, 'settings-dialog', () => page.getByTestId('workspace-settings').click());
    await menu(page, visit, 'workspace-menu', () => page.getByTestId('workspace-switcher').click());
  }
  const first = await app.services.projects.list({ page: 1, pageSize: 1, sort: 'service', direction: 'asc' });
  const projectId = first.rows[0]!.id;
  await page.getByTestId(`project-row-${projectId}`).click();
  await expect(page.getByTestId('detail-assignee')).not.toBeEmpty();
  await visit('project-detail');
  if (options.dialogs) {
    await dialog(
      page,
      visit,
      'archive-confirm',
      () => page.getByTestId('archive-project').click(),
      'confirm-dialog',
    );
  }
  await page.getByTestId('open-project').click();
  await expect(page.getByTestId('overview-plan-rooms')).not.toHaveText('—');
  await expect(page.getByTestId('overview-estimate-total')).toContainText(/\d/, LOADED);
  await visit('project-overview');
  return projectId;
}

/** A project's estimates, one estimate, its plan and rooms, its files. */
async function walkProject(app: AppFixture, visit: Visit, options: WalkOptions): Promise<void> {
  const { page } = app;
  await page.getByTestId('project-tab-estimates').click();
  const estimate = page.locator('[data-testid^="estimate-row-"]').first();
  await expect(estimate).toBeVisible(LOADED);
  await expect(page.getByTestId('estimates-totals-loading')).toHaveCount(0, LOADED);
  await visit('estimates');
  if (options.dialogs) {
    await dialog(page, visit, 'make-offline-dialog', () => page.getByTestId('make-offline').click());
    await dialog(page, visit, 'compare-estimates-dialog', () =>
      page.getByTestId('compare-estimates-open').click(),
    );
  }
  if (options.states) {
    await page.getByTestId('compare-estimates-open').click();
    await page.getByTestId('compare-estimates-submit').click();
    await expect(
      page.getByTestId('compare-dialog').locator('[data-testid^="compare-row-"]').first(),
    ).toBeVisible(LOADED);
    await visit('comparison');
    await page.getByTestId('compare-dialog').locator('[data-testid^="compare-row-"]').first().click();
    await visit('comparison-row');
    await dialog(page, visit, 'change-order-dialog', () => page.getByTestId('change-order-open').click());
    await page.keyboard.press('Escape');
    await expect(page.getByTestId('compare-dialog')).toHaveCount(0);
  }

  await estimate.click();
  await expect(page.getByTestId('estimate-tree').locator('[data-testid^="tree-row-"]').first()).toBeVisible(
    LOADED,
  );
  await visit('estimate');
  if (options.dialogs) {
    await dialog(page, visit, 'export-dialog', () => page.getByTestId('export-open').click());
    await menu(page, visit, 'column-menu', () => page.getByTestId('column-chooser').click());
    await dialog(page, visit, 'versions-dialog', () => page.getByTestId('versions-open').click());
  }
  if (options.states) {
    await page.getByTestId('estimate-tree').locator('[data-testid^="tree-row-"]').nth(3).click();
    await visit('estimate-row-selected');
    await page.getByTestId('export-open').click();
    await page.getByTestId('export-submit').click();
    await expect(page.getByTestId('export-result')).toBeVisible(LOADED);
    await visit('export-done');
  }

  await page.getByTestId('project-tab-plan').click();
  await expect(page.getByTestId('floor-image')).toBeVisible(LOADED);
  await visit('plan');
  await page.getByTestId('rooms-tab').click();
  await expect(page.getByTestId('rooms-totals')).toBeVisible();
  await visit('rooms-table');
  // The estimate on the plan: its per-room table, and the floor image shaded by cost.
  await page.getByTestId('costs-tab').click();
  await expect(page.getByTestId('rooms-costs-totals')).toBeVisible(LOADED);
  await visit('rooms-costs');
  await page.getByTestId('plan-overview-tab').click();
  await page.getByTestId('room-costs-toggle').check();
  await expect(page.getByTestId('cost-legend')).toBeVisible();
  await page.getByTestId('cost-legend').scrollIntoViewIfNeeded();
  await visit('plan-cost-overlay');
  await page.getByTestId('room-costs-toggle').uncheck();

  await page.getByTestId('project-tab-files').click();
  const file = page.getByTestId('files-table').locator('[data-testid^="file-row-"]').first();
  await expect(file).toBeVisible(LOADED);
  await visit('files');
  if (options.dialogs) {
    const id = ((await file.getAttribute('data-testid')) ?? '').replace('file-row-', '');
    await dialog(
      page,
      visit,
      'file-preview',
      () => page.getByTestId(`file-preview-${id}`).click(),
      'preview-dialog',
    );
    await dialog(
      page,
      visit,
      'file-delete',
      () => page.getByTestId(`file-delete-${id}`).click(),
      'confirm-dialog',
    );
  }
}

/** The workspace's forms (one open in the editor), the workspace screen, the storage view. */
async function walkWorkspace(app: AppFixture, visit: Visit, options: WalkOptions): Promise<void> {
  const { page } = app;
  await page.getByTestId('open-forms').click();
  const form = page.getByTestId('forms-table').locator('tbody tr').first();
  await expect(form).toBeVisible();
  await visit('forms');
  await form.click();
  await expect(page.getByTestId('form-editor')).toBeVisible(LOADED);
  await visit('form-editor');
  if (options.dialogs) {
    await dialog(page, visit, 'copy-form-dialog', () => page.getByTestId('form-copy').click());
    await dialog(page, visit, 'delete-form-dialog', () => page.getByTestId('form-delete').click());
  }

  await page.getByTestId('open-workspace').click();
  await expect(page.getByTestId('ws-name')).toBeVisible();
  await visit('workspace');

  await page.getByTestId('workspace-settings').click();
  await page.getByTestId('open-storage').click();
  await expect(page.getByTestId('storage-screen')).toBeVisible();
  await expect(page.getByTestId('storage-budget')).toBeVisible(LOADED);
  await visit('storage');
}

/**
 * On site without signal: the first project made available offline with its files, then the
 * service gone; the projects list, the project, its estimates and its files from this computer,
 * with photos waiting to be uploaded.
 */
async function walkOffline(app: AppFixture, visit: Visit, projectId: string): Promise<void> {
  const { page } = app;
  await app.services.offline.makeAvailable(projectId, undefined, true);
  await app.sim.suspend();
  // The window opened again on site: the projects as kept, the header saying the service is gone.
  await page.reload();
  await expect(
    page.getByTestId('projects-table').locator('[data-testid^="project-row-"]').first(),
  ).toBeVisible(LOADED);
  await expect(page.getByTestId('connection-indicator')).toHaveAttribute('data-state', 'offline', LOADED);
  await expect(page.getByTestId('offline-marker')).toBeVisible(LOADED);
  await visit('offline-projects');
  await page.getByTestId(`project-row-${projectId}`).click();
  await page.getByTestId('open-estimates').click();
  await expect(page.locator('[data-testid^="estimate-row-"]').first()).toBeVisible(LOADED);
  await visit('offline-estimates');
  await page.getByTestId('project-tab-files').click();
  await expect(page.getByTestId('files-table').locator('[data-testid^="file-row-"]').first()).toBeVisible(
    LOADED,
  );
  const photos = [
    'Baustelle Nordseite – Fassade mit Gerüst und Schutznetz, Aufnahme 1.jpg',
    'Riss Treppenhaus.pdf',
  ];
  for (const name of photos)
    await fs.writeFile(path.join(app.exportDir, name), Buffer.from('%PDF-1.4 waiting\n'));
  app.dialogs.answers.open = photos.map((n) => path.join(app.exportDir, n));
  await page.getByTestId('upload-button').click();
  await expect(page.getByTestId('outbox').locator('[data-testid^="outbox-row-"]')).toHaveCount(2, LOADED);
  // The list read again after the upload was queued: its rows step back while it loads.
  await expect(page.getByTestId('files-table')).not.toHaveAttribute('aria-busy', 'true', LOADED);
  await visit('offline-outbox');
}
