/**
 * The fault suite's world: the simulator (in this process), the child program bundled once
 * (fault-child.ts, with the worker scripts beside it), a user-data folder per trial with a workspace
 * in the real keychain, and what the service ends up holding, read with a client of its own.
 */
import { spawn, spawnSync } from 'node:child_process';
import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { promises as fs } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { ApiClient } from '../../src-main/api/client';
import type { ProjectFile } from '../../src-main/api/schemas';
import { uploadFile } from '../../src-main/files/files-service';
import { createServices, type RunningServices } from '../../src-main/app/services';
import type { Dialogs } from '../../src-main/dialogs';
import { KeytarSecretStore } from '../../src-main/secrets/secret-store';
import { startSimulator, type Simulator } from '../../simulator';
import { captureLog } from '../helpers/log-capture';
import { testDialogs } from '../helpers/test-dialogs';
import type { ChildConfig } from './fault-child';
import { filesUnder } from '../helpers/files-under';

export { filesUnder };

const ROOT = path.resolve(__dirname, '..', '..');
const BUILT = path.join(ROOT, 'out', 'faults');

export interface FaultWorld {
  sim: Simulator;
  /** A temporary folder for everything of this run. */
  dir: string;
  keychain: KeytarSecretStore;
  child: string;
  workers: string;
  projectId: string;
  /** A project with an estimate, and that estimate. */
  estimate: { projectId: string; estimateId: string };
  /** Workspace ids made (their keys are removed at the end). */
  workspaceIds: string[];
}

/** The child program and the worker scripts, bundled from the current sources (a second or two). */
export async function buildChild(): Promise<{ child: string; workers: string }> {
  const script = `
    import { build } from 'esbuild';
    for (const name of ['fault-child', 'disk-full.script']) {
      await build({
        bundle: true, platform: 'node', target: 'node20', format: 'cjs', logLevel: 'warning',
        external: ['piscina', 'better-sqlite3', 'keytar'],
        entryPoints: ['tests/faults/' + name + '.ts'], outfile: ${JSON.stringify(BUILT)} + '/' + name + '.cjs',
      });
    }`;
  const built = spawnSync(process.execPath, ['--input-type=module', '-e', script], {
    cwd: ROOT,
    stdio: 'inherit',
  });
  if (built.status !== 0) throw new Error('the fault child could not be built');
  const workers = spawnSync(process.execPath, ['scripts/build-cli.mjs', BUILT, '--workers-only'], {
    cwd: ROOT,
    stdio: 'inherit',
  });
  if (workers.status !== 0) throw new Error('the worker scripts could not be built');
  return { child: path.join(BUILT, 'fault-child.cjs'), workers: BUILT };
}

/** The small-disk script, bundled beside the child (disk-full.script.ts). */
export function diskFullScript(world: FaultWorld): string {
  return path.join(world.workers, 'disk-full.script.cjs');
}

export async function openWorld(): Promise<FaultWorld> {
  const { child, workers } = await buildChild();
  const sim = await startSimulator({ dataset: 'demo' });
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'plandesk-faults-'));
  const keychain = new KeytarSecretStore(`PlanDesk-faults-${randomUUID()}`);
  const client = serviceClient(sim);
  const projects = (await client.listProjects({ page: 1, pageSize: 50 })).items;
  let estimate: FaultWorld['estimate'] | null = null;
  for (const p of projects) {
    const list = (await client.listEstimates(p.id)).items;
    if (list.length > 0) {
      estimate = { projectId: p.id, estimateId: list[0]!.id };
      break;
    }
  }
  if (!estimate) throw new Error('the demo data has no estimate');
  return { sim, dir, keychain, child, workers, projectId: projects[0]!.id, estimate, workspaceIds: [] };
}

export async function closeWorld(world: FaultWorld): Promise<void> {
  for (const id of world.workspaceIds) await world.keychain.delete(id).catch(() => undefined);
  await world.sim.close();
  await fs.rm(world.dir, { recursive: true, force: true });
}

/** The service's own view, with a client of its own (no cache). */
export function serviceClient(sim: Simulator): ApiClient {
  const w = sim.workspaces[0]!;
  return new ApiClient({ baseUrl: sim.baseUrl, customer: w.customer, key: w.key });
}

/** PlanDesk's services over a user-data folder, as the app starts them (a restart, after a crash). */
export function startServices(
  world: FaultWorld,
  userData: string,
  options: { outDir?: string; dialogs?: Dialogs } = {},
): RunningServices {
  return createServices({
    version: 'fault-suite',
    platform: process.platform,
    userDataDir: userData,
    secrets: world.keychain,
    logger: captureLog().logger,
    emit: () => undefined,
    dialogs: options.dialogs ?? testDialogs(options.outDir ?? path.join(userData, 'out')).dialogs,
    clientOptions: { retry: { baseDelayMs: 5, maxDelayMs: 20 } },
    outbox: { offlineRetryMs: 100, busyRetryMs: 100, lock: { renewMs: 100, retryMs: 100 } },
    workerScripts: world.workers,
  });
}

/** A new user-data folder with the simulator's workspace added (and its key in the keychain). */
export async function freshUserData(
  world: FaultWorld,
  name: string,
): Promise<{ userData: string; workspaceId: string }> {
  const userData = path.join(world.dir, `${name}-${randomUUID().slice(0, 8)}`);
  const services = startServices(world, userData);
  try {
    const w = world.sim.workspaces[0]!;
    const meta = await services.workspaces.add({
      customer: w.customer,
      key: w.key,
      baseUrl: world.sim.baseUrl,
      language: 'en-US',
    });
    world.workspaceIds.push(meta.id);
    return { userData, workspaceId: meta.id };
  } finally {
    await services.close();
  }
}

/** A file of random bytes, as a photo taken on site; its SHA-256. */
export async function siteFile(
  world: FaultWorld,
  name: string,
  bytes = 600 * 1024,
): Promise<{ path: string; sha: string }> {
  const dir = path.join(world.dir, 'site');
  await fs.mkdir(dir, { recursive: true });
  const file = path.join(dir, name);
  const content = randomBytes(bytes);
  await fs.writeFile(file, content);
  return { path: file, sha: sha256(content) };
}

export function sha256(bytes: Buffer): string {
  return createHash('sha256').update(bytes).digest('hex');
}

export interface ChildOutcome {
  lines: Record<string, unknown>[];
  code: number | null;
  signal: NodeJS.Signals | null;
  reached: string | null;
}

/** Runs the child program to its end (or its death); `onLine` sees each line as it comes. */
export function runChild(
  world: FaultWorld,
  config: Omit<ChildConfig, 'keychain' | 'workerScripts'>,
  onLine?: (line: Record<string, unknown>) => void,
): Promise<ChildOutcome> {
  const full: ChildConfig = { ...config, keychain: world.keychain.service, workerScripts: world.workers };
  const child = spawn(process.execPath, [world.child, JSON.stringify(full)], {
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const lines: Record<string, unknown>[] = [];
  let stderr = '';
  child.stderr!.on('data', (d: Buffer) => (stderr += String(d)));
  createInterface({ input: child.stdout! }).on('line', (line) => {
    let parsed: Record<string, unknown>;
    try {
      parsed = JSON.parse(line) as Record<string, unknown>;
    } catch {
      parsed = { text: line };
    }
    lines.push(parsed);
    onLine?.(parsed);
  });
  const timer = setTimeout(() => child.kill('SIGKILL'), 90_000);
  return new Promise((resolve) =>
    child.on('close', (code, signal) => {
      clearTimeout(timer);
      if (stderr.trim() && code !== 0 && signal === null) lines.push({ stderr: stderr.slice(-2000) });
      const reached = lines.find((l) => typeof l.reached === 'string')?.reached as string | undefined;
      resolve({ lines, code, signal, reached: reached ?? null });
    }),
  );
}

/** The files of the project with that name, as the service holds them. */
export async function registered(world: FaultWorld, projectId: string, name: string): Promise<ProjectFile[]> {
  return (await serviceClient(world.sim).listAllProjectFiles(projectId)).filter((f) => f.name === name);
}

/** The bytes the service holds for a file. */
export async function bytesOf(file: ProjectFile): Promise<Buffer> {
  const res = await fetch(file.url!);
  return Buffer.from(await res.arrayBuffer());
}

/** Waits until `check` is true, or `ms` passed; whether it became true. */
export async function until(check: () => boolean | Promise<boolean>, ms = 20_000): Promise<boolean> {
  const deadline = Date.now() + ms;
  for (;;) {
    if (await check()) return true;
    if (Date.now() > deadline) return false;
    await new Promise((r) => setTimeout(r, 25));
  }
}

/** What one scenario counted: trials, and the three things that must never happen. */
export interface ScenarioCount {
  scenario: string;
  trials: number;
  lost: number;
  duplicated: number;
  corrupt: number;
  /** Anything else that went wrong (a point not reached, a leftover file, a wrong message). */
  problems: string[];
  /** Figures worth printing (the time a full disk took to be said). */
  figures?: Record<string, string>;
}

export function count(scenario: string): ScenarioCount {
  return { scenario, trials: 0, lost: 0, duplicated: 0, corrupt: 0, problems: [] };
}

/** One file the user was told waits or was sent: registered once, with its own bytes? */
export async function judgeUpload(
  world: FaultWorld,
  c: ScenarioCount,
  projectId: string,
  file: { name: string; sha: string },
  expected: 0 | 1,
): Promise<void> {
  const found = await registered(world, projectId, file.name);
  if (found.length < expected) c.lost++;
  if (found.length > 1) c.duplicated++;
  if (expected === 0 && found.length > 0) c.problems.push(`${file.name}: registered though never accepted`);
  const client = serviceClient(world.sim);
  for (const f of found) {
    if (sha256(await bytesOf(f)) !== file.sha) c.corrupt++;
    // Judged: gone again, so the project's list (read by every check) stays short.
    await client.deleteProjectFile(projectId, f.id);
  }
}

/**
 * The judge on planted faults: a file never sent, one registered twice, one with other bytes. It
 * must count each (a judge that counts nothing would let every scenario pass).
 */
export async function judgePlanted(world: FaultWorld): Promise<ScenarioCount> {
  const c = count('the judge, on planted faults');
  const client = serviceClient(world.sim);
  const tag = randomUUID().slice(0, 8);
  const lost = await siteFile(world, `Kontrolle verloren ${tag}.jpg`, 2000);
  await judgeUpload(world, c, world.projectId, { name: path.basename(lost.path), sha: lost.sha }, 1);
  const twice = await siteFile(world, `Kontrolle doppelt ${tag}.jpg`, 2000);
  await uploadFile(client, world.projectId, twice.path);
  await uploadFile(client, world.projectId, twice.path);
  await judgeUpload(world, c, world.projectId, { name: path.basename(twice.path), sha: twice.sha }, 1);
  const other = await siteFile(world, `Kontrolle falsch ${tag}.jpg`, 2000);
  await uploadFile(client, world.projectId, other.path);
  await judgeUpload(
    world,
    c,
    world.projectId,
    { name: path.basename(other.path), sha: sha256(Buffer.from('x')) },
    1,
  );
  c.trials = 3;
  return c;
}
