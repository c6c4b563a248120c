import { MESSAGES } from '../../src-shared/i18n/catalogue';
import type { KeyStorageNotice } from '../../src-main/secrets/secret-store';
import { addWorkspaceViaUi, expect, test } from './harness';

/**
 * Where keys live when the OS keychain cannot be reached: main's key store reports it
 * (src-main/secrets/keychain-with-fallback.ts, tested with no Secret Service in
 * tests/packaging/boot-variants.test.ts) and the window says it, with the file's path, in the UI
 * language. Here the store's report is given to the real wiring; the keychain itself is real.
 */
test('the user is told where keys are kept when the keychain cannot be reached, and when they moved into it', async ({
  app,
}) => {
  const { page } = app;
  const file = `${app.userData}/api-keys.json`;
  let report: KeyStorageNotice[] = [];
  Object.assign(app.secrets, {
    takeNotices: async () => report.splice(0),
  });
  await app.open();
  report = [{ kind: 'keys-in-file', file, backend: 'kwallet5' }];
  await page.getByTestId('language-select').selectOption('de-DE');
  await addWorkspaceViaUi(app, 0);
  const notice = page.getByTestId('notice-keys-in-file');
  await expect(notice).toContainText(
    MESSAGES['de-DE']['notice.keysInFile'].replace('{path}', file).replace('{protection}', 'kwallet5'),
  );
  await app.screenshot('63-keys-in-file-de-DE');
  await notice.getByRole('button').last().click();
  await expect(notice).toHaveCount(0);

  report = [{ kind: 'keys-moved-to-keychain', file, backend: 'gnome_libsecret' }];
  await page.getByTestId('language-select').selectOption('en-US');
  await addWorkspaceViaUi(app, 1);
  await expect(page.getByTestId('notice-keys-moved-to-keychain')).toContainText(
    MESSAGES['en-US']['notice.keysMovedToKeychain'].replace('{path}', file),
  );
  // The window stops here: no request of the new workspace's list outlives the test's services.
  expect(await app.takeCspViolations()).toEqual([]);
  await page.close();
});
