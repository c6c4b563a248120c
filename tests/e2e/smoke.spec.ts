import { expect, test } from './harness';

test('the app opens on the demo workspace', async ({ app }) => {
  await app.open();
  await expect(app.page.getByText('PlanDesk').first()).toBeVisible();
  await app.screenshot('smoke');
});
