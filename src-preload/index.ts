import { contextBridge, ipcRenderer } from 'electron';
import { channels, type Channel } from '../src-shared/ipc/channels';
import type { PlanDeskApi } from '../src-shared/ipc/contract';

// window.api: one named function per channel, nothing generic, no Node objects exposed.
const api = Object.fromEntries(
  (Object.keys(channels) as Channel[]).map((channel) => [
    channels[channel],
    (...args: unknown[]) => ipcRenderer.invoke(channel, ...args),
  ]),
) as PlanDeskApi;

contextBridge.exposeInMainWorld('api', api);
