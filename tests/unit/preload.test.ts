import { readFileSync } from 'node:fs';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { channels, events } from '../../src-shared/ipc/channels';

// Electron cannot run on these machines, so its preload APIs are mocked; nothing else is.
const exposeInMainWorld = vi.fn();
const invoke = vi.fn(async () => ({ ok: true, data: null }));
const listeners = new Map<string, Set<(e: unknown, p: unknown) => void>>();
const on = vi.fn((ch: string, fn: (e: unknown, p: unknown) => void) => {
  if (!listeners.has(ch)) listeners.set(ch, new Set());
  listeners.get(ch)!.add(fn);
});
const removeListener = vi.fn((ch: string, fn: (e: unknown, p: unknown) => void) =>
  listeners.get(ch)?.delete(fn),
);
const getPathForFile = vi.fn((file: { name: string }) => `/home/user/Desktop/${file.name}`);
vi.mock('electron', () => ({
  contextBridge: { exposeInMainWorld },
  ipcRenderer: { invoke, on, removeListener },
  webUtils: { getPathForFile },
}));

describe('preload', () => {
  beforeEach(async () => {
    vi.resetModules();
    exposeInMainWorld.mockClear();
    await import('../../src-preload/index');
  });

  it('exposes exactly one named function per channel and per event as window.api', () => {
    expect(exposeInMainWorld).toHaveBeenCalledTimes(1);
    const [name, api] = exposeInMainWorld.mock.calls[0] as [string, Record<string, unknown>];
    expect(name).toBe('api');
    expect(Object.keys(api).sort()).toEqual(
      [...Object.values(channels), ...Object.values(events), 'pathForFile'].sort(),
    );
    for (const fn of Object.values(api)) expect(typeof fn).toBe('function');
    expect(api).not.toHaveProperty('invoke');
  });

  it('forwards each call to its own channel', async () => {
    const api = exposeInMainWorld.mock.calls[0]![1] as Record<string, (...a: unknown[]) => Promise<unknown>>;
    await api.listProjects!({ page: 2, pageSize: 50 });
    expect(invoke).toHaveBeenLastCalledWith('projects:list', { page: 2, pageSize: 50 });
  });

  it('event subscriptions pass only the payload and return a working unsubscribe', () => {
    const api = exposeInMainWorld.mock.calls[0]![1] as Record<
      string,
      (l: (p: unknown) => void) => () => void
    >;
    const got: unknown[] = [];
    const unsubscribe = api.onProgress!((p) => got.push(p));
    for (const fn of listeners.get('event:progress') ?? [])
      fn({ sender: 'ipc-event-object' }, { operationId: 'op', done: 1, total: 2 });
    expect(got).toEqual([{ operationId: 'op', done: 1, total: 2 }]);
    unsubscribe();
    expect(listeners.get('event:progress')?.size).toBe(0);
  });

  it('gives a dropped file its path through Electron, registered with main for its project first, and nothing more', async () => {
    const api = exposeInMainWorld.mock.calls[0]![1] as {
      pathForFile: (f: { name: string }, projectId: string) => Promise<string>;
    };
    invoke.mockClear();
    getPathForFile.mockClear();
    expect(await api.pathForFile({ name: 'Aufmaß.pdf' }, 'p-7')).toBe('/home/user/Desktop/Aufmaß.pdf');
    expect(getPathForFile).toHaveBeenCalledTimes(1);
    expect(invoke).toHaveBeenCalledExactlyOnceWith(
      'files:registerDrop',
      '/home/user/Desktop/Aufmaß.pdf',
      'p-7',
    );
  });

  it('registers nothing for a file Electron knows no path of (one the page made itself)', async () => {
    const api = exposeInMainWorld.mock.calls[0]![1] as {
      pathForFile: (f: { name: string }, projectId: string) => Promise<string>;
    };
    invoke.mockClear();
    getPathForFile.mockReturnValueOnce('');
    expect(await api.pathForFile({ name: 'made-up.pdf' }, 'p-7')).toBe('');
    expect(invoke).not.toHaveBeenCalled();
  });

  it("exposes no way to register a path: the drop channel is the preload's own", () => {
    const [, api] = exposeInMainWorld.mock.calls[0] as [string, Record<string, unknown>];
    expect(Object.keys(api).some((name) => /register/i.test(name))).toBe(false);
    expect(Object.keys(channels)).not.toContain('files:registerDrop');
  });

  it('imports nothing but electron and the plain channel list (the sandbox allows no more)', () => {
    const source = readFileSync('src-preload/index.ts', 'utf8');
    const imports = [...source.matchAll(/^import .* from '([^']+)';$/gm)].map((m) => m[1]);
    expect(imports).toEqual(['electron', '../src-shared/ipc/channels', '../src-shared/ipc/contract']);
    // The contract import must stay type-only: it pulls in zod.
    expect(source).toMatch(/^import type \{ PlanDeskApi \} from '..\/src-shared\/ipc\/contract';$/m);
  });
});
