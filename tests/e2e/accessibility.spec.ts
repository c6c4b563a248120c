import { longNamesDemo } from '../helpers/long-names-demo';
import { axeProblems } from './page-checks';
import { openApp, openSimWorkspace, walkScreens } from './screens';
import { expect, test } from './harness';

// The window the issue measured at, where menus scroll and bars are tight.
test.use({ viewport: { width: 1024, height: 700 } });

test.describe('every screen, dialog, menu and state', () => {
  // Long names and twelve-digit totals, as a real account has them.
  test.use({ simDataset: longNamesDemo() });
  for (const theme of ['light', 'dark'] as const) {
    test(`axe-core finds no serious or critical problem (${theme}): screens, dialogs, menus, comparison, export done, offline, uploads waiting`, async ({
      app,
    }) => {
      test.setTimeout(240_000);
      const { page } = app;
      await page.emulateMedia({ colorScheme: theme });
      await openSimWorkspace(app);
      const found: Record<string, unknown> = {};
      await walkScreens(
        app,
        async (name) => {
          const problems = await axeProblems(page);
          if (problems.length > 0) found[name] = problems;
        },
        { dialogs: true, states: true },
      );
      expect(found).toEqual({});
    });
  }
});

test('the demo workspace at first start: no serious or critical problem, the demo banner included', async ({
  app,
}) => {
  const { page } = app;
  for (const theme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme: theme });
    await openApp(app);
    await expect(page.getByTestId('demo-banner')).toBeVisible();
    await expect(page.locator('.fact-pending')).toHaveCount(0, { timeout: 20_000 });
    expect(await axeProblems(page)).toEqual([]);
  }
});

test('the check finds a problem when there is one', async ({ app }) => {
  const { page } = app;
  await openApp(app);
  await page.evaluate(() => {
    const faint = document.createElement('p');
    faint.textContent = 'Barely readable text';
    faint.style.color = '#c8c8c8';
    document.querySelector('main')?.append(faint);
    const unnamed = document.createElement('button');
    document.querySelector('main')?.append(unnamed);
  });
  const rules = (await axeProblems(page)).map((p) => p.rule);
  expect(rules).toContain('color-contrast');
  expect(rules).toContain('button-name');
});
