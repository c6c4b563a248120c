/**
 * PlanDesk's main services in a process of their own, for the fault suite (tests/faults): it does one
 * thing through main's IPC dispatcher, as the app would, and, given a fault point, dies there
 * (SIGKILL, nothing tidied up) or makes that write fail as a full disk would. Bundled once per run
 * (harness.ts), so a child starts in a fraction of a second.
 *
 *   node fault-child.cjs '<ChildConfig as JSON>'
 *
 * Prints JSON lines: {"reached": point} just before it dies at a fault point, {"result": …} when the
 * action is done, {"error": …} when it failed.
 */
import { existsSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { createServices } from '../../src-main/app/services';
import { setFaultHook, type FaultPoint } from '../../src-main/faults/fault-points';
import { createDispatcher } from '../../src-main/ipc/handlers';
import { KeytarSecretStore } from '../../src-main/secrets/secret-store';
import { captureLog } from '../helpers/log-capture';
import { testDialogs } from '../helpers/test-dialogs';

export interface ChildConfig {
  userData: string;
  keychain: string;
  workerScripts?: string;
  action:
    | { kind: 'upload'; projectId: string; files: string[] }
    | {
        kind: 'drain';
        deadlineMs: number;
        /** Waits (having said `{"ready": true}`) until this file exists: two children start together. */
        goFile?: string;
      }
    | { kind: 'read-estimate'; projectId: string; estimateId: string }
    | { kind: 'export'; projectId: string; estimateId: string; outDir: string };
  fault?: {
    point: FaultPoint;
    /** `crash`: SIGKILL at the point; `enospc`: the write there fails as on a full disk. */
    effect: 'crash' | 'enospc';
    /** A file made when the fault fires: with it there, no fault (once across processes). */
    once?: string;
  };
  retryMs?: number;
}

const config = JSON.parse(process.argv[2]!) as ChildConfig;
const print = (line: unknown) => process.stdout.write(`${JSON.stringify(line)}\n`);
const log = captureLog();

/** The error a full disk gives: the file system's, or SQLite's inside a transaction. */
function fullDisk(point: FaultPoint): Error {
  const sqlite = point === 'cache:write' || point === 'versions:record';
  return Object.assign(new Error(sqlite ? 'database or disk is full' : 'ENOSPC: no space left on device'), {
    code: sqlite ? 'SQLITE_FULL' : 'ENOSPC',
  });
}

if (config.fault) {
  const fault = config.fault;
  setFaultHook((point, pending) => {
    if (point !== fault.point) return;
    if (fault.once) {
      if (existsSync(fault.once)) return;
      writeFileSync(fault.once, String(process.pid));
    }
    const fire = () => {
      print({ reached: point });
      if (fault.effect === 'enospc') throw fullDisk(point);
      process.kill(process.pid, 'SIGKILL');
    };
    // "During the registration": the service has answered; this process dies before it reads it.
    if (pending) return pending.then(fire, fire);
    fire();
  });
}

const retryMs = config.retryMs ?? 100;
const services = createServices({
  version: 'fault-suite',
  platform: process.platform,
  userDataDir: config.userData,
  secrets: new KeytarSecretStore(config.keychain),
  logger: log.logger,
  emit: () => undefined,
  dialogs: testDialogs(
    config.action.kind === 'export' ? config.action.outDir : path.join(config.userData, 'out'),
  ).dialogs,
  clientOptions: { retry: { baseDelayMs: 5, maxDelayMs: 20 } },
  outbox: {
    offlineRetryMs: retryMs,
    busyRetryMs: retryMs,
    lock: { renewMs: retryMs, retryMs, staleMs: 30_000 },
  },
  ...(config.workerScripts ? { workerScripts: config.workerScripts } : {}),
});
const dispatch = createDispatcher(services, () => undefined);

async function call(channel: Parameters<typeof dispatch>[0], args: unknown[]): Promise<unknown> {
  const r = await dispatch(channel, args);
  if (!r.ok) throw Object.assign(new Error(r.error.message), { value: r.error });
  return r.data;
}

async function waitForEmptyOutbox(deadlineMs: number): Promise<number> {
  const ws = (await services.workspaces.activeMeta()).id;
  const deadline = Date.now() + deadlineMs;
  while (services.outbox.count(ws).entries > 0 && Date.now() < deadline) {
    await new Promise((r) => setTimeout(r, 25));
  }
  return services.outbox.count(ws).entries;
}

async function main(): Promise<unknown> {
  const a = config.action;
  switch (a.kind) {
    case 'upload': {
      await call('files:registerDrop', [a.files, a.projectId]);
      const result = await call('files:upload', [{ projectId: a.projectId, paths: a.files }]);
      return { upload: result, waiting: await waitForEmptyOutbox(30_000) };
    }
    case 'drain': {
      if (a.goFile) {
        print({ ready: true });
        while (!existsSync(a.goFile)) await new Promise((r) => setTimeout(r, 5));
      }
      const startedAt = Date.now();
      await services.outbox.start();
      const waiting = await waitForEmptyOutbox(a.deadlineMs);
      // What this process itself registered (its drain logs each).
      const sent = log.lines.filter((l) => /^\[info\] .* registered as \S+$/.test(l)).length;
      return { waiting, sent, startedAt, endedAt: Date.now() };
    }
    case 'read-estimate': {
      await call('estimates:get', [{ projectId: a.projectId, estimateId: a.estimateId }]);
      // The version is kept in the background: the timeline waits for it.
      const timeline = (await call('versions:list', [
        { projectId: a.projectId, estimateId: a.estimateId },
      ])) as {
        versions: unknown[];
      };
      return { versions: timeline.versions.length };
    }
    case 'export': {
      return call('estimates:export', [
        {
          projectId: a.projectId,
          estimateId: a.estimateId,
          format: 'pdf',
          presetId: 'internal',
          language: 'en-US',
        },
      ]);
    }
  }
}

void main().then(
  async (result) => {
    print({ result });
    await services.close();
    process.exit(0);
  },
  async (err: unknown) => {
    const value = (err as { value?: unknown }).value;
    print({ error: value ?? String((err as Error)?.stack ?? err), log: log.lines.slice(-20) });
    await services.close().catch(() => undefined);
    process.exit(1);
  },
);
