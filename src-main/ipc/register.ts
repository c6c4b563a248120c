import { ipcMain, type IpcMainInvokeEvent } from 'electron';
import { channels, preloadChannels, type MainChannel } from '../../src-shared/ipc/channels';
import type { ErrorValue } from '../../src-shared/errors/service-error';
import type { Dispatch } from './handlers';

/**
 * Registers one ipcMain handler per contract entry (the preload's own channels included). Requests
 * from any frame other than our own renderer (app://plandesk/index.html when built, the dev server in
 * development) are refused.
 *
 * The handlers are registered before main's services are loaded (index.ts loads them while the
 * page runs its script): a call that comes first waits for `dispatcher`. Only the channel list is
 * imported here, so registering costs nothing of that loading.
 */
export function registerIpc(dispatcher: Promise<Dispatch>, isTrustedUrl: (url: string) => boolean): void {
  // Settled as the services start; a start that fails is shown by the entry (and PlanDesk leaves).
  const ready = dispatcher.then(
    (dispatch) => ({ dispatch }),
    () => ({ dispatch: null }),
  );
  const all: MainChannel[] = [...(Object.keys(channels) as MainChannel[]), ...preloadChannels];
  for (const channel of all) {
    ipcMain.handle(channel, async (event: IpcMainInvokeEvent, ...args: unknown[]) => {
      const url = event.senderFrame?.url ?? '';
      if (!isTrustedUrl(url)) {
        return { ok: false, error: { kind: 'auth', message: 'Request from an untrusted page was refused.' } };
      }
      const { dispatch } = await ready;
      if (!dispatch) return { ok: false, error: NOT_STARTED };
      return dispatch(channel, args);
    });
  }
}

const NOT_STARTED: ErrorValue = { kind: 'server', message: 'PlanDesk could not start.' };
