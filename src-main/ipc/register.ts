import { ipcMain, type IpcMainInvokeEvent } from 'electron';
import { channels, preloadChannels, type MainChannel } from '../../src-shared/ipc/channels';
import type { Emit } from '../app/events';
import type { MainServices } from '../app/services';
import { createDispatcher } from './handlers';

/**
 * Registers one ipcMain handler per contract entry (the preload's own channels included). Requests
 * from any frame other than our own renderer (app://plandesk/index.html when built, the dev server in
 * development) are refused.
 */
export function registerIpc(
  services: MainServices,
  emit: Emit,
  isTrustedUrl: (url: string) => boolean,
): void {
  const dispatch = createDispatcher(services, emit);
  const all: MainChannel[] = [...(Object.keys(channels) as MainChannel[]), ...preloadChannels];
  for (const channel of all) {
    ipcMain.handle(channel, (event: IpcMainInvokeEvent, ...args: unknown[]) => {
      const url = event.senderFrame?.url ?? '';
      if (!isTrustedUrl(url)) {
        return { ok: false, error: { kind: 'auth', message: 'Request from an untrusted page was refused.' } };
      }
      return dispatch(channel, args);
    });
  }
}
