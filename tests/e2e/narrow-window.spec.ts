import { LANGUAGES } from '../../src-shared/i18n/languages';
import { longNamesDemo } from '../helpers/long-names-demo';
import { overflowProblems } from './page-checks';
import { openApp, openSimWorkspace, walkScreens } from './screens';
import { expect, test } from './harness';

test.use({ viewport: { width: 1024, height: 700 } });

test.describe('long names and twelve-digit totals', () => {
  test.use({ simDataset: longNamesDemo() });
  for (const theme of ['light', 'dark'] as const) {
    for (const lang of LANGUAGES) {
      test(`at 1024×700 in ${lang}, ${theme}: nothing is cut off or spills out of its box on any screen, dialog, menu or state`, async ({
        app,
      }) => {
        test.setTimeout(180_000);
        const { page } = app;
        await page.emulateMedia({ colorScheme: theme });
        await openSimWorkspace(app, lang);
        const found: Record<string, string[]> = {};
        await walkScreens(
          app,
          async (name) => {
            if (theme === 'light') await app.screenshot(`60-narrow-${lang}-${name}`);
            const problems = await overflowProblems(page);
            if (problems.length > 0) found[name] = problems;
          },
          { dialogs: true, states: true },
        );
        expect(found).toEqual({});
      });
    }
  }
});

test('the check finds a cut label, a too-full bar and a wrapped button when there is one', async ({
  app,
}) => {
  const { page } = app;
  await openApp(app);
  expect(await overflowProblems(page)).toEqual([]);
  await page.evaluate(() => {
    const cut = document.createElement('button');
    cut.className = 'btn';
    cut.style.width = '40px';
    cut.style.overflow = 'hidden';
    cut.textContent = 'A label far too long for its button';
    const wrapped = document.createElement('button');
    wrapped.className = 'btn';
    wrapped.style.cssText = 'width: 60px; white-space: normal; height: auto';
    wrapped.textContent = 'Two words';
    document.querySelector('.screen-heading, .projects-toolbar')?.append(cut, wrapped);
    const bar = document.querySelector<HTMLElement>('.pager')!;
    const filler = document.createElement('span');
    filler.style.cssText = 'flex: none; width: 3000px';
    bar.append(filler);
  });
  const problems = await overflowProblems(page);
  expect(problems.some((p) => p.startsWith('cut') && p.includes('A label far too long'))).toBe(true);
  expect(problems.some((p) => p.startsWith('wraps over 2 lines') && p.includes('Two words'))).toBe(true);
  expect(
    problems.some((p) => p.startsWith('bar overflows') && p.includes('.pager')),
    problems.join('\n'),
  ).toBe(true);
});
