import { readFileSync } from 'node:fs';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { channels, events } from '../../src-shared/ipc/channels';

// Electron cannot run on these machines, so its preload APIs are mocked; nothing else is.
const exposeInMainWorld = vi.fn();
// Main's answer: every registered path granted (a test may answer otherwise).
const invoke = vi.fn(async (channel: string, ...args: unknown[]): Promise<unknown> =>
  channel === 'files:registerDrop' ? { ok: true, data: { registered: args[0] } } : { ok: true, data: null },
);
const listeners = new Map<string, Set<(e: unknown, p: unknown) => void>>();
const on = vi.fn((ch: string, fn: (e: unknown, p: unknown) => void) => {
  if (!listeners.has(ch)) listeners.set(ch, new Set());
  listeners.get(ch)!.add(fn);
});
const removeListener = vi.fn((ch: string, fn: (e: unknown, p: unknown) => void) =>
  listeners.get(ch)?.delete(fn),
);
const getPathForFile = vi.fn((file: { name: string }) => `/home/user/Desktop/${file.name}`);
// The preload's window (its own world's): it listens for drops there. The test delivers them.
const addEventListener = vi.fn();
vi.stubGlobal('addEventListener', addEventListener);
const drop = (event: unknown) => (addEventListener.mock.calls.at(-1)![1] as (e: unknown) => void)(event);
vi.mock('electron', () => ({
  contextBridge: { exposeInMainWorld },
  ipcRenderer: { invoke, on, removeListener },
  webUtils: { getPathForFile },
}));

describe('preload', () => {
  beforeEach(async () => {
    vi.resetModules();
    exposeInMainWorld.mockClear();
    addEventListener.mockClear();
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

  /** A drop event as the window delivers it: `isTrusted` only for one the user really made. */
  const dropEvent = (isTrusted: boolean, names: string[], projectId: string | null) => ({
    isTrusted,
    dataTransfer: { files: names.map((name) => ({ name })) },
    // The element under the pointer, inside (or not) a project's files view.
    target: {
      closest: (selector: string) =>
        selector === '[data-drop-project]' && projectId !== null
          ? { getAttribute: (name: string) => (name === 'data-drop-project' ? projectId : null) }
          : null,
    },
  });
  const pathForFile = () =>
    (
      exposeInMainWorld.mock.calls[0]![1] as {
        pathForFile: (f: { name: string }, p: string) => Promise<string>;
      }
    ).pathForFile;

  it('listens for drops on the window in the capture phase, before any handler of the page', () => {
    expect(addEventListener).toHaveBeenCalledExactlyOnceWith('drop', expect.any(Function), true);
  });

  it('registers a real drop on a project’s files view with main at once, for that project', async () => {
    invoke.mockClear();
    drop(dropEvent(true, ['Aufmaß.pdf', 'Foto.png'], 'p-7'));
    expect(invoke).toHaveBeenCalledExactlyOnceWith(
      'files:registerDrop',
      ['/home/user/Desktop/Aufmaß.pdf', '/home/user/Desktop/Foto.png'],
      'p-7',
    );
    expect(await pathForFile()({ name: 'Aufmaß.pdf' }, 'p-7')).toBe('/home/user/Desktop/Aufmaß.pdf');
    expect(await pathForFile()({ name: 'Foto.png' }, 'p-7')).toBe('/home/user/Desktop/Foto.png');
    // Looking a path up registers nothing more.
    expect(invoke).toHaveBeenCalledTimes(1);
  });

  it('hands each path of the latest real drop out once, for its own project only', async () => {
    drop(dropEvent(true, ['Aufmaß.pdf', 'Foto.png'], 'p-7'));
    // Another project's name: nothing (and the path stays unclaimed for the right one).
    expect(await pathForFile()({ name: 'Aufmaß.pdf' }, 'p-8')).toBe('');
    expect(await pathForFile()({ name: 'Aufmaß.pdf' }, 'p-7')).toBe('/home/user/Desktop/Aufmaß.pdf');
    // A page that kept the File asks again: nothing.
    expect(await pathForFile()({ name: 'Aufmaß.pdf' }, 'p-7')).toBe('');
    // A newer drop replaces the older one: its unclaimed file is gone too.
    drop(dropEvent(true, ['Plan.pdf'], 'p-7'));
    expect(await pathForFile()({ name: 'Foto.png' }, 'p-7')).toBe('');
    expect(await pathForFile()({ name: 'Plan.pdf' }, 'p-7')).toBe('/home/user/Desktop/Plan.pdf');
  });

  it('registers nothing for a drop the page dispatched, one outside a files view, or a file without a path', async () => {
    invoke.mockClear();
    drop(dropEvent(false, ['Aufmaß.pdf'], 'p-7'));
    drop(dropEvent(true, ['Aufmaß.pdf'], null));
    getPathForFile.mockReturnValueOnce('');
    drop(dropEvent(true, ['made-up.pdf'], 'p-7'));
    expect(invoke).not.toHaveBeenCalled();
    expect(await pathForFile()({ name: 'Aufmaß.pdf' }, 'p-7')).toBe('');
    expect(await pathForFile()({ name: 'made-up.pdf' }, 'p-7')).toBe('');
  });

  it('gives no path main did not grant', async () => {
    invoke.mockResolvedValueOnce({ ok: true, data: { registered: ['/home/user/Desktop/Foto.png'] } });
    drop(dropEvent(true, ['Foto.png', 'notes.txt'], 'p-7'));
    expect(await pathForFile()({ name: 'notes.txt' }, 'p-7')).toBe('');
    expect(await pathForFile()({ name: 'Foto.png' }, 'p-7')).toBe('/home/user/Desktop/Foto.png');
    invoke.mockResolvedValueOnce({ ok: false, error: { kind: 'validation', message: 'x' } });
    drop(dropEvent(true, ['Plan.pdf'], 'p-7'));
    expect(await pathForFile()({ name: 'Plan.pdf' }, 'p-7')).toBe('');
  });

  it("exposes no way to register a path: the drop channel is the preload's own", () => {
    const [, api] = exposeInMainWorld.mock.calls[0] as [string, Record<string, unknown>];
    expect(Object.keys(api).some((name) => /register/i.test(name))).toBe(false);
    expect(Object.keys(channels)).not.toContain('files:registerDrop');
  });

  it('imports nothing but electron and the plain channel list (the sandbox allows no more)', () => {
    const source = readFileSync('src-preload/index.ts', 'utf8');
    const imports = [...source.matchAll(/^import .* from '([^']+)';$/gm)].map((m) => m[1]);
    expect(imports).toEqual([
      'electron',
      '../src-shared/ipc/channels',
      '../src-shared/ipc/contract',
      './trusted-drops',
    ]);
    // And the drop handling only the attribute's name.
    const drops = readFileSync('src-preload/trusted-drops.ts', 'utf8');
    expect([...drops.matchAll(/^import .* from '([^']+)';$/gm)].map((m) => m[1])).toEqual([
      '../src-shared/files/drop-target',
    ]);
    // The contract import must stay type-only: it pulls in zod.
    expect(source).toMatch(/^import type \{ [\w, ]+ \} from '..\/src-shared\/ipc\/contract';$/m);
  });
});
