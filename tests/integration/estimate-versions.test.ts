import { promises as fs } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { RunningServices } from '../../src-main/app/services';
import { startSimulator, type Simulator } from '../../simulator';
import { Decimal } from '../../src-shared/money/decimal';
import { INTERNAL_COLUMNS, columnSpec } from '../../src-shared/estimates/columns';
import { parseEstimateView } from '../../src-shared/estimates/view-text';
import { translator } from '../../src-shared/i18n/catalogue';
import { editEstimate, typicalEdit } from '../helpers/estimate-edits';
import { flipVersionByte } from '../helpers/damage-version';
import { openpyxlRead, pdfText } from '../helpers/export-readers';
import { describeWithTools, openpyxl, pdftotext } from '../helpers/external-tools';
import { testDialogs } from '../helpers/test-dialogs';
import { simWorkspace, startAppWithWorkspace } from '../helpers/app-services';

// Estimate versions end to end on main's side, wired as the app wires them: the simulator over HTTP
// (changed through its admin API, as a user of the service would change the estimate), the real
// SQLite cache, the worker pool, and the change order read back by pdftotext and openpyxl.

let sim: Simulator;
let userData: string;
let exportDir: string;
let services: RunningServices;

beforeEach(async () => {
  sim = await startSimulator({ dataset: 'demo' });
  userData = await fs.mkdtemp(path.join(os.tmpdir(), 'plandesk-versions-'));
  exportDir = await fs.mkdtemp(path.join(os.tmpdir(), 'plandesk-versions-out-'));
  services = await startAppWithWorkspace(simWorkspace(sim), {
    userDataDir: userData,
    dialogs: testDialogs(exportDir).dialogs,
  });
});

afterEach(async () => {
  await services.close();
  await sim.close();
  await fs.rm(userData, { recursive: true, force: true });
  await fs.rm(exportDir, { recursive: true, force: true });
});

/** A project with at least two estimates, and its estimates. */
async function project(): Promise<{ projectId: string; estimateIds: string[] }> {
  const page = await services.projects.list({ page: 1, pageSize: 50, sort: 'service', direction: 'asc' });
  for (const p of page.rows) {
    const list = await services.estimates.list(p.id);
    if (list.rows.length >= 2) return { projectId: p.id, estimateIds: list.rows.map((r) => r.id) };
  }
  throw new Error('no project with two estimates in the demo data');
}

/** Opens an estimate as the estimate screen does: the view, then "opened". */
async function open(projectId: string, estimateId: string) {
  // The view as the renderer reads main's text.
  const view = parseEstimateView(await services.estimates.get(projectId, estimateId));
  const changes = await services.versions.opened(projectId, estimateId, view.fetchedAt);
  return { view, changes };
}

const d = (text: string | undefined | null): Decimal => Decimal.parse(text ?? '0');

describe('estimate versions', () => {
  it('keeps a version per content: open, change in the service, reopen — the badge and the diff', async () => {
    const { projectId, estimateIds } = await project();
    const estimateId = estimateIds[0]!;
    const first = await open(projectId, estimateId);
    expect(first.changes).toBeNull();
    // The same content fetched again is the same version.
    await open(projectId, estimateId);
    let timeline = await services.versions.timeline(projectId, estimateId);
    expect(timeline.versions).toHaveLength(1);
    expect(timeline.versions[0]).toMatchObject({ seq: 1, current: true, lastOpened: true, storage: 'full' });

    const { edit, measured, dropped, reworded, added } = typicalEdit(first.view);
    await editEstimate(sim.adminUrl, projectId, estimateId, edit);
    const second = await open(projectId, estimateId);

    // The badge: what changed since it was last opened, exactly.
    expect(second.changes).not.toBeNull();
    const changes = second.changes!;
    expect(changes.counts).toMatchObject({ added: 1, removed: 1, changed: 2 });
    const before = d(first.view.service_totals.total);
    const after = d(second.view.service_totals.total);
    expect(d(changes.gross.from).eq(before)).toBe(true);
    expect(d(changes.gross.to).eq(after)).toBe(true);
    expect(d(changes.gross.delta).eq(after.sub(before))).toBe(true);
    // Opened again: nothing new since.
    expect((await open(projectId, estimateId)).changes).toBeNull();

    timeline = await services.versions.timeline(projectId, estimateId);
    expect(timeline.versions.map((v) => v.seq)).toEqual([2, 1]);
    const [v2, v1] = timeline.versions;
    // The newest is the whole copy; the one before it the changes from it (reverse deltas).
    expect(v2).toMatchObject({ current: true, storage: 'full' });
    expect(v1).toMatchObject({ current: false, storage: 'delta' });
    // A delta costs a small part of a whole copy (itself in columns: a small estimate's is a few
    // kilobytes). This one is the older side of the edit, so it holds the item removed since whole:
    // under half of the whole copy still.
    expect(v1!.bytes).toBeLessThan(v2!.bytes / 2);

    // The diff: every change, each changed field old → new, exact totals.
    const cmp = await services.versions.compare(
      projectId,
      { estimateId, versionId: v1!.id },
      { estimateId },
      false,
    );
    const row = (id: string) => cmp.rows.find((r) => r.id === id);
    expect(row(added.id)).toMatchObject({ kind: 'added', name: added.name });
    expect(row(dropped.id)).toMatchObject({ kind: 'removed', name: dropped.name });
    expect(row(measured.id)?.kind).toBe('changed');
    expect(row(measured.id)?.fields.quantity).toEqual({ from: measured.quantity, to: '17.250000000000' });
    expect(row(measured.id)?.fields.total).toBeDefined();
    expect(row(reworded.id)?.fields.description?.to).toBe('Reworded by the estimator');
    expect(d(cmp.totals.delta.gross).eq(after.sub(before))).toBe(true);
    expect(
      d(cmp.totals.delta.net).eq(
        d(second.view.service_totals.subtotal_without_tax).sub(
          d(first.view.service_totals.subtotal_without_tax),
        ),
      ),
    ).toBe(true);
    // Unchanged items hidden, but the groups above a change are there, with their subtotal deltas.
    expect(cmp.rows.every((r) => r.changedBelow)).toBe(true);
    const parent = cmp.rows[row(measured.id)!.parentIndex]!;
    expect(parent.type).toBe('group');
    expect(d(parent.net.delta).isZero()).toBe(false);
    const all = await services.versions.compare(
      projectId,
      { estimateId, versionId: v1!.id },
      { estimateId },
      true,
    );
    expect(all.rows.length).toBeGreaterThan(cmp.rows.length);
    expect(all.counts).toEqual(cmp.counts);
  });

  it('keeps the estimates "make available offline" fetched as versions, and a change as the next', async () => {
    const { projectId, estimateIds } = await project();
    await services.offline.makeAvailable(projectId);
    for (const id of estimateIds) {
      const timeline = await services.versions.timeline(projectId, id);
      expect(timeline.versions).toHaveLength(1);
      expect(timeline.versions[0]).toMatchObject({ seq: 1, current: true, storage: 'full' });
    }
    const estimateId = estimateIds[0]!;
    const view = parseEstimateView(await services.estimates.get(projectId, estimateId));
    await editEstimate(sim.adminUrl, projectId, estimateId, typicalEdit(view).edit);
    await services.offline.makeAvailable(projectId);
    const timeline = await services.versions.timeline(projectId, estimateId);
    expect(timeline.versions.map((v) => [v.seq, v.storage, v.current])).toEqual([
      [2, 'full', true],
      [1, 'delta', false],
    ]);
  });

  it('reads the current version ahead when the versions list is shown: its chain is checked then', async () => {
    const { projectId, estimateIds } = await project();
    const estimateId = estimateIds[0]!;
    await open(projectId, estimateId);
    const [current] = (await services.versions.timeline(projectId, estimateId)).versions;
    expect(current).toMatchObject({ current: true, storage: 'full' });
    expect(current!.damaged).toBeFalsy();
    // The disk damages the whole copy (a flipped byte) while the app runs.
    const { id: workspaceId } = await services.workspaces.activeMeta();
    flipVersionByte(userData, workspaceId, current!.id);
    // Shown again: the read ahead checked the chain before the list was made, so it already says so
    // (before, only a comparison found it).
    const shown = await services.versions.timeline(projectId, estimateId);
    expect(shown.versions.find((v) => v.id === current!.id)?.damaged).toBe(true);
  });

  it('names and pins a version; compares two estimates of the project', async () => {
    const { projectId, estimateIds } = await project();
    const [a, b] = estimateIds;
    await open(projectId, a!);
    const v = (await services.versions.timeline(projectId, a!)).versions[0]!;
    const named = await services.versions.label(projectId, a!, v.id, '  sent to client 12 May ', true);
    expect(named.versions[0]).toMatchObject({ name: 'sent to client 12 May', pinned: true });
    await expect(services.versions.label(projectId, b!, v.id, 'x', false)).rejects.toMatchObject({
      kind: 'not-found',
    });

    const cmp = await services.versions.compare(projectId, { estimateId: a! }, { estimateId: b! }, false);
    expect(cmp.sameEstimate).toBe(false);
    expect(cmp.from.estimateId).toBe(a);
    expect(cmp.to.estimateId).toBe(b);
    const va = parseEstimateView(await services.estimates.get(projectId, a!));
    const vb = parseEstimateView(await services.estimates.get(projectId, b!));
    expect(d(cmp.totals.delta.gross).eq(d(vb.service_totals.total).sub(d(va.service_totals.total)))).toBe(
      true,
    );
  });
});

describeWithTools('change orders read back', [pdftotext, openpyxl], () => {
  it('the PDF lists the changes, the VAT on the difference and the new total; no internal figure', async () => {
    const { projectId, estimateIds } = await project();
    const estimateId = estimateIds[0]!;
    const first = await open(projectId, estimateId);
    const { edit, measured, dropped, added } = typicalEdit(first.view);
    // An internal change too: a labour price (the client sees only the new unit price).
    edit.set![measured.id] = { quantity: '17.250000000000', labor_unit_price: '99.500000000000' };
    await editEstimate(sim.adminUrl, projectId, estimateId, edit);
    const second = await open(projectId, estimateId);
    const v1 = (await services.versions.timeline(projectId, estimateId)).versions.find((v) => v.seq === 1)!;

    const result = await services.exports.changeOrder({
      projectId,
      from: { estimateId, versionId: v1.id },
      to: { estimateId },
      format: 'pdf',
      presetId: 'quote',
      language: 'en-US',
    });
    expect(result.path).not.toBeNull();
    const text = (await pdfText(result.path!)).replace(/\s+/g, ' ');
    const t = translator('en-US');
    const money = (v: string) =>
      new Intl.NumberFormat('en-US', {
        style: 'currency',
        currency: second.view.estimate.currency ?? 'EUR',
      }).format(v as Intl.StringNumericLiteral);
    expect(text).toContain(t('doc.changeOrder'));
    expect(text).toContain(measured.name!);
    expect(text).toContain(dropped.name!);
    expect(text).toContain(added.name);
    expect(text).toContain(t('doc.changeNew'));
    expect(text).toContain(t('doc.changeRemoved'));
    expect(text).toContain(`${t('column.quantity')}:`);
    expect(text).toContain(t('doc.previousTotal'));
    expect(text).toContain(`${t('doc.newTotal')} ${money(second.view.quote.gross)}`);
    expect(text).toContain(money(first.view.quote.gross));
    expect(text).toMatch(/VAT \d+(\.\d+)?% on/);
    // A client document: no internal column is described.
    for (const column of INTERNAL_COLUMNS) expect(text).not.toContain(t(columnSpec(column).label));

    const xlsx = await services.exports.changeOrder({
      projectId,
      from: { estimateId, versionId: v1.id },
      to: { estimateId },
      format: 'xlsx',
      presetId: 'quote',
      language: 'en-US',
    });
    const book = await openpyxlRead(xlsx.path!);
    const values = book.cells.map((c) => c.value);
    expect(values.some((v) => typeof v === 'string' && v.startsWith(added.name))).toBe(true);
    expect(values.some((v) => typeof v === 'string' && v.startsWith(measured.name!))).toBe(true);
    const newTotal = book.cells.find((c) => c.value === t('doc.newTotal'))!;
    const row = newTotal.ref.replace(/^[A-Z]+/, '');
    const figure = book.cells.find(
      (c) => c.ref.endsWith(row) && typeof c.value === 'string' && c.value.startsWith('='),
    );
    expect(figure?.value).toMatch(/^=[A-Z]+\d+\+[A-Z]+\d+$/);
    expect(book.sheets[0]!.printTitleRows).toBeTruthy();
    for (const column of INTERNAL_COLUMNS)
      expect(values.some((v) => typeof v === 'string' && v.includes(t(columnSpec(column).label)))).toBe(
        false,
      );
  });
});
