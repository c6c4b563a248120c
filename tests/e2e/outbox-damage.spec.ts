import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { promises as fs } from 'node:fs';
import path from 'node:path';
import { ApiClient } from '../../src-main/api/client';
import { addWorkspaceViaUi, expect, selectFirstProject, test } from './harness';

const sha = (b: Buffer) => createHash('sha256').update(b).digest('hex');

/** Flips a byte in the middle of a file (its size stays), as a failing disk or another program would. */
async function flipByte(file: string): Promise<void> {
  const bytes = await fs.readFile(file);
  const at = Math.floor(bytes.length / 2);
  bytes[at] = bytes[at]! ^ 0xff;
  await fs.writeFile(file, bytes);
}

// What the user is told when what waits in the outbox is damaged or its record was lost (issue 29).
test('a copy damaged while it waited is held, never sent, and sent once chosen again; a lost record is told', async ({
  app,
}) => {
  test.setTimeout(120_000);
  const { page, sim } = app;
  await app.open();
  await addWorkspaceViaUi(app, 0);
  const { projectId } = await selectFirstProject(app);
  const workspaceId = (await app.services.workspaces.activeMeta()).id;
  const w = sim.workspaces[0]!;
  const direct = new ApiClient({ baseUrl: sim.baseUrl, customer: w.customer, key: w.key });
  await page.getByTestId('open-files').click();

  // A photo taken on site waits; its copy is then damaged on this computer.
  const name = 'Riss Keller.jpg';
  const photo = randomBytes(200 * 1024);
  const original = path.join(app.exportDir, name);
  await fs.writeFile(original, photo);
  await sim.suspend();
  app.dialogs.answers.open = [original];
  await page.getByTestId('upload-button').click();
  await expect(page.getByTestId('upload-queued')).toBeVisible();
  const outbox = path.join(app.userData, 'outbox', workspaceId);
  const [folder] = await fs.readdir(outbox);
  await flipByte(path.join(outbox, folder!, name));

  // Back online: it is not sent; the row says why and offers to choose the file again.
  await sim.resume();
  await page.getByTestId('sync-now').click();
  const row = page.getByTestId('outbox').locator('[data-testid^="outbox-row-"]');
  await expect(row).toHaveAttribute('data-problem', 'copy-damaged', { timeout: 20_000 });
  await expect(row).toContainText('no longer matches the file you gave it');
  expect((await direct.listAllProjectFiles(projectId)).filter((f) => f.name === name)).toHaveLength(0);
  await app.screenshot('83-outbox-copy-damaged');

  await page.locator('[data-testid^="outbox-choose-"]').click();
  await expect(page.getByTestId('outbox')).toHaveCount(0, { timeout: 30_000 });
  await expect(page.locator('[data-testid^="file-row-"]', { hasText: name })).toBeVisible();
  const sent = (await direct.listAllProjectFiles(projectId)).filter((f) => f.name === name);
  expect(sent).toHaveLength(1);
  expect(sha(Buffer.from(await (await fetch(sent[0]!.url!)).arrayBuffer()))).toBe(sha(photo));

  // A copy whose record was lost (a crash between the two): found at the next start, the user told
  // it waits, and sent once.
  const lost = 'Aufmaß Dach.pdf';
  const bytes = randomBytes(50 * 1024);
  const lostFolder = path.join(outbox, randomUUID());
  await fs.mkdir(lostFolder);
  await fs.writeFile(path.join(lostFolder, lost), bytes);
  await fs.writeFile(
    path.join(lostFolder, '.plandesk-entry.json'),
    JSON.stringify({
      workspaceId,
      projectId,
      projectName: 'Demo',
      fileName: lost,
      size: bytes.length,
      sha256: sha(bytes),
      addedAt: new Date().toISOString(),
    }),
  );
  // Written before this PlanDesk started (else another process may still be recording it).
  const before = new Date(Date.now() - 3_600_000);
  for (const p of [path.join(lostFolder, lost), path.join(lostFolder, '.plandesk-entry.json'), lostFolder])
    await fs.utimes(p, before, before);
  await app.services.outbox.start();
  const notice = page.getByTestId('notice-outbox-recovered');
  await expect(notice).toContainText(`Waiting to upload: “${lost}”`);
  await app.screenshot('84-outbox-recovered-notice');
  await expect
    .poll(async () => (await direct.listAllProjectFiles(projectId)).filter((f) => f.name === lost).length, {
      timeout: 30_000,
    })
    .toBe(1);
  expect(await app.takeCspViolations()).toEqual([]);
});
