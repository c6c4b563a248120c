import { en } from '../../src-shared/i18n/messages/en';
import { MESSAGES } from '../../src-shared/i18n/catalogue';
import { expect, test } from './harness';

const LANGS = ['de-DE', 'fr-FR', 'pt-PT', 'es-ES'] as const;

/**
 * English strings that would give away an untranslated UI: the English text of every message whose
 * translation differs, long enough to be unambiguous, parameters removed.
 */
function englishTells(lang: (typeof LANGS)[number]): string[] {
  const translated = MESSAGES[lang];
  return (Object.keys(en) as (keyof typeof en)[])
    .filter((k) => translated[k] !== en[k])
    .map((k) => en[k].split(/\{[^}]+\}/)[0]!.trim())
    .filter((s) => s.length >= 8 && !Object.values(translated).some((t) => t.includes(s)));
}

for (const lang of LANGS) {
  test(`the UI renders fully in ${lang}, with no English left`, async ({ app }) => {
    const { page } = app;
    await app.open();
    await expect(
      page.getByTestId('projects-table').locator('[data-testid^="project-row-"]').first(),
    ).toBeVisible();
    await page.getByTestId('language-select').selectOption(lang);
    await expect(page.locator('html')).toHaveAttribute('lang', lang);
    await expect(page.getByTestId('add-workspace')).toHaveText(MESSAGES[lang]['header.addWorkspace']);

    const screens: string[] = [await page.locator('body').innerText()];
    await app.screenshot(`20-projects-${lang}`);
    await page
      .getByTestId(
        'project-row-' +
          (await app.services.projects.list({ page: 1, pageSize: 1, sort: 'service', direction: 'asc' }))
            .rows[0]!.id,
      )
      .click();
    await expect(page.getByTestId('project-detail')).toBeVisible();
    screens.push(await page.locator('body').innerText());
    await page.getByTestId('add-workspace').click();
    screens.push(await page.locator('body').innerText());
    await app.screenshot(`21-add-workspace-${lang}`);
    await page.keyboard.press('Escape');
    await page.getByTestId('create-project').click();
    screens.push(await page.locator('body').innerText());
    await app.screenshot(`22-create-project-${lang}`);

    const text = screens.join('\n');
    const leftovers = englishTells(lang).filter((s) => text.includes(s));
    expect(leftovers).toEqual([]);
    // Dates follow the language too (e.g. 05.01.2026 in German, 05/01/2026 in French).
    if (lang === 'de-DE') expect(text).toMatch(/\d{1,2}\.\d{1,2}\.\d{4}/);
  });
}

test('a language’s words load when it is chosen, and after a restart the first screen is in it', async ({
  app,
}) => {
  const { page } = app;
  // The text the header's Add workspace button had when it first appeared, on each load.
  await page.addInitScript(() => {
    const seen = (): void => {
      const button = document.querySelector('[data-testid="add-workspace"]');
      if (!button) return;
      (globalThis as unknown as { __firstAdd?: string }).__firstAdd ??= button.textContent ?? '';
      observer.disconnect();
    };
    const observer = new MutationObserver(seen);
    observer.observe(document, { childList: true, subtree: true });
  });
  const firstAdd = () => page.evaluate(() => (globalThis as unknown as { __firstAdd?: string }).__firstAdd);
  const languageChunks: string[] = [];
  page.on('request', (r) => {
    const chunk = /\/assets\/(de|fr|pt|es)-[\w-]+\.js$/.exec(r.url())?.[1];
    if (chunk) languageChunks.push(chunk);
  });

  await app.open();
  await expect(page.locator('[data-testid^="project-row-"]').first()).toBeVisible();
  expect(await firstAdd()).toBe(en['header.addWorkspace']);
  // English is in the bundle: no other language was loaded.
  expect(languageChunks).toEqual([]);

  await page.getByTestId('language-select').selectOption('de-DE');
  await expect(page.getByTestId('add-workspace')).toHaveText(MESSAGES['de-DE']['header.addWorkspace']);
  expect(languageChunks).toEqual(['de']);

  await page.reload();
  await expect(page.locator('[data-testid^="project-row-"]').first()).toBeVisible();
  await expect(page.locator('html')).toHaveAttribute('lang', 'de-DE');
  // German from the first frame the shell showed, not English first.
  expect(await firstAdd()).toBe(MESSAGES['de-DE']['header.addWorkspace']);
  expect(languageChunks).toEqual(['de', 'de']);
});
