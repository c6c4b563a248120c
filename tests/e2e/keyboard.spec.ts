import type { Locator, Page } from '@playwright/test';
import { expect, test } from './harness';
import { openApp } from './screens';

/** Presses Tab (Shift+Tab going back) until `target` has the focus; fails after a screenful of stops. */
async function tabTo(page: Page, target: Locator, back = false): Promise<void> {
  for (let i = 0; i < 60; i++) {
    if (await target.evaluate((el) => el === document.activeElement).catch(() => false)) return;
    await page.keyboard.press(back ? 'Shift+Tab' : 'Tab');
  }
  throw new Error(`Tab never reached ${target.toString()}`);
}

/** The id of the element with the focus. */
const focusedId = (page: Page) => page.evaluate(() => document.activeElement?.id ?? '');
const focusedTestId = (page: Page) =>
  page.evaluate(() => document.activeElement?.getAttribute('data-testid') ?? '');

test('keyboard only: projects → project → estimate → export and back, the focus on each new heading', async ({
  app,
}) => {
  const { page } = app;
  await app.open();
  const firstRow = page.getByTestId('projects-table').locator('[data-testid^="project-row-"]').first();
  await expect(firstRow).toBeVisible();
  const projectName = (await firstRow.locator('.cell-name').innerText()).trim();

  // Projects: Tab into the list, Enter selects the row, Enter again opens the project.
  await tabTo(page, firstRow);
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('ArrowUp');
  await page.keyboard.press('Enter');
  await expect(page.getByTestId('project-detail')).toContainText(projectName);
  await expect(firstRow).toBeFocused();
  await app.screenshot('70-keyboard-projects-row');
  await page.keyboard.press('Enter');
  await expect(page.getByTestId('overview-screen')).toBeVisible();
  await expect.poll(() => focusedId(page)).toBe('overview-title');
  await app.screenshot('71-keyboard-overview');

  // The project's tabs: Tab reaches them, the arrows move along, Enter opens the estimates.
  await tabTo(page, page.getByTestId('project-tab-overview'));
  await page.keyboard.press('ArrowRight');
  await expect(page.getByTestId('project-tab-estimates')).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page.getByTestId('estimates-screen')).toBeVisible();
  await expect.poll(() => focusedId(page)).toBe('estimates-title');
  const estimateRow = page.locator('[data-testid^="estimate-row-"]').first();
  await expect(estimateRow).toBeVisible();
  await tabTo(page, estimateRow);
  await page.keyboard.press('Enter');
  await expect(page.getByTestId('estimate-screen')).toBeVisible();
  await expect.poll(() => focusedId(page)).toBe('estimate-title');

  // The estimate's items: the focused row is marked (background, bar and ring) in either theme.
  const firstItem = page.getByTestId('estimate-tree').locator('[data-testid^="tree-row-"]').first();
  await expect(firstItem).toBeVisible();
  await tabTo(page, firstItem);
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('ArrowDown');
  const current = page.locator('.tree-row:focus');
  await expect(current).toHaveCount(1);
  const marks = async () =>
    current.evaluate((el) => {
      const style = getComputedStyle(el);
      return { background: style.backgroundColor, shadow: style.boxShadow };
    });
  const light = await marks();
  expect(light.shadow).toContain('inset');
  await app.screenshot('72-keyboard-tree-focus-light');
  await page.evaluate(() => (document.documentElement.dataset.theme = 'dark'));
  const dark = await marks();
  expect(dark.shadow).toContain('inset');
  expect(dark.background).not.toBe(light.background);
  await app.screenshot('73-keyboard-tree-focus-dark');
  await page.evaluate(() => delete document.documentElement.dataset.theme);

  // Export: Shift+Tab back to the button, Enter opens the dialog, Enter in it exports, Escape closes.
  await tabTo(page, page.getByTestId('export-open'), true);
  await page.keyboard.press('Enter');
  await expect(page.getByTestId('export-dialog')).toBeVisible();
  await app.screenshot('74-keyboard-export-dialog');
  await page.keyboard.press('Escape');
  await expect(page.getByTestId('export-dialog')).toHaveCount(0);
  await expect(page.getByTestId('export-open')).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page.getByTestId('export-dialog')).toBeVisible();
  await tabTo(page, page.getByTestId('export-submit'));
  await page.keyboard.press('Enter');
  await expect(page.getByTestId('export-result')).toContainText(app.exportDir);
  await app.screenshot('75-keyboard-exported');

  // And back: Alt+← walks the history, Alt+→ forward again, the focus on each heading.
  await page.keyboard.press('Alt+ArrowLeft');
  await expect(page.getByTestId('estimates-screen')).toBeVisible();
  await expect.poll(() => focusedId(page)).toBe('estimates-title');
  await page.keyboard.press('Alt+ArrowLeft');
  await expect(page.getByTestId('overview-screen')).toBeVisible();
  await page.keyboard.press('Alt+ArrowLeft');
  await expect(page.getByTestId('projects-table')).toBeVisible();
  await expect.poll(() => focusedId(page)).toBe('projects-title');
  await page.keyboard.press('Alt+ArrowRight');
  await expect(page.getByTestId('overview-screen')).toBeVisible();
  await app.screenshot('76-keyboard-forward-overview');
  // The mouse's back button does the same (the side buttons are 3 and 4).
  await page.evaluate(() => {
    for (const type of ['mousedown', 'mouseup']) {
      document.body.dispatchEvent(new MouseEvent(type, { button: 3, bubbles: true, cancelable: true }));
    }
  });
  await expect(page.getByTestId('projects-table')).toBeVisible();
  // With a dialog open the history stays put.
  await page.getByTestId('create-project').click();
  await page.keyboard.press('Alt+ArrowRight');
  await expect(page.getByTestId('create-project-dialog')).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(page.getByTestId('create-project-dialog')).toHaveCount(0);
  expect(await focusedTestId(page)).toBe('create-project');
});

test('Escape closes every menu, also when the focus left it', async ({ app }) => {
  const { page } = app;
  await openApp(app);
  await page.getByTestId('workspace-switcher').click();
  await expect(page.getByRole('menu')).toBeVisible();
  await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
  await page.keyboard.press('Escape');
  await expect(page.getByRole('menu')).toHaveCount(0);
  await expect(page.getByTestId('workspace-switcher')).toBeFocused();
});
