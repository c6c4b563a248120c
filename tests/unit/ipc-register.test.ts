import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { MainServices } from '../../src-main/app/services';
import { channels, preloadChannels } from '../../src-shared/ipc/channels';
import { ServiceError } from '../../src-main/errors/service-error';

// ipcMain is mocked (Electron cannot run here); the handlers behind it are the real ones.
const handlers = new Map<string, (event: unknown, ...args: unknown[]) => Promise<unknown>>();
vi.mock('electron', () => ({
  ipcMain: {
    handle: (channel: string, fn: (event: unknown, ...args: unknown[]) => Promise<unknown>) =>
      handlers.set(channel, fn),
  },
}));

const { registerIpc } = await import('../../src-main/ipc/register');
const { createDispatcher } = await import('../../src-main/ipc/handlers');

const listProjects = vi.fn();
const emitted: unknown[] = [];
const markKeyRejected = vi.fn();
const services = {
  version: '1.2.3',
  platform: 'linux',
  logger: { log: () => undefined },
  operations: { cancel: () => false },
  workspaces: {
    uiLanguage: async () => 'de-DE',
    activeMeta: async () => ({ id: 'ws-1', demo: false }),
    markKeyRejected,
  },
  projects: { list: listProjects },
  appearance: { theme: async () => 'dark' },
} as unknown as MainServices;
const trusted = { senderFrame: { url: 'file:///app/out/renderer/index.html' } };
const untrusted = { senderFrame: { url: 'https://evil.example.com/' } };

describe('IPC registration', () => {
  beforeEach(() => {
    handlers.clear();
    listProjects.mockReset();
    emitted.length = 0;
    markKeyRejected.mockReset();
    registerIpc(
      Promise.resolve(createDispatcher(services, (event, payload) => emitted.push([event, payload]))),
      (url) => url.startsWith('file://'),
    );
  });

  it("registers a handler for every channel in the contract, the preload's own included", () => {
    expect([...handlers.keys()].sort()).toEqual([...Object.keys(channels), ...preloadChannels].sort());
  });

  it('answers with data from the real handler', async () => {
    expect(await handlers.get('app:info')!(trusted)).toEqual({
      ok: true,
      data: { version: '1.2.3', language: 'de-DE', platform: 'linux', theme: 'dark' },
    });
    const page = { rows: [], page: 1, pageSize: 50, totalPages: 1, totalCount: 0 };
    listProjects.mockResolvedValue(page);
    expect(await handlers.get('projects:list')!(trusted, { page: 1, pageSize: 50 })).toEqual({
      ok: true,
      data: page,
    });
    // Defaults from the contract's schema are filled in before the handler runs.
    expect(listProjects).toHaveBeenLastCalledWith({
      page: 1,
      pageSize: 50,
      sort: 'service',
      direction: 'asc',
    });
  });

  it('refuses calls from any other page', async () => {
    const r = (await handlers.get('app:info')!(untrusted)) as { ok: boolean; error: { kind: string } };
    expect(r.ok).toBe(false);
    expect(r.error.kind).toBe('auth');
  });

  it('validates arguments before anything runs', async () => {
    for (const bad of [
      [],
      [{ page: 0, pageSize: 10 }],
      [{ page: 1, pageSize: 51 }],
      [{ page: 1, pageSize: 10, name: 5 }],
      ['x'],
    ]) {
      const r = (await handlers.get('projects:list')!(trusted, ...bad)) as {
        ok: boolean;
        error: { kind: string };
      };
      expect(r.ok).toBe(false);
      expect(r.error.kind).toBe('validation');
    }
    expect(listProjects).not.toHaveBeenCalled();
  });

  it('turns failures into error values, never raw exceptions; a 401 asks for a new key', async () => {
    listProjects.mockRejectedValueOnce(new ServiceError('auth', 'Key revoked.', 401));
    expect(await handlers.get('projects:list')!(trusted, { page: 1, pageSize: 10 })).toEqual({
      ok: false,
      error: { kind: 'auth', message: 'Key revoked.', status: 401 },
    });
    expect(markKeyRejected).toHaveBeenCalledWith('ws-1');
    expect(emitted).toEqual([['event:workspaceAuthFailed', { workspaceId: 'ws-1' }]]);
    listProjects.mockRejectedValueOnce(new TypeError('x is undefined at secret/internal.ts:3'));
    const r = (await handlers.get('projects:list')!(trusted, { page: 1, pageSize: 10 })) as {
      error: { message: string };
    };
    expect(r.error.message).not.toContain('internal.ts');
  });

  it('registers before the services are up: a call waits for them; a start that failed answers, never hangs', async () => {
    handlers.clear();
    let started!: (dispatch: ReturnType<typeof createDispatcher>) => void;
    registerIpc(new Promise((resolve) => (started = resolve)), (url) => url.startsWith('file://'));
    let answer: unknown = null;
    const waiting = handlers.get('app:info')!(trusted).then((r) => (answer = r));
    // An untrusted page is refused at once, services or not.
    expect(await handlers.get('app:info')!(untrusted)).toMatchObject({ ok: false, error: { kind: 'auth' } });
    await new Promise((r) => setTimeout(r, 20));
    expect(answer).toBeNull();
    started(createDispatcher(services, () => undefined));
    await waiting;
    expect(answer).toMatchObject({ ok: true, data: { version: '1.2.3' } });

    handlers.clear();
    registerIpc(Promise.reject(new Error('the cache could not be opened')), () => true);
    expect(await handlers.get('projects:list')!(trusted, { page: 1, pageSize: 10 })).toEqual({
      ok: false,
      error: { kind: 'server', message: 'PlanDesk could not start.' },
    });
  });
});
