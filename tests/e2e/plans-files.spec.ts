import { createHash } from 'node:crypto';
import { promises as fs } from 'node:fs';
import path from 'node:path';
import ExcelJS from 'exceljs';
import { translator } from '../../src-shared/i18n/catalogue';
import { termLabel } from '../../src-shared/plans/vocabulary';
import { dropFiles } from './drop-files';
import { addWorkspaceViaUi, expect, openFirstProjectFiles, selectFirstProject, test } from './harness';

const sha = (b: Buffer) => createHash('sha256').update(b).digest('hex');

test("plan view: statistics in the service's words, floors with image maps, rooms with walls and objects", async ({
  app,
}) => {
  const { page } = app;
  await app.open();
  await selectFirstProject(app);
  await page.getByTestId('open-plan').click();
  await expect(page.getByTestId('plan-screen')).toBeVisible();
  await expect(page.getByTestId('plan-statistics')).toContainText(/m²|ft²/);
  await expect(page.getByTestId('plan-door-count')).toContainText(/\d/);
  await expect(page.getByTestId('floor-image')).toBeVisible();
  expect(await page.getByTestId('floor-image').getAttribute('src')).toMatch(/^data:image\/png;base64,/);
  await expect(page.locator('[data-testid^="room-card-"]').first()).toBeVisible();
  await expect(page.locator('[data-testid^="room-swatch-"]').first()).toBeVisible();
  await expect(page.locator('[data-testid^="room-object-"][data-kind="door"]').first()).toBeVisible();
  await app.screenshot('40-plan-view');

  await page.getByTestId('rooms-tab').click();
  await expect(page.getByTestId('rooms-table')).toBeVisible();
  await page.getByTestId('rooms-sort-area').click();
  await app.screenshot('41-rooms-table');
  await page.getByTestId('rooms-export-xlsx').click();
  await expect(page.getByTestId('rooms-export-result')).toContainText('.xlsx');
  const saved = (await fs.readdir(app.exportDir)).find((f) => f.endsWith('.xlsx'))!;
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.readFile(path.join(app.exportDir, saved));
  expect(wb.worksheets[0]!.rowCount).toBeGreaterThan(1);
  // Images on the service's host were fetched by main with the credentials; storage never saw them.
  expect(app.sim.faults.stats().credentialLeaks).toBe(0);
});

test('the older plan shape shows and exports its floors and rooms like the new shape’s', async ({ app }) => {
  const { page } = app;
  await app.open();
  await addWorkspaceViaUi(app, 0);
  const { planId } = await selectFirstProject(app);
  const current = await app.services.plans.get(planId);
  app.sim.faults.setVariants({ legacyPlanShape: true });
  await page.getByTestId('open-plan').click();
  await expect(page.getByTestId('plan-statistics')).toBeVisible();
  await expect(page.getByTestId('plan-not-available')).toHaveCount(0);
  const room = current.view.floors![0]!.rooms[0]!;
  const card = page.getByTestId(`room-card-${room.id}`);
  await expect(card).toContainText(room.name!);
  // The room's figures come as the service formatted them, its doors from its wall items.
  await expect(card).toContainText(room.statistics.find((st) => st.key === 'area')!.formatted!);
  await expect(card.locator('[data-kind="door"]').first()).toBeVisible();
  await app.screenshot('42-plan-legacy-shape');
  await page.getByTestId('rooms-tab').click();
  await expect(page.getByTestId(`rooms-row-${room.id}`)).toBeVisible();
  await expect(page.getByTestId('rooms-totals')).toBeVisible();
  await app.screenshot('42b-plan-legacy-rooms');
  await page.getByTestId('rooms-export-csv').click();
  await expect(page.getByTestId('rooms-export-result')).toContainText('.csv');
  const csv = (await fs.readdir(app.exportDir)).find((f) => f.endsWith('.csv'))!;
  const text = await fs.readFile(path.join(app.exportDir, csv), 'utf8');
  expect(text).toContain(room.name!);
  expect(text.trimEnd().split('\r\n').at(-1)).toMatch(/^Total,/);
});

test('plan data in the user’s words: room types, materials, units, named colours, labelled floor image', async ({
  app,
}) => {
  const { page } = app;
  await app.open();
  const { planId } = await selectFirstProject(app);
  await page.getByTestId('language-select').selectOption('pt-PT');
  await expect(page.locator('html')).toHaveAttribute('lang', 'pt-PT');
  // The service answers in the UI language too: its formatted figures are Portuguese now.
  await expect.poll(async () => (await app.services.workspaces.uiLanguage()) === 'pt-PT').toBe(true);
  const { view } = await app.services.plans.get(planId);
  const floor = view.floors![0]!;
  const room = floor.rooms.find((r) => r.walls.length > 0 && r.roomType)!;
  await page.getByTestId('open-plan').click();
  const card = page.getByTestId(`room-card-${room.id}`);
  await expect(card).toBeVisible();
  const pt = translator('pt-PT');
  // The room type in Portuguese, never the service's value.
  await expect(card.locator('.room-card-header')).toContainText(termLabel('roomType', room.roomType!, pt));
  // Every wall's length with the plan's unit; its material in Portuguese.
  const unit = view.unitSystem === 'imperial' ? 'ft' : 'm';
  const walls = page.getByTestId(`room-walls-${room.id}`);
  const material = room.walls[0]!.values.find((v) => v.key === 'material')!.value as string;
  await expect(walls).toContainText(termLabel('material', material, pt));
  await expect(walls).not.toContainText(new RegExp(`\\b${material}\\b`));
  const measure = new RegExp(`^\\d+,\\d+\\s${unit}$`);
  await expect(walls.locator('tbody tr').first().locator('td').first()).toHaveText(measure);
  // Doors: their kind in words and their width with its unit.
  const door = card.locator('[data-kind="door"]').first();
  await expect(door).not.toContainText('door_');
  await expect(door.locator('td.num').first()).toHaveText(measure);
  // The floor colour: a swatch with a name.
  await expect(page.getByTestId(`colour-room-swatch-${room.id}`).locator('.swatch-name')).not.toBeEmpty();

  // The floor image names each room and its area; the labels can be turned off, and that is kept.
  await expect(page.getByTestId('floor-image')).toBeVisible();
  const label = page.getByTestId(`floor-room-label-${room.id}`);
  await expect(label).toContainText(room.name!);
  await expect(label).toContainText(room.statistics.find((st) => st.key === 'area')!.formatted!);
  await page.getByTestId('floor-image').scrollIntoViewIfNeeded();
  await app.screenshot('46-plan-labelled-floor-image');
  await page.getByTestId('room-labels-toggle').uncheck();
  await expect(page.getByTestId('floor-room-labels')).toHaveCount(0);
  await page.reload();
  await page.getByTestId('project-row-' + view.projectId).click();
  await page.getByTestId('open-plan').click();
  await expect(page.getByTestId('floor-image')).toBeVisible();
  await expect(page.getByTestId('room-labels-toggle')).not.toBeChecked();
  await expect(page.getByTestId('floor-room-labels')).toHaveCount(0);

  // The rooms table: the type in words, the wall area, a totals row.
  await page.getByTestId('rooms-tab').click();
  await expect(page.getByTestId(`rooms-row-${room.id}`)).toContainText(
    termLabel('roomType', room.roomType!, pt),
  );
  // Every figure of a column with the column's decimals, the total too (issue 26): the service's
  // own text ("33,5 m²") on hover.
  const wallArea = room.statistics.find((st) => st.key === 'walls_surface')!;
  const decimals = unit === 'm' ? 2 : 1;
  const shown = new Intl.NumberFormat('pt-PT', {
    minimumFractionDigits: decimals,
    maximumFractionDigits: decimals,
  }).format(wallArea.value!);
  await expect(page.getByTestId(`rooms-row-${room.id}`)).toContainText(shown);
  await expect(
    page.getByTestId(`rooms-row-${room.id}`).locator(`[title="${wallArea.formatted!}"]`).first(),
  ).toBeAttached();
  await expect(page.getByTestId('rooms-total-area')).toContainText(unit === 'm' ? 'm²' : 'ft²');
  await expect(page.getByTestId('rooms-total-area')).toHaveText(
    new RegExp(`,\\d{${unit === 'm' ? 2 : 1}}\\s`),
  );
  const doors = view.floors!.flatMap((f) => f.rooms).reduce((n, r) => n + r.doors.length, 0);
  await expect(page.getByTestId('rooms-total-doors')).toHaveText(String(doors));
  await app.screenshot('47-rooms-table-totals-pt');
});

test('files: upload with progress (cancel, retry), preview, download, delete; a bad type is refused', async ({
  app,
}) => {
  const { page } = app;
  const projectId = await openFirstProjectFiles(app);

  // A refused type, checked before anything is sent.
  await fs.writeFile(path.join(app.exportDir, 'setup.exe'), 'MZ');
  app.dialogs.answers.open = [path.join(app.exportDir, 'setup.exe')];
  const before = app.sim.faults.stats().requests;
  await page.getByTestId('upload-button').click();
  await expect(page.getByTestId('upload-refused').or(page.getByTestId('upload-error'))).toContainText('.exe');
  expect(app.sim.faults.stats().requests - before).toBeLessThanOrEqual(1);

  // A 40 MB upload over a slow link: progress in bytes and percent, then cancel; nothing registered.
  const big = Buffer.alloc(40 * 1024 * 1024, 3);
  await fs.writeFile(path.join(app.exportDir, 'Bestandsaufnahme.pdf'), big);
  app.dialogs.answers.open = [path.join(app.exportDir, 'Bestandsaufnahme.pdf')];
  app.sim.faults.setFaults({ latencyMs: 400 });
  await page.getByTestId('upload-button').click();
  await expect(page.getByTestId('upload-progress')).toContainText('%');
  await app.screenshot('43-files-upload-in-progress');
  await page.getByTestId('upload-cancel').click();
  await expect(page.getByTestId('upload-progress')).toHaveCount(0);
  app.sim.faults.clearFaults();
  expect((await app.services.files.list(projectId)).some((f) => f.name === 'Bestandsaufnahme.pdf')).toBe(
    false,
  );

  // Upload it for real (retry after the cancel), then find it in the list.
  await page.getByTestId('upload-button').click();
  const row = page.locator('[data-testid^="file-row-"]', { hasText: 'Bestandsaufnahme.pdf' });
  await expect(row).toBeVisible({ timeout: 30_000 });
  const fileId = (await row.getAttribute('data-testid'))!.replace('file-row-', '');
  await app.screenshot('44-files-after-upload');

  // Download to the chosen folder: byte for byte what was uploaded.
  await page.getByTestId(`file-download-${fileId}`).click();
  // 40 MB through the simulator's storage: as long as the upload may take on a busy machine.
  await expect(page.getByTestId('file-result')).toContainText('Bestandsaufnahme.pdf', { timeout: 30_000 });
  expect(sha(await fs.readFile(path.join(app.exportDir, 'Bestandsaufnahme (2).pdf')))).toBe(sha(big));

  // Preview an image.
  const png = Buffer.from(
    'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
    'base64',
  );
  await fs.writeFile(path.join(app.exportDir, 'Foto Küche.png'), png);
  app.dialogs.answers.open = [path.join(app.exportDir, 'Foto Küche.png')];
  await page.getByTestId('upload-button').click();
  const pngRow = page.locator('[data-testid^="file-row-"]', { hasText: 'Foto Küche.png' });
  await expect(pngRow).toBeVisible();
  const pngId = (await pngRow.getAttribute('data-testid'))!.replace('file-row-', '');
  await page.getByTestId(`file-preview-${pngId}`).click();
  await expect(page.getByTestId('preview-image')).toBeVisible();
  await page.keyboard.press('Escape');

  // Delete, with a confirmation that says it is permanent.
  await page.getByTestId(`file-delete-${fileId}`).click();
  await expect(page.getByTestId('confirm-dialog')).toContainText(/permanent|cannot be undone/i);
  await app.screenshot('45-file-delete-confirm');
  await page.getByTestId('confirm-ok').click();
  await expect(page.getByTestId(`file-row-${fileId}`)).toHaveCount(0);
  expect(app.sim.faults.stats().credentialLeaks).toBe(0);
});

test('a download whose listed size is out of date is kept, with a note giving both sizes (issue 23, item 9)', async ({
  app,
}) => {
  const { page } = app;
  const projectId = await openFirstProjectFiles(app);
  // A file whose true size is not a whole number of kilobytes...
  const file = (await app.services.files.list(projectId)).find((f) => f.size! % 1000 !== 0)!;
  // ...and a service whose list rounds sizes to whole kilobytes; storage sends every byte.
  app.sim.faults.setVariants({ roundedFileSizes: true });
  await page.getByTestId(`file-download-${file.id}`).click();
  await expect(page.getByTestId('file-result')).toContainText(file.name);
  expect((await fs.stat(path.join(app.exportDir, file.name))).size).toBe(file.size);
  const listed = Math.max(1000, Math.round(file.size! / 1000) * 1000);
  const note = page.getByTestId('file-size-differs');
  await expect(note).toContainText(`${file.size!.toLocaleString('en-US')} bytes`);
  await expect(note).toContainText(`${listed.toLocaleString('en-US')} bytes`);
  await app.screenshot('48b-files-download-size-differs');
  app.sim.faults.setVariants({ roundedFileSizes: false });
});

test('workspace settings: the webhook URL must be https; Custom Export files show in the files list', async ({
  app,
}) => {
  const { page } = app;
  await app.open();
  await addWorkspaceViaUi(app, 0);
  await page.getByTestId('workspace-settings').click();
  await expect(page.getByTestId('settings-dialog')).toBeVisible();
  await page.getByTestId('webhook-url').fill('http://hooks.example.com/plandesk');
  await page.getByTestId('webhook-save').click();
  await expect(page.getByTestId('settings-dialog')).toContainText(/https/);
  await page.getByTestId('webhook-url').fill('https://hooks.example.com/plandesk');
  await page.getByTestId('webhook-save').click();
  await expect
    .poll(async () => (await app.services.workspaceSettings.get()).webhookUrl)
    .toBe('https://hooks.example.com/plandesk');
  await app.screenshot('46-workspace-settings');
  await page.getByTestId('webhook-clear').click();
  await expect.poll(async () => (await app.services.workspaceSettings.get()).webhookUrl).toBeNull();
  await page.getByTestId('settings-dialog').getByRole('button', { name: /close/i }).first().click();
  await expect(page.getByTestId('settings-dialog')).toHaveCount(0);

  const { projectId } = await selectFirstProject(app);
  await app.sim.faults.customExport(projectId, {});
  await page.getByTestId('open-files').click();
  await expect(page.locator('[data-testid^="file-row-"][data-origin="export"]').first()).toBeVisible();
});

test('a PDF is previewed inside the app, page by page', async ({ app }) => {
  const { page } = app;
  await app.open();
  await addWorkspaceViaUi(app, 0);
  const { projectId } = await selectFirstProject(app);
  // A real, multi-page PDF: a quote PlanDesk itself exports.
  const estimates = await app.services.estimates.list(projectId);
  const quote = await app.services.exports.estimates({
    projectId,
    estimateId: estimates.rows[0]!.id,
    format: 'pdf',
    columns: ['code', 'name', 'quantity', 'unit', 'total'],
    presetId: 'quote',
    language: 'de-DE',
  });
  app.dialogs.answers.open = [quote.path!];
  await page.getByTestId('open-files').click();
  await page.getByTestId('upload-button').click();
  const row = page.locator('[data-testid^="file-row-"]', { hasText: path.basename(quote.path!) });
  await expect(row).toBeVisible();
  const fileId = (await row.getAttribute('data-testid'))!.replace('file-row-', '');
  await page.getByTestId(`file-preview-${fileId}`).click();
  await expect(page.getByTestId('preview-pdf-page-1')).toBeVisible({ timeout: 20_000 });
  // The page was drawn: the canvas is not blank.
  const inked = await page.getByTestId('preview-pdf-page-1').evaluate((c: HTMLCanvasElement) => {
    const d = c.getContext('2d')!.getImageData(0, 0, c.width, c.height).data;
    let dark = 0;
    for (let i = 0; i < d.length; i += 4) if (d[i]! < 128 && d[i + 3]! > 0) dark++;
    return dark;
  });
  expect(inked).toBeGreaterThan(500);
  await app.screenshot('47-pdf-preview');
});

test('files dropped on the screen are uploaded; a refused type among them is named', async ({ app }) => {
  const { page } = app;
  const projectId = await openFirstProjectFiles(app);
  // What the user drags from the desktop, dropped as Chromium drops it (a trusted event); the
  // harness's webUtils.getPathForFile (Electron's in the app) maps a dropped File to exportDir/<name>.
  await fs.writeFile(
    path.join(app.exportDir, 'Baustelle Nord.png'),
    Buffer.from(
      'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
      'base64',
    ),
  );
  await fs.writeFile(path.join(app.exportDir, 'notes.txt'), 'not allowed');
  await dropFiles(page, page.getByTestId('files-screen'), [
    path.join(app.exportDir, 'Baustelle Nord.png'),
    path.join(app.exportDir, 'notes.txt'),
  ]);
  await expect(page.getByTestId('upload-refused')).toContainText('notes.txt');
  await expect(page.locator('[data-testid^="file-row-"]', { hasText: 'Baustelle Nord.png' })).toBeVisible();
  expect((await app.services.files.list(projectId)).map((f) => f.name)).toContain('Baustelle Nord.png');
  expect((await app.services.files.list(projectId)).map((f) => f.name)).not.toContain('notes.txt');
  await app.screenshot('48-files-dropped');
});

test('files the service refuses are listed, each with its reason; the others are uploaded', async ({
  app,
}) => {
  const { page } = app;
  await app.open();
  await addWorkspaceViaUi(app, 0);
  const { projectId } = await selectFirstProject(app);
  await page.getByTestId('open-files').click();
  await expect(page.getByTestId('files-table')).toBeVisible();
  const good = path.join(app.exportDir, 'Aufmaß Keller.pdf');
  // A name the service does not take (a control character in it): refused at its presign call.
  const bad = path.join(app.exportDir, 'Aufmaß\u0007Dach.pdf');
  await fs.writeFile(good, Buffer.alloc(4000, 1));
  await fs.writeFile(bad, Buffer.alloc(5000, 2));
  app.dialogs.answers.open = [good, bad];
  await page.getByTestId('upload-button').click();
  const refused = page.getByTestId('upload-service-refused');
  await expect(refused).toContainText('1 file was not uploaded');
  await expect(page.getByTestId('upload-service-refused-file')).toHaveCount(1);
  await expect(page.getByTestId('upload-service-refused-file')).toContainText('AufmaßDach.pdf');
  await expect(page.getByTestId('upload-service-refused-file')).toContainText(/control characters/);
  await expect(page.locator('[data-testid^="file-row-"]', { hasText: 'Aufmaß Keller.pdf' })).toBeVisible();
  await app.screenshot('49-files-refused-by-the-service');
  const names = (await app.services.files.list(projectId)).map((f) => f.name);
  expect(names).toContain('Aufmaß Keller.pdf');
  expect(names.filter((n) => n.includes('Dach'))).toEqual([]);
  // Nothing of the refused file waits.
  await expect(page.getByTestId('upload-queued')).toHaveCount(0);
  await refused.getByRole('button').click();
  await expect(refused).toHaveCount(0);
});
