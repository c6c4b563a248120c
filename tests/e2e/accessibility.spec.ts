import { axeProblems } from './page-checks';
import { openApp, walkScreens } from './screens';
import { expect, test } from './harness';

// The window the issue measured at, where menus scroll and bars are tight.
test.use({ viewport: { width: 1024, height: 700 } });

for (const theme of ['light', 'dark'] as const) {
  test(`axe-core finds no serious or critical problem on any screen, dialog or menu (${theme})`, async ({
    app,
  }) => {
    test.setTimeout(180_000);
    const { page } = app;
    await page.emulateMedia({ colorScheme: theme });
    await app.open();
    const found: Record<string, unknown> = {};
    await walkScreens(
      app,
      async (name) => {
        const problems = await axeProblems(page);
        if (problems.length > 0) found[name] = problems;
      },
      { dialogs: true },
    );
    expect(found).toEqual({});
  });
}

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
