import { promises as fs, readFileSync } from 'node:fs';
import path from 'node:path';
import { dropFiles } from './drop-files';
import { addWorkspaceViaUi, expect, openFirstProjectFiles, selectFirstProject, test } from './harness';

// Issue 10: the window under a strict content security policy, a page running hostile script, files
// the system could run, and a webhook address that would receive the key. The built renderer and
// preload in Chromium, main's real services behind them.

test('the content security policy allows no inline style or script, and every screen renders under it', async ({
  app,
}) => {
  const { page } = app;
  const built = readFileSync(path.resolve('out/renderer/index.html'), 'utf8');
  const policy = /http-equiv="Content-Security-Policy"\s+content="([^"]+)"/.exec(built)?.[1] ?? '';
  expect(policy).toMatch(/style-src 'self';/);
  expect(policy).not.toContain('unsafe-inline');
  expect(policy).not.toContain('unsafe-eval');

  await app.open();
  await selectFirstProject(app);
  // The plan view sizes its image box and colours its swatches with style properties, set through
  // the DOM (which the policy allows), never through style attributes in markup (which it blocks).
  await page.getByTestId('open-plan').click();
  await expect(page.getByTestId('floor-image')).toBeVisible();
  const box = await page.locator('.floor-image-box, [data-testid="floor-image"]').first().boundingBox();
  expect(box!.height).toBeGreaterThan(50);
  const swatch = page.locator('[data-testid^="room-swatch-"]').first();
  expect(await swatch.evaluate((el) => getComputedStyle(el).backgroundColor)).not.toBe('rgba(0, 0, 0, 0)');
  await page.getByTestId('plan-back').click();

  // What a style attribute in injected markup would do: nothing, and the policy reports it.
  const injected = await page.evaluate(() => {
    const host = document.createElement('div');
    host.innerHTML = '<p id="csp-probe" style="color: rgb(255, 0, 0)">probe</p>';
    document.body.appendChild(host);
    const color = getComputedStyle(document.getElementById('csp-probe')!).color;
    host.remove();
    return color;
  });
  expect(injected).not.toBe('rgb(255, 0, 0)');
  await expect
    .poll(() => app.takeCspViolations())
    .toEqual([expect.stringMatching(/^style-src-attr blocked inline/)]);
});

test('a page running hostile script cannot upload a file it names; window.api cannot register one', async ({
  app,
}) => {
  const { page } = app;
  await app.open();
  await addWorkspaceViaUi(app, 0);
  const { projectId } = await selectFirstProject(app);
  const secret = path.join(app.exportDir, 'id_rsa.pdf');
  await fs.writeFile(secret, 'PRIVATE KEY');
  const answer = await page.evaluate(
    async ([project, file]) => {
      const api = (window as unknown as { api: Record<string, (...a: unknown[]) => Promise<unknown>> }).api;
      return {
        upload: await api.uploadFiles!({ projectId: project, paths: [file] }),
        names: Object.keys(api),
      };
    },
    [projectId, secret] as const,
  );
  expect(answer.upload).toMatchObject({ ok: false, error: { kind: 'validation' } });
  expect(answer.names.filter((n) => /register/i.test(n))).toEqual([]);
  expect((await app.services.files.list(projectId)).map((f) => f.name)).not.toContain('id_rsa.pdf');
});

test('only a real drop grants an upload, once: a page’s own drop, a kept File or another project get nothing', async ({
  app,
}) => {
  const { page } = app;
  const projectId = await openFirstProjectFiles(app);
  const png = Buffer.from(
    'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
    'base64',
  );
  await fs.writeFile(path.join(app.exportDir, 'Lageplan.png'), png);
  const names = async () => (await app.services.files.list(projectId)).map((f) => f.name);

  // The page dispatches a drop of its own, with a File named like one on disk: untrusted, ignored.
  await page.evaluate(() => {
    const dataTransfer = new DataTransfer();
    dataTransfer.items.add(new File(['x'], 'Lageplan.png', { type: 'image/png' }));
    const screen = document.querySelector('[data-testid="files-screen"]')!;
    for (const type of ['dragenter', 'dragover', 'drop'])
      screen.dispatchEvent(new DragEvent(type, { dataTransfer, bubbles: true, cancelable: true }));
  });
  await expect(page.getByTestId('upload-refused')).toContainText('Lageplan.png');
  expect(await names()).not.toContain('Lageplan.png');

  // A real drop uploads it; the page keeps the dropped File and tries again afterwards.
  await page.evaluate(() =>
    window.addEventListener(
      'drop',
      (e) => Object.assign(globalThis, { __kept: e.dataTransfer?.files[0] }),
      true,
    ),
  );
  await dropFiles(page, page.getByTestId('files-screen'), [path.join(app.exportDir, 'Lageplan.png')]);
  await expect(page.locator('[data-testid^="file-row-"]', { hasText: 'Lageplan.png' })).toBeVisible();
  const other = (
    await app.services.projects.list({ page: 1, pageSize: 2, sort: 'service', direction: 'asc' })
  ).rows[1]!.id;
  const again = await page.evaluate(
    async ([project, otherProject, file]) => {
      const api = (window as unknown as { api: Record<string, (...a: unknown[]) => Promise<unknown>> }).api;
      const kept = (globalThis as unknown as { __kept: File }).__kept;
      return {
        samePath: await api.pathForFile!(kept, project),
        otherPath: await api.pathForFile!(kept, otherProject),
        upload: await api.uploadFiles!({ projectId: project, paths: [file] }),
      };
    },
    [projectId, other, path.join(app.exportDir, 'Lageplan.png')] as const,
  );
  expect(again).toMatchObject({
    samePath: '',
    otherPath: '',
    upload: { ok: false, error: { kind: 'validation' } },
  });
  expect((await names()).filter((n) => n === 'Lageplan.png')).toHaveLength(1);
  expect((await app.services.files.list(other)).map((f) => f.name)).not.toContain('Lageplan.png');
});

test('a file type the system could run is shown in its folder, never opened', async ({ app }) => {
  const { page } = app;
  await app.open();
  await addWorkspaceViaUi(app, 0);
  const { projectId } = await selectFirstProject(app);
  // Custom Export adds plan.xml and floor-N.dxf: not types PlanDesk opens with another program.
  await app.sim.faults.customExport(projectId, {});
  await page.getByTestId('open-files').click();
  const xml = page.locator('[data-testid^="file-row-"]', { hasText: 'plan.xml' });
  await expect(xml).toBeVisible();
  const xmlId = (await xml.getAttribute('data-testid'))!.replace('file-row-', '');
  await expect(page.getByTestId(`file-open-${xmlId}`)).toHaveCount(0);
  await expect(page.getByTestId(`file-show-${xmlId}`)).toHaveText('Show in folder');
  await app.screenshot('49-files-show-in-folder');
  await page.getByTestId(`file-show-${xmlId}`).click();
  await expect.poll(() => app.dialogs.calls.shown.length).toBe(1);
  expect(path.basename(app.dialogs.calls.shown[0]!)).toBe('plan.xml');
  expect(app.dialogs.calls.opened).toEqual([]);
  // A PDF of the same export still opens.
  const pdf = page.locator('[data-testid^="file-row-"]', { hasText: 'plan.pdf' });
  const pdfId = (await pdf.getAttribute('data-testid'))!.replace('file-row-', '');
  await page.getByTestId(`file-open-${pdfId}`).click();
  await expect.poll(() => app.dialogs.calls.opened.length).toBe(1);
});

test('a new webhook address is saved only once the user confirmed sending the key to its host', async ({
  app,
}) => {
  const { page } = app;
  await app.open();
  await addWorkspaceViaUi(app, 0);
  await page.getByTestId('workspace-settings').click();
  app.dialogs.answers.confirm = false;
  await page.getByTestId('webhook-url').fill('https://collector.evil.example/hook');
  await page.getByTestId('webhook-save').click();
  await expect.poll(() => app.dialogs.calls.confirmed.length).toBe(1);
  expect(app.dialogs.calls.confirmed[0]!.message).toContain('collector.evil.example');
  expect((await app.services.workspaceSettings.get()).webhookUrl).toBeNull();
  await expect(page.getByTestId('settings-dialog')).not.toContainText(/error|fehler/i);

  app.dialogs.answers.confirm = true;
  await page.getByTestId('webhook-save').click();
  await expect
    .poll(async () => (await app.services.workspaceSettings.get()).webhookUrl)
    .toBe('https://collector.evil.example/hook');
});
