import { contextBridge, ipcRenderer, webUtils, type IpcRendererEvent } from 'electron';
import { channels, events, type Channel, type EventChannel } from '../src-shared/ipc/channels';
import type { PlanDeskApi } from '../src-shared/ipc/contract';

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
// gives one only to a real file from the system (a File a page makes has none). Each is registered
// with main, for one upload into the project it was dropped on, over a channel the page cannot call,
// so main uploads no path the page made up.
const pathForFile = async (file: File, projectId: string): Promise<string> => {
  const path = webUtils.getPathForFile(file);
  if (path) await ipcRenderer.invoke('files:registerDrop', path, projectId);
  return path;
};

contextBridge.exposeInMainWorld(
  'api',
  Object.fromEntries([...calls, ...subscriptions, ['pathForFile', pathForFile]]) as PlanDeskApi,
);
