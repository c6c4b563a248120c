import { contextBridge, ipcRenderer, webUtils, type IpcRendererEvent } from 'electron';
import { channels, events, type Channel, type EventChannel } from '../src-shared/ipc/channels';
import type { ChannelResults, PlanDeskApi, Result } from '../src-shared/ipc/contract';
import { trustedDrops, type DropEventLike } from './trusted-drops';

// window.api: one named function per channel and one subscription per event; nothing generic, and
// no Electron or Node object ever reaches the page (listeners get the payload only).
const calls = (Object.keys(channels) as Channel[]).map((channel) => [
  channels[channel],
  (...args: unknown[]) => ipcRenderer.invoke(channel, ...args),
]);

const subscriptions = (Object.keys(events) as EventChannel[]).map((event) => [
  events[event],
  (listener: (payload: unknown) => void) => {
    const handler = (_e: IpcRendererEvent, payload: unknown) => listener(payload);
    ipcRenderer.on(event, handler);
    return () => {
      ipcRenderer.removeListener(event, handler);
    };
  },
]);

// Dropped files: the sandboxed page sees File objects only; their paths come from Electron, which
// gives one only to a real file from the system (a File a page makes has none). Real drops onto a
// project's files view are registered with main as they happen, over a channel the page cannot
// call; the page gets each such path once (trusted-drops.ts).
const drops = trustedDrops({
  pathOf: (file) => webUtils.getPathForFile(file),
  register: async (paths, projectId) => {
    const r = (await ipcRenderer.invoke('files:registerDrop', paths, projectId)) as
      Result<ChannelResults['files:registerDrop']> | undefined;
    return r?.ok ? r.data.registered : [];
  },
});
// The window of the preload's own world, in the capture phase: before any handler of the page.
(globalThis as unknown as DropTarget).addEventListener('drop', drops.onDrop, true);
interface DropTarget {
  addEventListener(type: 'drop', listener: (event: DropEventLike) => void, capture: boolean): void;
}

contextBridge.exposeInMainWorld(
  'api',
  Object.fromEntries([...calls, ...subscriptions, ['pathForFile', drops.pathForFile]]) as PlanDeskApi,
);
