import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { UpdateStatus } from '../../src-shared/updates/types';
import {
  CHECK_EVERY_MS,
  FIRST_CHECK_AFTER_MS,
  UpdateController,
  type UpdateControllerOptions,
} from '../../src-main/updates/update-controller';
import { FakeUpdater } from '../helpers/fake-updater';

function setup(over: Partial<UpdateControllerOptions> = {}, automatic = true) {
  const updater = new FakeUpdater();
  const statuses: UpdateStatus[] = [];
  const lines: string[] = [];
  const saved: boolean[] = [];
  let setting = automatic;
  const loadUpdater = vi.fn(async () => updater);
  const controller = new UpdateController({
    unavailable: null,
    setting: {
      get: async () => setting,
      set: async (on) => {
        setting = on;
        saved.push(on);
      },
    },
    loadUpdater,
    logger: { log: (level, line) => lines.push(`[${level}] ${line}`) },
    onStatus: (s) => statuses.push(s),
    ...over,
  });
  return { controller, updater, statuses, lines, saved, loadUpdater };
}

/** Lets the timers fire and the promises they start settle. */
async function advance(ms: number): Promise<void> {
  await vi.advanceTimersByTimeAsync(ms);
}

describe('the update state machine', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('checks a little after start and every few hours, downloads in the background, then waits for a restart', async () => {
    const { controller, updater, statuses } = setup();
    await controller.start();
    expect(statuses.at(-1)).toMatchObject({ unavailable: null, automatic: true, phase: 'idle' });
    await advance(FIRST_CHECK_AFTER_MS - 1);
    expect(updater.checks).toBe(0);
    await advance(1);
    expect(updater.checks).toBe(1);
    expect(controller.status().phase).toBe('idle');

    updater.next = { version: '0.2.0' };
    await advance(CHECK_EVERY_MS);
    expect(updater.checks).toBe(2);
    expect(controller.status()).toMatchObject({ phase: 'downloading', version: '0.2.0', percent: 0 });
    updater.progress(41.7);
    updater.progress(41.9);
    expect(statuses.filter((s) => s.percent === 41)).toHaveLength(1);
    updater.downloaded('0.2.0');
    expect(statuses.at(-1)).toMatchObject({ phase: 'ready', version: '0.2.0', percent: null, failure: null });

    // Once an update waits, nothing is checked or downloaded again.
    await advance(CHECK_EVERY_MS * 3);
    expect(updater.checks).toBe(2);
    expect(await controller.checkNow()).toEqual({ kind: 'ready', version: '0.2.0' });
    expect(await controller.install()).toBe(true);
    expect(updater.installs).toBe(1);
    controller.stop();
  });

  it('never loads the updater where this copy does not update itself', async () => {
    for (const reason of ['development', 'unsigned', 'unsupported'] as const) {
      const { controller, loadUpdater, statuses } = setup({ unavailable: reason });
      await controller.start();
      await advance(CHECK_EVERY_MS * 2);
      expect(await controller.checkNow()).toEqual({ kind: 'unavailable', reason });
      expect(await controller.install()).toBe(false);
      expect(loadUpdater).not.toHaveBeenCalled();
      expect(statuses.at(-1)).toMatchObject({ unavailable: reason, phase: 'idle' });
    }
  });

  it('on Linux: never checks by itself, whatever the setting; installs only when asked, a package only once the user said yes', async () => {
    for (const install of ['confirm', 'confirm-privileged'] as const) {
      const answers: string[] = [];
      let answer = false;
      const { controller, updater, saved, statuses } = setup({
        install,
        confirmPrivilegedInstall: async (version) => {
          answers.push(version);
          return answer;
        },
      });
      await controller.start();
      expect(statuses.at(-1)).toMatchObject({ unavailable: null, install, automatic: false });
      await advance(CHECK_EVERY_MS * 2);
      expect(updater.checks).toBe(0);
      // Turning automatic updates on is refused (nothing saved), and still nothing runs by itself.
      expect(await controller.setAutomatic(true)).toMatchObject({ automatic: false });
      expect(saved).toEqual([]);
      await advance(CHECK_EVERY_MS * 2);
      expect(updater.checks).toBe(0);

      updater.next = { version: '0.2.0' };
      expect(await controller.checkNow()).toEqual({ kind: 'downloading', version: '0.2.0' });
      updater.downloaded('0.2.0');
      if (install === 'confirm-privileged') {
        expect(await controller.install()).toBe(false);
        expect(answers).toEqual(['0.2.0']);
        expect(updater.installs).toBe(0);
        answer = true;
      }
      expect(await controller.install()).toBe(true);
      expect(updater.installs).toBe(1);
      expect(answers).toEqual(install === 'confirm-privileged' ? ['0.2.0', '0.2.0'] : []);
      controller.stop();
    }
  });

  it('never starts a privileged install that nobody could confirm', async () => {
    const { controller, updater } = setup({ install: 'confirm-privileged' });
    await controller.start();
    updater.next = { version: '0.2.0' };
    await controller.checkNow();
    updater.downloaded('0.2.0');
    expect(await controller.install()).toBe(false);
    expect(updater.installs).toBe(0);
  });

  it('follows the setting: off means no automatic checks; a check from the menu still runs', async () => {
    const { controller, updater, saved, statuses } = setup({}, false);
    await controller.start();
    await advance(CHECK_EVERY_MS * 2);
    expect(updater.checks).toBe(0);
    expect(await controller.checkNow()).toEqual({ kind: 'up-to-date' });
    expect(updater.checks).toBe(1);

    expect(await controller.setAutomatic(true)).toMatchObject({ automatic: true });
    expect(saved).toEqual([true]);
    await advance(FIRST_CHECK_AFTER_MS);
    expect(updater.checks).toBe(2);
    await controller.setAutomatic(false);
    await advance(CHECK_EVERY_MS * 2);
    expect(updater.checks).toBe(2);
    expect(saved).toEqual([true, false]);
    expect(statuses.at(-1)).toMatchObject({ automatic: false });
  });

  it('logs a failed check, reports it in the status, and tries again at the next check', async () => {
    const { controller, updater, lines, statuses } = setup();
    await controller.start();
    updater.next = new Error('net::ERR_INTERNET_DISCONNECTED\n    at SimpleURLLoaderWrapper');
    await advance(FIRST_CHECK_AFTER_MS);
    expect(controller.status()).toMatchObject({ phase: 'idle', failure: 'net::ERR_INTERNET_DISCONNECTED' });
    expect(lines).toContain('[warn] update check failed: net::ERR_INTERNET_DISCONNECTED');
    // The error event that came with the rejection is not counted twice.
    expect(lines.filter((l) => l.includes('update check failed'))).toHaveLength(1);
    expect(await controller.checkNow()).toEqual({
      kind: 'failed',
      message: 'net::ERR_INTERNET_DISCONNECTED',
    });

    updater.next = null;
    await advance(CHECK_EVERY_MS);
    expect(updater.checks).toBe(3);
    expect(statuses.at(-1)).toMatchObject({ phase: 'idle', failure: null });
  });

  it('reports a failed download and checks again later', async () => {
    const { controller, updater } = setup();
    await controller.start();
    updater.next = { version: '0.3.0' };
    expect(await controller.checkNow()).toEqual({ kind: 'downloading', version: '0.3.0' });
    updater.failDownload(new Error('sha512 checksum mismatch'));
    expect(controller.status()).toMatchObject({
      phase: 'idle',
      version: null,
      failure: 'sha512 checksum mismatch',
    });
    updater.next = { version: '0.3.0' };
    await advance(FIRST_CHECK_AFTER_MS);
    expect(controller.status().phase).toBe('downloading');
    controller.stop();
  });

  it('runs one check at a time, and loads the updater again after it failed to load', async () => {
    const updater = new FakeUpdater();
    let attempts = 0;
    const { controller } = setup({
      loadUpdater: async () => {
        attempts++;
        if (attempts === 1) throw new Error('Cannot find module electron-updater');
        return updater;
      },
    });
    expect(await controller.checkNow()).toEqual({
      kind: 'failed',
      message: 'Cannot find module electron-updater',
    });
    const [a, b] = await Promise.all([controller.checkNow(), controller.checkNow()]);
    expect(a).toEqual({ kind: 'up-to-date' });
    expect(b).toBe(a);
    expect(attempts).toBe(2);
    expect(updater.checks).toBe(1);
  });
});
