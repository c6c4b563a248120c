import { readFileSync } from 'node:fs';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { channels } from '../../src-shared/ipc/channels';

// Electron cannot run on these machines, so its two preload APIs are mocked; nothing else is.
const exposeInMainWorld = vi.fn();
const invoke = vi.fn(async () => ({ ok: true, data: null }));
vi.mock('electron', () => ({ contextBridge: { exposeInMainWorld }, ipcRenderer: { invoke } }));

describe('preload', () => {
  beforeEach(async () => {
    vi.resetModules();
    exposeInMainWorld.mockClear();
    await import('../../src-preload/index');
  });

  it('exposes exactly one named function per channel as window.api', () => {
    expect(exposeInMainWorld).toHaveBeenCalledTimes(1);
    const [name, api] = exposeInMainWorld.mock.calls[0] as [string, Record<string, unknown>];
    expect(name).toBe('api');
    expect(Object.keys(api).sort()).toEqual(Object.values(channels).sort());
    for (const fn of Object.values(api)) expect(typeof fn).toBe('function');
    expect(api).not.toHaveProperty('invoke');
  });

  it('forwards each call to its own channel', async () => {
    const api = exposeInMainWorld.mock.calls[0]![1] as Record<string, (...a: unknown[]) => Promise<unknown>>;
    await api.listProjects!({ page: 2, pageSize: 50 });
    expect(invoke).toHaveBeenLastCalledWith('projects:list', { page: 2, pageSize: 50 });
  });

  it('imports nothing but electron and the plain channel list (the sandbox allows no more)', () => {
    const source = readFileSync('src-preload/index.ts', 'utf8');
    const imports = [...source.matchAll(/^import .* from '([^']+)';$/gm)].map((m) => m[1]);
    expect(imports).toEqual(['electron', '../src-shared/ipc/channels', '../src-shared/ipc/contract']);
    // The contract import must stay type-only: it pulls in zod.
    expect(source).toMatch(/^import type \{ PlanDeskApi \} from '..\/src-shared\/ipc\/contract';$/m);
  });
});
