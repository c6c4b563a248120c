/**
 * A crash at each fault point (src-main/faults/fault-points.ts): the child process dies there
 * (SIGKILL), PlanDesk starts again over the same folder, and what the user had must be whole: each
 * upload the user was told about registered exactly once with its own bytes, the cache and the
 * versions readable (integrity_check ok), no half-written export and no temporary file left.
 */
import { existsSync, promises as fs } from 'node:fs';
import path from 'node:path';
import Database from 'better-sqlite3';
import { FAULT_POINTS, type FaultPoint } from '../../src-main/faults/fault-points';
import { createDispatcher } from '../../src-main/ipc/handlers';
import { editEstimate } from '../helpers/estimate-edits';
import {
  count,
  filesUnder,
  freshUserData,
  judgeUpload,
  registered,
  runChild,
  siteFile,
  startServices,
  until,
  type FaultWorld,
  type ScenarioCount,
} from './harness';

/** A crash before the copy is complete: the user was never told the file waits (nothing to send). */
const NEVER_ACCEPTED: readonly FaultPoint[] = ['outbox:copy-in'];

/**
 * What the data folder and the service hold at the moment of death at each outbox point: proof that
 * the process died in that window and nowhere else. `record`: the entry's state on disk (null: no
 * record yet); `copy`: `part` (a copy being made), `complete`; `registered`: files in the project.
 */
const AT_DEATH: Partial<
  Record<FaultPoint, { record: string | null; copy: 'part' | 'complete'; registered: 0 | 1 }>
> = {
  'outbox:copy-in': { record: null, copy: 'part', registered: 0 },
  'outbox:copied': { record: null, copy: 'complete', registered: 0 },
  'outbox:before-upload': { record: 'sending', copy: 'complete', registered: 0 },
  'outbox:during-upload': { record: 'sending', copy: 'complete', registered: 0 },
  'outbox:after-upload': { record: 'sending', copy: 'complete', registered: 0 },
  'outbox:registering': { record: 'registering', copy: 'complete', registered: 0 },
  'outbox:during-registration': { record: 'registering', copy: 'complete', registered: 1 },
  'outbox:after-registration': { record: 'registering', copy: 'complete', registered: 1 },
  'outbox:registered': { record: 'registered', copy: 'complete', registered: 1 },
};

export async function crashAtEachPoint(world: FaultWorld, trialsPerPoint: number): Promise<ScenarioCount[]> {
  // One data folder per kind of work (outbox, cache and versions, export), each trial leaving it as
  // it found it; the kinds run side by side (their folders, files and processes are apart), the
  // points of one kind one after another.
  const kinds = new Map<string, FaultPoint[]>();
  for (const point of FAULT_POINTS) {
    const kind = point.startsWith('outbox:') ? 'outbox' : point === 'export:write' ? 'export' : 'reading';
    kinds.set(kind, [...(kinds.get(kind) ?? []), point]);
  }
  const counts = new Map<FaultPoint, ScenarioCount>();
  await Promise.all(
    [...kinds].map(async ([kind, points]) => {
      const folder = await freshUserData(world, `crash-${kind}`);
      for (const point of points) {
        const c = count(`crash at ${point}`);
        counts.set(point, c);
        for (let i = 0; i < trialsPerPoint; i++) {
          c.trials++;
          try {
            if (kind === 'outbox') await crashUploading(world, folder, point, i, c);
            else if (kind === 'export') await crashExporting(world, folder, i, c);
            else await crashReading(world, folder, point, i, c);
          } catch (err) {
            c.problems.push(`${point} #${i}: ${(err as Error).stack ?? String(err)}`);
          }
        }
      }
    }),
  );
  return FAULT_POINTS.map((p) => counts.get(p)!);
}

function died(
  outcome: { signal: NodeJS.Signals | null; reached: string | null; lines: unknown[] },
  point: string,
): string | null {
  if (outcome.reached !== point)
    return `the point was not reached: ${JSON.stringify(outcome.lines).slice(0, 800)}`;
  if (outcome.signal !== 'SIGKILL') return `the child did not die there (${String(outcome.signal)})`;
  return null;
}

type Folder = { userData: string; workspaceId: string };

async function crashUploading(
  world: FaultWorld,
  { userData, workspaceId }: Folder,
  point: FaultPoint,
  i: number,
  c: ScenarioCount,
): Promise<void> {
  const name = `Foto ${point.replace(':', ' ')} ${i}.jpg`;
  const file = await siteFile(world, name);
  const outcome = await runChild(world, {
    userData,
    action: { kind: 'upload', projectId: world.projectId, files: [file.path] },
    fault: { point, effect: 'crash' },
  });
  const why = died(outcome, point);
  if (why) c.problems.push(`${point} #${i}: ${why}`);
  const atDeath = await uploadAtDeath(world, userData, workspaceId, name);
  const expected = AT_DEATH[point];
  if (!expected) c.problems.push(`${point} #${i}: no expectation for this point`);
  else if (JSON.stringify(atDeath) !== JSON.stringify(expected))
    c.problems.push(
      `${point} #${i}: at death ${JSON.stringify(atDeath)}, expected ${JSON.stringify(expected)}`,
    );

  // PlanDesk starts again over the same folder.
  const services = startServices(world, userData);
  try {
    await services.outbox.start();
    const drained = await until(() => services.outbox.count(workspaceId).entries === 0);
    if (!drained)
      c.problems.push(`${point} #${i}: still waiting ${JSON.stringify(services.outbox.list(workspaceId))}`);
  } finally {
    await services.close();
  }
  await judgeUpload(
    world,
    c,
    world.projectId,
    { name, sha: file.sha },
    NEVER_ACCEPTED.includes(point) ? 0 : 1,
  );
  const left = await filesUnder(path.join(userData, 'outbox', workspaceId));
  if (left.length > 0) c.problems.push(`${point} #${i}: copies left ${left.join(', ')}`);
}

/** The outbox as the dead process left it: the entry's record, its copy, and the service's files. */
async function uploadAtDeath(
  world: FaultWorld,
  userData: string,
  workspaceId: string,
  name: string,
): Promise<{ record: string | null; copy: 'part' | 'complete' | null; registered: number }> {
  const db = new Database(path.join(userData, 'outbox', 'outbox.sqlite'), { readonly: true });
  let record: string | null;
  try {
    record =
      (db
        .prepare('SELECT state FROM entries WHERE workspace_id = ? AND file_name = ?')
        .pluck()
        .get(workspaceId, name) as string | undefined) ?? null;
  } finally {
    db.close();
  }
  const copies = (await filesUnder(path.join(userData, 'outbox', workspaceId))).filter((f) =>
    f.endsWith(name),
  );
  const copy = copies.some((f) => /\.part[\\/]/.test(f)) ? 'part' : copies.length > 0 ? 'complete' : null;
  return { record, copy, registered: (await registered(world, world.projectId, name)).length };
}

/** The versions kept of an estimate, read from the cache file as it is on disk. */
function versionIds(file: string, estimateId: string): number[] {
  const db = new Database(file, { readonly: true, fileMustExist: true });
  try {
    return db
      .prepare('SELECT id FROM estimate_versions WHERE estimate_id = ? ORDER BY id')
      .pluck()
      .all(estimateId) as number[];
  } catch {
    return [];
  } finally {
    db.close();
  }
}

/** Reading an estimate writes the cache and keeps a version: killed inside either transaction. */
async function crashReading(
  world: FaultWorld,
  { userData, workspaceId }: Folder,
  point: FaultPoint,
  i: number,
  c: ScenarioCount,
): Promise<void> {
  const { projectId, estimateId } = world.estimate;
  // A change in the service first, so the read keeps a new version (not the one kept already).
  await editEstimate(world.sim.adminUrl, projectId, estimateId, { header: { name: `Fault ${point} ${i}` } });
  const file = path.join(userData, 'cache', `${workspaceId}.sqlite`);
  const before = existsSync(file) ? versionIds(file, estimateId) : [];
  const outcome = await runChild(world, {
    userData,
    action: { kind: 'read-estimate', projectId, estimateId },
    fault: { point, effect: 'crash' },
  });
  const why = died(outcome, point);
  if (why) c.problems.push(`${point} #${i}: ${why}`);

  if (!integrityOk(file)) c.corrupt++;
  // Killed inside the transaction: nothing of it was kept, nothing kept before is gone.
  const atDeath = versionIds(file, estimateId);
  if (JSON.stringify(atDeath) !== JSON.stringify(before))
    c.problems.push(
      `${point} #${i}: versions ${JSON.stringify(before)} before, ${JSON.stringify(atDeath)} at death`,
    );
  const services = startServices(world, userData);
  try {
    const cache = services.caches.for(workspaceId);
    if (cache.recovered) c.problems.push(`${point} #${i}: the cache had to be moved aside`);
    await services.estimates.get(projectId, estimateId);
    const timeline = await services.versions.timeline(projectId, estimateId);
    // Every version kept before is still there, and the change read again is kept now.
    const ids = timeline.versions.map((v) => v.id);
    c.lost += before.filter((id) => !ids.includes(id)).length;
    if (ids.length !== before.length + 1)
      c.problems.push(`${point} #${i}: ${ids.length} versions after the restart, ${before.length} before`);
    // Every version kept reads back: compared with the current one, none is damaged.
    const current = timeline.versions.find((v) => v.current)!;
    for (const v of timeline.versions) {
      if (v.damaged) c.corrupt++;
      if (v.id === current.id) continue;
      await services.versions
        .compare(projectId, { estimateId, versionId: v.id }, { estimateId, versionId: current.id }, false)
        .catch(() => c.corrupt++);
    }
  } finally {
    await services.close();
  }
}

/** Exporting a PDF: killed with the document written to its temporary file, not yet renamed. */
async function crashExporting(
  world: FaultWorld,
  { userData }: Folder,
  i: number,
  c: ScenarioCount,
): Promise<void> {
  const outDir = path.join(userData, `exports-${i}`);
  await fs.mkdir(outDir, { recursive: true });
  const { projectId, estimateId } = world.estimate;
  const outcome = await runChild(world, {
    userData,
    action: { kind: 'export', projectId, estimateId, outDir },
    fault: { point: 'export:write', effect: 'crash' },
  });
  const why = died(outcome, 'export:write');
  if (why) c.problems.push(`export:write #${i}: ${why}`);
  // Died with the document in its temporary file beside the destination, not yet in place.
  const atDeath = await fs.readdir(outDir);
  if (atDeath.length !== 1 || !/^\..+\.part$/.test(atDeath[0]!))
    c.problems.push(`export:write #${i}: at death the folder held ${JSON.stringify(atDeath)}`);
  // The destination never holds a partial document; the start after the crash removes the
  // temporary file the crash left beside it.
  const services = startServices(world, userData, { outDir });
  try {
    const left = await fs.readdir(outDir);
    if (left.length > 0) c.problems.push(`export:write #${i}: left after restart: ${left.join(', ')}`);
    const exported = await createDispatcher(services, () => undefined)('estimates:export', [
      { projectId, estimateId, format: 'pdf', presetId: 'internal', language: 'en-US' },
    ]);
    const r = exported.ok ? exported.data : { path: null };
    const head = r.path ? (await fs.readFile(r.path)).subarray(0, 5).toString('latin1') : '';
    if (head !== '%PDF-') c.corrupt++;
    const after = await fs.readdir(outDir);
    if (after.length !== 1) {
      const why = exported.ok ? 'written' : `${exported.error.kind}: ${exported.error.message}`;
      c.problems.push(`export:write #${i}: after a new export (${why}): ${after.join(', ')}`);
    }
  } finally {
    await services.close();
  }
}

export function integrityOk(file: string): boolean {
  const db = new Database(file, { readonly: true, fileMustExist: true });
  try {
    return db.pragma('integrity_check', { simple: true }) === 'ok';
  } catch {
    return false;
  } finally {
    db.close();
  }
}
