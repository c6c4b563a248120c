import { createHash, randomBytes } from 'node:crypto';
import { promises as fs } from 'node:fs';
import path from 'node:path';
import { testClient } from '../helpers/sim-client';
import { expect, openFirstProject, test } from './harness';

const sha = (b: Buffer) => createHash('sha256').update(b).digest('hex');

// On a building site without signal: the project was made available offline (files too) before
// leaving; the service then goes away (connections refused), and comes back later.
test('on site: offline indicator, local search, floor image and files from this computer; uploads wait, then drain', async ({
  app,
}) => {
  test.setTimeout(120_000);
  const { page, sim } = app;
  const { projectId } = await openFirstProject(app);
  const project = await app.services.projects.get(projectId);
  const direct = testClient({ baseUrl: sim.baseUrl, ...sim.workspaces[0]! });
  const served = await direct.listAllProjectFiles(projectId);
  expect(served.length).toBeGreaterThan(0);

  // Before leaving: "Make available offline", with the files' size shown before anything is fetched.
  await expect(page.getByTestId('connection-indicator')).toHaveAttribute('data-state', 'online');
  await page.getByTestId('open-estimates').click();
  await page.getByTestId('make-offline').click();
  await expect(page.getByTestId('offline-files-size')).toContainText(String(served.length));
  await page.getByTestId('offline-keep-files').check();
  await app.screenshot('70-make-offline-with-files');
  await page.getByTestId('offline-start').click();
  await expect(page.getByTestId('offline-status')).toBeVisible({ timeout: 30_000 });
  await page.getByTestId('estimates-back').click();

  // On site: no signal. The header says so, and since when.
  await sim.suspend();
  await page.getByTestId('project-search').fill(project.name.split(' ')[0]!);
  await expect(page.getByTestId('connection-indicator')).toHaveAttribute('data-state', 'offline');
  await expect(page.getByTestId('connection-label')).toContainText(/Offline since/);

  // Searching runs over the projects kept here, labelled, and never shows the whole list.
  await expect(page.getByTestId('offline-search-marker')).toBeVisible();
  const rows = page.getByTestId('projects-table').locator('[data-testid^="project-row-"]');
  await expect(rows.first()).toBeVisible();
  const word = project.name.split(' ')[0]!.toLowerCase();
  for (const text of await rows.allInnerTexts()) expect(text.toLowerCase()).toContain(word);
  await expect(page.getByTestId(`project-row-${projectId}`)).toBeVisible();
  await app.screenshot('71-offline-indicator-and-local-search');
  await page.getByTestId('project-search').fill('no project is called like this');
  await expect(rows).toHaveCount(0);
  await expect(page.getByTestId('offline-search-marker')).toBeVisible();
  await page.getByTestId('project-search').fill('');

  // The plan with its floor image, from this computer.
  await page.getByTestId(`project-row-${projectId}`).click();
  await page.getByTestId('open-plan').click();
  await expect(page.getByTestId('offline-marker')).toBeVisible();
  await expect(page.getByTestId('floor-image')).toBeVisible();
  expect(await page.getByTestId('floor-image').getAttribute('src')).toMatch(/^data:image\/png;base64,/);
  await app.screenshot('72-offline-floor-image');
  await page.getByTestId('plan-back').click();

  // The files: the list kept, every file on this computer; photos taken on site wait to be sent.
  await page.getByTestId(`project-row-${projectId}`).click();
  await page.getByTestId('open-files').click();
  await expect(page.getByTestId('offline-marker')).toBeVisible();
  await expect(page.locator('[data-testid^="file-kept-"]')).toHaveCount(served.length);
  const photos: Record<string, Buffer> = {
    'Baustelle Nordseite.jpg': randomBytes(6 * 1024 * 1024),
    'Riss Treppenhaus.jpg': randomBytes(300 * 1024),
    'Aufmaß Bad.pdf': randomBytes(120 * 1024),
  };
  for (const [name, bytes] of Object.entries(photos))
    await fs.writeFile(path.join(app.exportDir, name), bytes);
  app.dialogs.answers.open = Object.keys(photos).map((n) => path.join(app.exportDir, n));
  await page.getByTestId('upload-button').click();
  await expect(page.getByTestId('upload-queued')).toContainText('3 files wait');
  await expect(page.getByTestId('upload-error')).toHaveCount(0);
  const waiting = page.getByTestId('outbox').locator('[data-testid^="outbox-row-"]');
  await expect(waiting).toHaveCount(3);
  await expect(waiting.first()).toHaveAttribute('data-state', 'waiting');
  await expect(page.getByTestId('connection-waiting')).toHaveAttribute('title', '3 uploads waiting');
  // Taken on site: the originals may go; what waits is PlanDesk's copy.
  for (const name of Object.keys(photos)) await fs.rm(path.join(app.exportDir, name));
  await app.screenshot('73-outbox-waiting');

  // Signal again: Sync now sends them in order, with progress (a slow link makes it visible).
  await sim.resume();
  sim.faults.setFaults({ latencyMs: 1500, method: 'POST', pathEndsWith: '/files' });
  await page.getByTestId('sync-now').click();
  await expect(page.getByTestId('outbox').locator('[data-state="sending"]')).toHaveCount(1, {
    timeout: 20_000,
  });
  await expect(page.getByTestId('connection-indicator')).toHaveAttribute('data-state', 'syncing');
  await app.screenshot('74-outbox-draining');
  await expect(page.getByTestId('outbox')).toHaveCount(0, { timeout: 60_000 });
  sim.faults.clearFaults();
  await expect(page.getByTestId('connection-indicator')).toHaveAttribute('data-state', 'online');
  for (const name of Object.keys(photos)) {
    await expect(page.locator('[data-testid^="file-row-"]', { hasText: name })).toBeVisible();
  }
  await expect(page.getByTestId('offline-marker')).toHaveCount(0);
  await expect(page.getByTestId('upload-queued')).toHaveCount(0);
  await app.screenshot('75-outbox-drained');

  // Each once, byte for byte.
  const after = await direct.listAllProjectFiles(projectId);
  for (const [name, bytes] of Object.entries(photos)) {
    const found = after.filter((f) => f.name === name);
    expect(found).toHaveLength(1);
    expect(sha(Buffer.from(await (await fetch(found[0]!.url!)).arrayBuffer()))).toBe(sha(bytes));
  }
});

test('storage view: sizes, what is pinned, clear cached data (pinned kept unless asked), the budget', async ({
  app,
}) => {
  const { page } = app;
  const { projectId } = await openFirstProject(app);
  const workspaceId = (await app.services.workspaces.activeMeta()).id;
  await app.services.offline.makeAvailable(projectId, undefined, true);

  await page.getByTestId('workspace-settings').click();
  await page.getByTestId('open-storage').click();
  await expect(page.getByTestId('storage-screen')).toBeVisible();
  const card = page.getByTestId(`storage-ws-${workspaceId}`);
  await expect(card.getByTestId(`storage-pin-${projectId}`)).toBeVisible();
  await expect(page.getByTestId(`storage-total-${workspaceId}`)).toContainText(/\d/);
  // The estimates fetched are kept as versions too, in the background (issue 17).
  const versionsFigure = card.getByTestId(`storage-versions-${workspaceId}`);
  await expect(async () => {
    await page.getByTestId('storage-reload').click();
    await expect(versionsFigure).not.toHaveText('0 bytes', { timeout: 500 });
  }).toPass();
  await app.screenshot('76-storage-view');

  await page.getByTestId(`storage-clear-${workspaceId}`).click();
  await expect(page.getByTestId('confirm-dialog')).toBeVisible();
  await app.screenshot('77-storage-clear');
  await page.getByTestId('confirm-ok').click();
  await expect(page.getByTestId('confirm-dialog')).toHaveCount(0);
  await expect(card.getByTestId(`storage-pin-${projectId}`)).toBeVisible();
  expect((await app.services.offline.status(projectId)).available).toBe(true);
  // The versions of a project made available offline stay with it.
  await expect(versionsFigure).not.toHaveText('0 bytes');

  await page.getByTestId(`storage-clear-${workspaceId}`).click();
  await page.getByTestId('storage-clear-pinned').check();
  await page.getByTestId('confirm-ok').click();
  await expect(card.getByTestId(`storage-pin-${projectId}`)).toHaveCount(0);
  expect((await app.services.offline.status(projectId)).available).toBe(false);

  await page.getByTestId('storage-budget').fill('20');
  await page.getByTestId('storage-budget-save').click();
  await expect(page.getByTestId('field-error-storage-budget')).toBeVisible();
  await page.getByTestId('storage-budget').fill('250');
  await page.getByTestId('storage-budget-save').click();
  await expect.poll(async () => (await app.services.settings.load()).offlineBudgetMb).toBe(250);
});
