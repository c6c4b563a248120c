/**
 * Damage on the disk: an outbox copy whose bytes changed, a database (the outbox's own, a
 * workspace's cache, a cache holding an older PlanDesk's upload records) overwritten, cut short or
 * with pages scribbled over, and a stored estimate version whose body changed.
 */
import { randomUUID } from 'node:crypto';
import { promises as fs } from 'node:fs';
import path from 'node:path';
import Database from 'better-sqlite3';
import type { RunningServices } from '../../src-main/app/services';
import { dropFile } from '../helpers/app-services';
import type { AppNotice } from '../../src-shared/app/types';
import { editEstimate } from '../helpers/estimate-edits';
import { flipVersionByte } from '../helpers/damage-version';
import { testDialogs } from '../helpers/test-dialogs';
import {
  count,
  filesUnder,
  freshUserData,
  judgeUpload,
  registered,
  sha256,
  siteFile,
  startServices,
  until,
  type FaultWorld,
  type ScenarioCount,
} from './harness';

/** Flips one byte in the middle of a file; its size stays. */
async function flipByte(file: string): Promise<void> {
  const handle = await fs.open(file, 'r+');
  try {
    const { size } = await handle.stat();
    const at = Math.floor(size / 2);
    const b = Buffer.alloc(1);
    await handle.read(b, 0, 1, at);
    b[0] = b[0]! ^ 0xff;
    await handle.write(b, 0, 1, at);
  } finally {
    await handle.close();
  }
}

/** Files added while offline: copied into the outbox, waiting. */
export async function queueOffline(
  world: FaultWorld,
  services: RunningServices,
  names: string[],
): Promise<{ name: string; path: string; sha: string }[]> {
  const files = [];
  for (const name of names) files.push({ name, ...(await siteFile(world, name, 300 * 1024)) });
  for (const f of files) await dropFile(services, f.path, world.projectId);
  await world.sim.suspend();
  try {
    const r = await services.files.upload(
      world.projectId,
      files.map((f) => f.path),
    );
    if (r.queued.length !== files.length) throw new Error(`not queued: ${JSON.stringify(r)}`);
  } finally {
    await world.sim.resume();
  }
  return files;
}

/**
 * A copy damaged while it waited: held as "copy damaged", never registered; the user chooses the
 * original again and it is sent once, byte for byte.
 */
export async function damagedCopy(world: FaultWorld, trials: number): Promise<ScenarioCount> {
  const c = count('damaged copy');
  const { userData, workspaceId } = await freshUserData(world, 'damaged-copy');
  for (let i = 0; i < trials; i++) {
    c.trials++;
    try {
      const dialogs = testDialogs(userData);
      // Queued while the service is away, so it waits (and is damaged) before anything is sent.
      const first = startServices(world, userData, { dialogs: dialogs.dialogs });
      let file: { name: string; path: string; sha: string };
      let entryId: number;
      try {
        [file] = (await queueOffline(world, first, [`Beschädigt ${i}.jpg`])) as [typeof file];
        entryId = first.outbox.list(workspaceId)[0]!.id;
      } finally {
        await first.close();
      }
      const copy = (await filesUnder(path.join(userData, 'outbox', workspaceId))).find((f) =>
        f.endsWith(file.name),
      );
      await flipByte(copy!);
      const again = startServices(world, userData, { dialogs: dialogs.dialogs });
      try {
        await again.outbox.start();
        const held = await until(() => again.outbox.list(workspaceId)[0]?.problem === 'copy-damaged');
        if (!held)
          c.problems.push(`#${i}: not held as damaged: ${JSON.stringify(again.outbox.list(workspaceId))}`);
        // Nothing of the damaged copy reached the project.
        if ((await registered(world, world.projectId, file.name)).length > 0) c.corrupt++;
        // The user chooses the original again: sent once, its own bytes.
        dialogs.answers.open = [file.path];
        await again.files.chooseFileAgain(entryId);
        await until(() => again.outbox.count(workspaceId).entries === 0);
      } finally {
        await again.close();
      }
      await judgeUpload(world, c, world.projectId, file, 1);
    } catch (err) {
      c.problems.push(`#${i}: ${(err as Error).stack ?? String(err)}`);
    }
  }
  return c;
}

export type Damage = 'garbage' | 'truncated' | 'pages';
export const DAMAGES: readonly Damage[] = ['garbage', 'truncated', 'pages'];
export type Damaged = 'outbox records' | 'cache' | 'cache with older records';
export const DAMAGED: readonly Damaged[] = ['outbox records', 'cache', 'cache with older records'];

/** Damages an SQLite file (and drops its -wal/-shm, as a copy without them would be). */
export async function damage(file: string, how: Damage): Promise<void> {
  await fs.rm(`${file}-wal`, { force: true });
  await fs.rm(`${file}-shm`, { force: true });
  const bytes = await fs.readFile(file);
  if (how === 'garbage')
    await fs.writeFile(file, Buffer.from('not a database '.repeat(bytes.length / 15 + 1)));
  else if (how === 'truncated') await fs.writeFile(file, bytes.subarray(0, Math.max(1024, bytes.length / 2)));
  else {
    // Every page after the first two scribbled over in its middle: the header still says SQLite.
    const page = 4096;
    for (let p = 2 * page; p + page <= bytes.length; p += page) bytes.fill(0xa5, p + 100, p + page - 100);
    await fs.writeFile(file, bytes);
  }
}

/**
 * Uploads waiting when a database is damaged: every waiting file is still sent once, byte for byte,
 * and the user is told which wait and which need their file again; a copy whose record cannot be
 * read back at all is kept where it is, and named.
 */
export async function damagedDatabases(world: FaultWorld): Promise<ScenarioCount[]> {
  const counts: ScenarioCount[] = [];
  for (const target of DAMAGED) {
    const c = count(`damaged ${target} with waiting uploads`);
    for (const how of DAMAGES) {
      c.trials++;
      try {
        await damagedWithWaiting(world, target, how, c);
      } catch (err) {
        c.problems.push(`${how}: ${(err as Error).stack ?? String(err)}`);
      }
    }
    counts.push(c);
  }
  return counts;
}

async function damagedWithWaiting(
  world: FaultWorld,
  target: Damaged,
  how: Damage,
  c: ScenarioCount,
): Promise<void> {
  const { userData, workspaceId } = await freshUserData(world, `damaged-db-${how}`);
  const names = [`Baustelle ${target} ${how} 1.jpg`, `Baustelle ${target} ${how} 2.pdf`];
  let files: { name: string; path: string; sha: string }[];
  const services = startServices(world, userData);
  try {
    if (target === 'cache with older records') {
      services.caches.for(workspaceId);
      files = await olderRecords(world, userData, workspaceId, names);
    } else {
      files = await queueOffline(world, services, names);
    }
  } finally {
    await services.close();
  }
  const file =
    target === 'outbox records'
      ? path.join(userData, 'outbox', 'outbox.sqlite')
      : path.join(userData, 'cache', `${workspaceId}.sqlite`);
  await damage(file, how);

  const again = startServices(world, userData);
  let notices: AppNotice[] = [];
  try {
    await again.outbox.start();
    await until(async () => {
      notices = [...notices, ...(await again.takeNotices())];
      return notices.some((n) => n.code === 'outbox-recovered');
    }, 5000);
    if (!(await until(() => again.outbox.count(workspaceId).entries === 0)))
      c.problems.push(`${how}: still waiting ${JSON.stringify(again.outbox.list(workspaceId))}`);
  } finally {
    await again.close();
  }
  // The damage was found: the file was moved aside (never deleted), not read as if it were fine.
  const aside = (await fs.readdir(path.dirname(file))).filter((n) =>
    n.startsWith(`${path.basename(file)}.unreadable-`),
  );
  if (aside.length === 0) c.problems.push(`${how}: the damaged ${target} was not found damaged`);
  const told = notices.find((n) => n.code === 'outbox-recovered');
  if (!told) c.problems.push(`${how}: the user was not told what waits`);
  const kept = told?.kept ?? [];
  for (const f of files) {
    // Told as waiting (then sent once), or, its record unreadable, kept where it was and named.
    if (told?.waiting?.includes(f.name)) {
      await judgeUpload(world, c, world.projectId, f, 1);
    } else if (kept.length > 0) {
      // Its own copy, in one of the folders named (each holds one file).
      const copies = await Promise.all(kept.map((k) => fs.readFile(path.join(k, f.name)).catch(() => null)));
      const bytes = copies.find((b) => b !== null);
      if (!bytes) c.lost++;
      else if (sha256(bytes) !== f.sha) c.corrupt++;
      await judgeUpload(world, c, world.projectId, f, 0);
    } else {
      c.problems.push(`${how}: ${f.name} not named in ${JSON.stringify(told)}`);
      await judgeUpload(world, c, world.projectId, f, 1);
    }
  }
}

/**
 * What an older PlanDesk left: copies in the outbox without a manifest, their records in the
 * workspace's cache database (its `outbox` table).
 */
async function olderRecords(
  world: FaultWorld,
  userData: string,
  workspaceId: string,
  names: string[],
): Promise<{ name: string; path: string; sha: string }[]> {
  const files = [];
  const db = new Database(path.join(userData, 'cache', `${workspaceId}.sqlite`));
  try {
    for (const name of names) {
      const f = await siteFile(world, name, 200 * 1024);
      const folder = randomUUID();
      const dir = path.join(userData, 'outbox', workspaceId, folder);
      await fs.mkdir(dir, { recursive: true });
      await fs.copyFile(f.path, path.join(dir, name));
      db.prepare(
        `INSERT INTO outbox (project_id, project_name, file_name, size, folder, added_at, state)
         VALUES (?, 'Demo', ?, ?, ?, ?, 'waiting')`,
      ).run(world.projectId, name, (await fs.stat(f.path)).size, folder, Date.now());
      files.push({ name, ...f });
    }
    // What a crash leaves: written to the main file, not only to its -wal.
    db.pragma('wal_checkpoint(TRUNCATE)');
  } finally {
    db.close();
  }
  return files;
}

/**
 * A stored version whose body changed on disk: found by its checksum when read, marked damaged (and
 * the version stored as changes from it), named by the comparison; the others still compare; a
 * damaged newest whole copy is repaired by the next fetch of its content; the next version is kept
 * whole.
 */
export async function damagedVersion(world: FaultWorld): Promise<ScenarioCount> {
  const c = count('damaged version');
  c.trials++;
  const { userData, workspaceId } = await freshUserData(world, 'damaged-version');
  const { projectId, estimateId } = world.estimate;
  const services = startServices(world, userData);
  const pick = (versionId: number) => ({ estimateId, versionId });
  try {
    for (let k = 1; k <= 4; k++) {
      await editEstimate(world.sim.adminUrl, projectId, estimateId, { header: { name: `Damage test ${k}` } });
      await services.estimates.get(projectId, estimateId);
    }
    let timeline = await services.versions.timeline(projectId, estimateId);
    const bySeq = [...timeline.versions].sort((a, b) => a.seq - b.seq);
    const [v1, v2, v3, v4] = bySeq.slice(-4);
    // Version 1 is stored as the changes from 2, 2 from 3, 3 from 4 (whole).
    flipVersionByte(userData, workspaceId, v2!.id);
    // The damaged one is named, never shown as a version.
    const broken = await services.versions.compare(projectId, pick(v2!.id), pick(v4!.id), false).then(
      () => null,
      (err: unknown) => err as { kind?: string; message?: string },
    );
    if (!broken) c.corrupt++;
    else if (broken.kind !== 'damaged' || !broken.message?.includes(`Version ${v2!.seq}`)) {
      c.problems.push(`the comparison did not name the damaged version: ${JSON.stringify(broken)}`);
    }
    timeline = await services.versions.timeline(projectId, estimateId);
    const marked = (id: number) => timeline.versions.find((v) => v.id === id)?.damaged === true;
    if (!marked(v2!.id)) c.problems.push('the timeline does not mark it');
    if (!marked(v1!.id)) c.problems.push('the timeline does not mark the version stored as changes from it');
    if (marked(v3!.id) || marked(v4!.id)) c.problems.push('the timeline marks an intact version');
    // The others still compare.
    await services.versions
      .compare(projectId, pick(v3!.id), pick(v4!.id), false)
      .catch((err: unknown) => c.problems.push(`an intact version no longer reads: ${String(err)}`));
    // The newest (the whole copy the others are stored from) damaged too: the next fetch of the
    // same content repairs it, and version 3 reads again.
    flipVersionByte(userData, workspaceId, v4!.id);
    await services.estimates.get(projectId, estimateId);
    timeline = await services.versions.timeline(projectId, estimateId);
    if (timeline.versions.some((v) => (v.id === v4!.id || v.id === v3!.id) && v.damaged))
      c.problems.push('the newest version, damaged, was not repaired by the fetch of its content');
    await services.versions
      .compare(projectId, pick(v3!.id), pick(v4!.id), false)
      .catch((err: unknown) => c.problems.push(`a repaired version does not read: ${String(err)}`));
    // The next fetch is kept whole and reads, and so does the one before it.
    await editEstimate(world.sim.adminUrl, projectId, estimateId, { header: { name: 'Damage test 5' } });
    await services.estimates.get(projectId, estimateId);
    timeline = await services.versions.timeline(projectId, estimateId);
    const v5 = timeline.versions.find((v) => v.current)!;
    if (v5.storage !== 'full') c.problems.push('the newest version is not kept whole');
    await services.versions
      .compare(projectId, pick(v3!.id), pick(v5.id), false)
      .catch((err: unknown) => c.problems.push(`the new version does not read: ${String(err)}`));
  } catch (err) {
    c.problems.push((err as Error).stack ?? String(err));
  } finally {
    await services.close();
  }
  return c;
}
