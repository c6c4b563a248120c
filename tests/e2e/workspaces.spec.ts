import { promises as fs } from 'node:fs';
import type { Page } from '@playwright/test';
import { filesUnder } from '../helpers/files-under';
import { addWorkspaceViaUi, expect, test, type AppFixture } from './harness';

function addWorkspace(app: AppFixture, index: number, key?: string): Promise<void> {
  return addWorkspaceViaUi(app, index, key);
}

async function projectRowIds(page: Page): Promise<string[]> {
  await expect(
    page.getByTestId('projects-table').locator('[data-testid^="project-row-"]').first(),
  ).toBeVisible();
  return page
    .getByTestId('projects-table')
    .locator('[data-testid^="project-row-"]')
    .evaluateAll((rows) => rows.map((r) => r.getAttribute('data-testid')!.replace('project-row-', '')));
}

test('with no workspace set up, the demo workspace opens, clearly marked', async ({ app }) => {
  await app.open();
  await expect(app.page.getByTestId('demo-banner')).toBeVisible();
  expect((await projectRowIds(app.page)).length).toBeGreaterThan(5);
  await expect(app.page.locator('[data-archived="true"]').first()).toBeVisible();
  await app.screenshot('01-demo-projects');
});

test('a wrong key shows an error and stores nothing', async ({ app }) => {
  await app.open();
  await addWorkspace(app, 0, 'definitely-not-the-key');
  await expect(app.page.getByTestId('dialog-error')).toBeVisible();
  await expect(app.page.getByTestId('dialog-error')).toContainText(/key|credentials/i);
  // What the user typed is kept (but the key is not shown in clear).
  await expect(app.page.getByTestId('ws-customer')).toHaveValue(app.sim.workspaces[0]!.customer);
  await expect(app.page.getByTestId('ws-key')).toHaveAttribute('type', 'password');
  await app.screenshot('02-add-workspace-wrong-key');
  expect((await app.services.settings.load()).workspaces).toEqual([]);
  expect(await filesUnder(app.userData)).toEqual([]);
});

test('a right key: projects listed, the key in the keychain and in no file', async ({ app }) => {
  await app.open();
  await addWorkspace(app, 0);
  await expect(app.page.getByTestId('demo-banner')).toHaveCount(0);
  const ids = await projectRowIds(app.page);
  expect(ids.length).toBeGreaterThan(0);
  const settings = await app.services.settings.load();
  expect(settings.workspaces).toHaveLength(1);
  expect(await app.secrets.get(settings.workspaces[0]!.id)).toBe(app.sim.workspaces[0]!.key);
  for (const f of await filesUnder(app.userData)) {
    expect(await fs.readFile(f, 'utf8')).not.toContain(app.sim.workspaces[0]!.key);
  }
  expect(app.logLines.join('\n')).not.toContain(app.sim.workspaces[0]!.key);
  await app.screenshot('03-workspace-projects');
});

test('two workspaces are isolated, and the switcher moves between them', async ({ app }) => {
  await app.open();
  await addWorkspace(app, 0);
  const first = await projectRowIds(app.page);
  await addWorkspace(app, 1);
  await expect.poll(async () => (await projectRowIds(app.page))[0]).not.toBe(first[0]);
  const second = await projectRowIds(app.page);
  expect(second.some((id) => first.includes(id))).toBe(false);

  const settings = await app.services.settings.load();
  const firstId = settings.workspaces[0]!.id;
  await app.page.getByTestId('workspace-switcher').click();
  await app.screenshot('04-workspace-switcher');
  await app.page.getByTestId(`workspace-option-${firstId}`).click();
  await expect.poll(async () => (await projectRowIds(app.page))[0]).toBe(first[0]);
});

test('removing a workspace deletes its key; a revoked key asks for a new one', async ({ app }) => {
  await app.open();
  await addWorkspace(app, 0);
  await projectRowIds(app.page);
  const id = (await app.services.settings.load()).workspaces[0]!.id;

  app.sim.faults.revoke(app.sim.workspaces[0]!.customer);
  await app.emit('event:menuCommand', { command: 'reload' });
  await expect(app.page.getByTestId('rk-key')).toBeVisible();
  await app.screenshot('05-key-revoked');
  await app.page.getByTestId('rk-key').fill('another-wrong-key');
  await app.page.getByTestId('rk-submit').click();
  await expect(app.page.getByTestId('dialog-error')).toBeVisible();
  // Nothing else lost: the workspace and its stored key are still there.
  expect((await app.services.settings.load()).workspaces.map((w) => w.id)).toEqual([id]);
  expect(await app.secrets.get(id)).toBe(app.sim.workspaces[0]!.key);

  await app.page.keyboard.press('Escape');
  await app.page.getByTestId('workspace-switcher').click();
  await app.page.getByTestId('remove-workspace').first().click();
  await app.screenshot('06-remove-workspace-confirm');
  await app.page.getByTestId('confirm-ok').click();
  await expect(app.page.getByTestId('demo-banner')).toBeVisible();
  expect(await app.secrets.get(id)).toBeNull();
  expect((await app.services.settings.load()).workspaces).toEqual([]);
});
