import type { Page } from '@playwright/test';
import { expect, test } from './harness';
import { openApp } from './screens';

/** The page's background: dark when its lightness is low. */
async function isDark(page: Page): Promise<boolean> {
  const rgb = await page.evaluate(() => getComputedStyle(document.body).backgroundColor);
  const [r, g, b] = (rgb.match(/\d+/g) ?? []).map(Number) as [number, number, number];
  return (r + g + b) / 3 < 80;
}

test('dark mode follows the system, and the appearance setting overrides it and is kept', async ({ app }) => {
  const { page } = app;
  await page.emulateMedia({ colorScheme: 'dark' });
  await openApp(app);
  await expect(page.getByTestId('theme-select')).toHaveValue('system');
  expect(await isDark(page)).toBe(true);
  await app.screenshot('80-appearance-system-dark');

  await page.emulateMedia({ colorScheme: 'light' });
  await expect.poll(() => isDark(page)).toBe(false);
  await app.screenshot('81-appearance-system-light');

  // The setting: dark while the system is light, remembered by main and applied at the next start.
  await page.getByTestId('theme-select').selectOption('dark');
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
  await expect.poll(() => isDark(page)).toBe(true);
  await expect.poll(async () => (await app.services.settings.load()).theme).toBe('dark');
  await page.getByTestId(await firstRowId(page)).click();
  await expect(page.getByTestId('project-detail')).toBeVisible();
  await app.screenshot('82-appearance-setting-dark');
  await page.reload();
  await expect(page.getByTestId('theme-select')).toHaveValue('dark');
  expect(await isDark(page)).toBe(true);

  // Light while the system is dark; back to the system's.
  await page.emulateMedia({ colorScheme: 'dark' });
  await page.getByTestId('theme-select').selectOption('light');
  await expect.poll(() => isDark(page)).toBe(false);
  await page.getByTestId('theme-select').selectOption('system');
  await expect(page.locator('html')).not.toHaveAttribute('data-theme', /.*/);
  await expect.poll(() => isDark(page)).toBe(true);
  await expect.poll(async () => (await app.services.settings.load()).theme).toBe('system');
});

async function firstRowId(page: Page): Promise<string> {
  const row = page.getByTestId('projects-table').locator('[data-testid^="project-row-"]').first();
  await expect(row).toBeVisible();
  return (await row.getAttribute('data-testid'))!;
}
