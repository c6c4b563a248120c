import { axeProblems } from './page-checks';
import { walkScreens } from './screens';
import { expect, test } from './harness';

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
