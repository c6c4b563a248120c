/**
 * Two processes on one data folder, and a full disk.
 */
import { randomUUID } from 'node:crypto';
import { promises as fs } from 'node:fs';
import path from 'node:path';
import { setFaultHook, type FaultPoint } from '../../src-main/faults/fault-points';
import { editEstimate } from '../helpers/estimate-edits';
import { runOnSmallDisk } from '../helpers/small-disk';
import { diskFullOperations, timedExport, type DiskFullOutcome } from './disk-full-ops';
import { queueOffline } from './damage-scenarios';
import {
  count,
  diskFullScript,
  filesUnder,
  freshUserData,
  judgeUpload,
  runChild,
  siteFile,
  startServices,
  type FaultWorld,
  type ScenarioCount,
} from './harness';

/**
 * Two PlanDesk processes start on one data folder with uploads waiting and both drain: every file
 * arrives once. Both are started, and only when both are ready do they start at the same moment
 * (a file they wait for), so every trial is a real contest. In every other trial the one that sends
 * dies halfway through an upload, and the other takes over (its holder is gone) and finishes.
 *
 * Each trial proves its fault happened: both drains ran at once (each began before the other ended),
 * and where one died, it died at its point while sending, and the other registered what was left.
 */
export async function twoProcesses(world: FaultWorld, trials: number): Promise<ScenarioCount> {
  const c = count('two processes draining together');
  const { userData, workspaceId } = await freshUserData(world, 'two-processes');
  let takenOver = 0;
  let contests = 0;
  for (let i = 0; i < trials; i++) {
    c.trials++;
    try {
      const services = startServices(world, userData);
      let files: { name: string; path: string; sha: string }[];
      try {
        files = await queueOffline(world, services, [
          `Zwei ${i} a.jpg`,
          `Zwei ${i} b.pdf`,
          `Zwei ${i} c.png`,
        ]);
      } finally {
        await services.close();
      }
      const crash = i % 2 === 1;
      const once = path.join(world.dir, `once-${randomUUID()}`);
      const goFile = path.join(world.dir, `go-${randomUUID()}`);
      const fault = crash
        ? { fault: { point: 'outbox:during-upload' as const, effect: 'crash' as const, once } }
        : {};
      let ready = 0;
      const outcomes = await Promise.all(
        [0, 1].map(() =>
          runChild(
            world,
            { userData, action: { kind: 'drain', deadlineMs: 30_000, goFile }, ...fault },
            (l) => {
              if (l.ready === true && ++ready === 2) void fs.writeFile(goFile, 'go');
            },
          ),
        ),
      );
      const died = outcomes.filter((o) => o.signal === 'SIGKILL');
      if (died.length !== (crash ? 1 : 0)) c.problems.push(`#${i}: ${died.length} processes died`);
      const results = outcomes.map((o) => o.lines.find((l) => l.result)?.result as DrainResult | undefined);
      for (const [k, o] of outcomes.entries()) {
        if (o.signal === null && results[k]?.waiting !== 0)
          c.problems.push(`#${i}: ${JSON.stringify(o.lines).slice(0, 600)}`);
      }
      const finished = results.filter((r): r is DrainResult => r !== undefined);
      if (crash) {
        // The one that died was sending (its point is inside an upload); the other took over.
        if (died.length === 1 && died[0]!.reached !== 'outbox:during-upload')
          c.problems.push(`#${i}: died elsewhere than its point (${String(died[0]!.reached)})`);
        if (died.length === 1 && finished.length === 1 && finished[0]!.sent >= 1) takenOver++;
        else c.problems.push(`#${i}: the survivor did not take over (${JSON.stringify(finished)})`);
      } else if (finished.length === 2) {
        const [a, b] = finished as [DrainResult, DrainResult];
        if (a.startedAt < b.endedAt && b.startedAt < a.endedAt) contests++;
        else c.problems.push(`#${i}: the two drains did not run at the same time`);
        if (a.sent + b.sent !== files.length)
          c.problems.push(`#${i}: ${a.sent} + ${b.sent} registered of ${files.length}`);
      }
      for (const f of files) await judgeUpload(world, c, world.projectId, f, 1);
      const left = await filesUnder(path.join(userData, 'outbox', workspaceId));
      if (left.length > 0) c.problems.push(`#${i}: copies left ${left.join(', ')}`);
    } catch (err) {
      c.problems.push(`#${i}: ${(err as Error).stack ?? String(err)}`);
    }
  }
  c.figures = {
    'both drains running at once (of the trials without a crash)': String(contests),
    'taken over after the holder died': String(takenOver),
  };
  return c;
}

interface DrainResult {
  waiting: number;
  /** Files this process registered. */
  sent: number;
  startedAt: number;
  endedAt: number;
}

/** Most this long from a write to the words "the disk is full" (issue 29). */
const SAID_WITHIN_MS = 1000;

/**
 * A full disk under the cache, an estimate version, an outbox copy and an export: each says the
 * disk is full and where, within a second, and nothing half-written is left. On a small tmpfs where
 * the machine allows it (a mount namespace), else with ENOSPC injected at the same writes.
 */
export async function diskFull(world: FaultWorld): Promise<ScenarioCount> {
  const c = count('disk full');
  c.trials++;
  let ops: Record<string, DiskFullOutcome> | null = null;
  let leftovers: string[] = [];
  let how = 'a full 6 MiB tmpfs';
  // PLANDESK_FAULTS_DISK=injected tries the injected variant where a tmpfs would work too.
  const injectOnly = process.env.PLANDESK_FAULTS_DISK === 'injected';
  const script = diskFullScript(world);
  const run = injectOnly
    ? { code: null, stdout: '', stderr: 'unshare: skipped (PLANDESK_FAULTS_DISK=injected)' }
    : await runOnSmallDisk(script, [world.workers], 6 * 1024 * 1024).catch((err: unknown) => ({
        code: null,
        stdout: '',
        stderr: String(err),
      }));
  const last = run.stdout.trim().split('\n').pop() ?? '';
  if (run.code === 0 && last.startsWith('{')) {
    ({ ops, leftovers } = JSON.parse(last) as { ops: Record<string, DiskFullOutcome>; leftovers: string[] });
  } else if (
    /unshare|mount|permission|Operation not permitted/i.test(run.stderr) &&
    !last.includes('"error"')
  ) {
    how = `ENOSPC injected (no tmpfs: ${run.stderr.trim().split('\n')[0]})`;
    ({ ops, leftovers } = await injectedDiskFull(world));
  } else {
    c.problems.push(`the small-disk run failed: ${last.slice(0, 1500)} ${run.stderr.slice(-1500)}`);
  }
  c.figures = { how };
  for (const [op, o] of Object.entries(ops ?? {})) {
    // An export renders its document before it writes: the target counts from when, with room, the
    // write would have been done.
    const late = o.ms - (o.withRoomMs ?? 0);
    const room = o.withRoomMs === undefined ? '' : `; ${o.withRoomMs} ms with room`;
    c.figures[op] =
      `${o.said} at ${o.where ?? '?'} in ${o.ms} ms${room} (target: said ≤ ${SAID_WITHIN_MS} ms after the write)`;
    if (o.said !== 'disk-full' || !o.where) c.problems.push(`${op}: said ${o.said} (${o.where ?? ''})`);
    if (late > SAID_WITHIN_MS) c.problems.push(`${op}: said ${late} ms late`);
  }
  if (leftovers.length > 0) {
    c.corrupt += leftovers.length;
    c.problems.push(`half-written files left: ${leftovers.join(', ')}`);
  }
  return c;
}

/** The same writes, each failing with the full disk's own error at its fault point. */
async function injectedDiskFull(
  world: FaultWorld,
): Promise<{ ops: Record<string, DiskFullOutcome>; leftovers: string[] }> {
  const { userData } = await freshUserData(world, 'disk-full');
  const outDir = path.join(userData, 'saved');
  await fs.mkdir(outDir, { recursive: true });
  const { projectId, estimateId } = world.estimate;
  const services = startServices(world, userData, { outDir });
  try {
    await services.takeNotices();
    await services.estimates.get(projectId, estimateId);
    await services.versions.timeline(projectId, estimateId);
    const exportWithRoomMs = await timedExport(services, projectId, estimateId);
    const fresh =
      (await services.estimates.list(projectId)).rows.find((r) => r.id !== estimateId)?.id ?? estimateId;
    const original = (await siteFile(world, 'Foto voll.jpg')).path;
    const sqlite = new Set<FaultPoint>(['cache:write', 'versions:record']);
    setFaultHook((point) => {
      if (!['outbox:copy-in', 'cache:write', 'versions:record', 'export:write'].includes(point)) return;
      throw Object.assign(new Error(sqlite.has(point) ? 'database or disk is full' : 'ENOSPC'), {
        code: sqlite.has(point) ? 'SQLITE_FULL' : 'ENOSPC',
      });
    });
    const ops = await diskFullOperations(services, {
      projectId,
      readEstimateId: estimateId,
      freshEstimateId: fresh,
      original,
      suspend: () => world.sim.suspend(),
      resume: () => world.sim.resume(),
      change: () =>
        editEstimate(world.sim.adminUrl, projectId, estimateId, {
          header: { name: 'Injected full disk' },
        }).then(() => undefined),
      noticesAnnounced: () => Date.now(),
      exportWithRoomMs,
    });
    const leftovers = (await filesUnder(userData)).filter((f) => /\.(part|tmp)$/.test(f));
    return { ops, leftovers };
  } finally {
    setFaultHook(null);
    await services.close();
  }
}
