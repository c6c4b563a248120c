import { startSimulator } from '../simulator';
import { expect, openLargeEstimate, test } from '../tests/e2e/harness';

/**
 * The renderer with a 20,000-item estimate: how long from the data arriving in the page to its first
 * rows on screen (target ≤ 500 ms), and how many rows the page holds while scrolling (target: a few
 * hundred at most). Marks are set by the estimates feature itself (store.ts, EstimateTree.tsx).
 * Prints its figures; asserts nothing beyond that the page got that far.
 */
test('estimate of 20,000 items in the renderer', async ({ app }) => {
  const { page } = app;
  const large = await startSimulator({ dataset: 'large' });
  try {
    await app.open();
    await openLargeEstimate(app, large);
    const rows = page.getByTestId('estimate-tree').locator('[data-testid^="tree-row-"]');

    const firstRowsMs = await page.evaluate(() => {
      const data = performance.getEntriesByName('plandesk:estimate-data').at(-1)!;
      const shown = performance.getEntriesByName('plandesk:estimate-rows').at(-1)!;
      return shown.startTime - data.startTime;
    });
    const expandStart = Date.now();
    await page.getByTestId('expand-all').click();
    await expect(page.locator('[data-type="group"]').first()).toHaveAttribute('data-expanded', 'true');
    const expandMs = Date.now() - expandStart;
    let maxRows = 0;
    const tree = page.getByTestId('estimate-tree');
    for (let i = 1; i <= 20; i++) {
      await tree.evaluate((el, f) => el.scrollTo(0, el.scrollHeight * f), i / 20);
      await page.waitForTimeout(30);
      maxRows = Math.max(maxRows, await rows.count());
    }
    console.log('\n## Renderer: estimate of 20,000 items');
    console.log(`  data arrived → first rows (ms)  ${firstRowsMs.toFixed(1)}   (target ≤ 500)`);
    console.log(`  expand all (ms, incl. driver)    ${expandMs}`);
    console.log(`  most rows in the DOM scrolling   ${maxRows}   (target: a few hundred at most)`);
  } finally {
    await large.close();
  }
});
