import { MESSAGES } from '../../src-shared/i18n/catalogue';
import { expect, test } from './harness';

/**
 * Updates as the user meets them: the setting in the status bar (kept in settings.json), the
 * "Restart to update" notice in the UI language once a download is ready, and a failed check shown
 * once, never in the way. The updater is electron-updater's stand-in (tests/helpers/fake-updater.ts);
 * main's update state machine and IPC are the real ones.
 */
test('the automatic-updates setting is kept in settings.json', async ({ app }) => {
  const { page } = app;
  await app.open();
  const box = page.getByTestId('updates-automatic');
  await expect(box).toBeChecked();
  await expect(page.getByTestId('updates-toggle')).toContainText('PlanDesk 0.1.0-e2e');
  await box.uncheck();
  await expect.poll(async () => (await app.services.settings.load()).autoUpdate).toBe(false);
  await expect(box).not.toBeChecked();
  await box.check();
  await expect.poll(async () => (await app.services.settings.load()).autoUpdate).toBe(true);
});

test('a downloaded update offers "Restart to update" in the UI language', async ({ app }) => {
  const { page, updater } = app;
  await app.open();
  await expect(
    page.getByTestId('projects-table').locator('[data-testid^="project-row-"]').first(),
  ).toBeVisible();
  updater.next = { version: '0.2.0' };
  expect(await app.services.updates.checkNow()).toEqual({ kind: 'downloading', version: '0.2.0' });
  updater.progress(60);
  await expect(page.getByTestId('update-ready')).toHaveCount(0);
  updater.downloaded('0.2.0');
  const notice = page.getByTestId('update-ready');
  await expect(notice).toContainText('PlanDesk 0.2.0 is ready to install.');
  await expect(page.getByTestId('update-restart')).toHaveText('Restart to update');

  await page.getByTestId('language-select').selectOption('de-DE');
  await expect(notice).toContainText(MESSAGES['de-DE']['updates.ready'].replace('{version}', '0.2.0'));
  await expect(page.getByTestId('update-restart')).toHaveText('Neu starten und aktualisieren');
  // Non-blocking: the projects stay usable under the notice.
  await expect(page.getByTestId('project-search')).toBeEditable();
  await app.screenshot('60-update-ready-de-DE');

  await page.getByTestId('update-restart').click();
  await expect.poll(() => updater.installs).toBe(1);
});

test('"Later" puts the notice away until the next update', async ({ app }) => {
  const { page, updater } = app;
  await app.open();
  updater.next = { version: '0.2.0' };
  await app.services.updates.checkNow();
  updater.downloaded('0.2.0');
  await page.getByTestId('update-later').click();
  await expect(page.getByTestId('update-ready')).toHaveCount(0);
  expect(updater.installs).toBe(0);
});

test('a failed check is shown once and blocks nothing', async ({ app }) => {
  const { page, updater } = app;
  await app.open();
  await expect(
    page.getByTestId('projects-table').locator('[data-testid^="project-row-"]').first(),
  ).toBeVisible();
  updater.next = new Error('net::ERR_NAME_NOT_RESOLVED');
  await app.services.updates.checkNow();
  const failed = page.getByTestId('update-failed');
  await expect(failed).toContainText('Checking for updates failed (net::ERR_NAME_NOT_RESOLVED)');
  await app.screenshot('61-update-failed');
  await failed.getByRole('button', { name: 'Dismiss' }).click();
  await expect(failed).toHaveCount(0);

  updater.next = new Error('net::ERR_CONNECTION_RESET');
  await app.services.updates.checkNow();
  expect(app.logLines.filter((l) => l.includes('update check failed'))).toHaveLength(2);
  // Give the event time to arrive: the notice must stay away.
  await page.getByTestId('project-search').fill('a');
  await expect(failed).toHaveCount(0);
});

test.describe('a deb or rpm install', () => {
  test.use({ updateInstall: 'confirm-privileged' });

  test('never updates by itself, and installs only after main asked and the user said yes', async ({
    app,
  }) => {
    const { page, updater, privilegedInstall } = app;
    await app.open();
    const box = page.getByTestId('updates-automatic');
    await expect(box).not.toBeChecked();
    await expect(box).toBeDisabled();
    await expect(page.getByTestId('updates-toggle')).toHaveAttribute(
      'title',
      MESSAGES['en-US']['updates.onRequest'],
    );

    // Help › Check for Updates… finds and downloads it; the notice says a password will be asked for.
    updater.next = { version: '0.2.0' };
    await app.services.updates.checkNow();
    updater.downloaded('0.2.0');
    const notice = page.getByTestId('update-ready');
    await expect(notice).toContainText(
      MESSAGES['en-US']['updates.readyPrivileged'].replace('{version}', '0.2.0'),
    );
    const install = page.getByTestId('update-restart');
    await expect(install).toHaveText('Install now…');
    await app.screenshot('62-update-ready-package');

    await install.click();
    await expect.poll(() => privilegedInstall.asked).toEqual(['0.2.0']);
    expect(updater.installs).toBe(0);
    privilegedInstall.answer = true;
    await install.click();
    await expect.poll(() => updater.installs).toBe(1);
    expect(privilegedInstall.asked).toEqual(['0.2.0', '0.2.0']);
  });
});
