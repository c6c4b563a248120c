import { LANGUAGES } from '../../src-shared/i18n/languages';
import { overflowProblems } from './page-checks';
import { walkScreens } from './screens';
import { expect, test } from './harness';

test.use({ viewport: { width: 1024, height: 700 } });

for (const lang of LANGUAGES) {
  test(`at 1024×700 in ${lang} nothing is cut off or spills out of its box`, async ({ app }) => {
    test.setTimeout(120_000);
    const { page } = app;
    await app.open();
    await expect(
      page.getByTestId('projects-table').locator('[data-testid^="project-row-"]').first(),
    ).toBeVisible();
    await page.getByTestId('language-select').selectOption(lang);
    await expect(page.locator('html')).toHaveAttribute('lang', lang);
    const found: Record<string, string[]> = {};
    await walkScreens(
      app,
      async (name) => {
        await app.screenshot(`60-narrow-${lang}-${name}`);
        const problems = await overflowProblems(page);
        if (problems.length > 0) found[name] = problems;
      },
      { dialogs: true },
    );
    expect(found).toEqual({});
  });
}
