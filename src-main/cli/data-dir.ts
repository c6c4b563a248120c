/** Where the CLI finds (and keeps) what the app keeps: the app's user-data folder. */
import { homedir } from 'node:os';
import { join } from 'node:path';

/** The app's user-data folder (Electron's `userData` for PlanDesk), or PLANDESK_DATA_DIR. */
export function appDataDir(env: NodeJS.ProcessEnv): string {
  if (env.PLANDESK_DATA_DIR) return env.PLANDESK_DATA_DIR;
  if (process.platform === 'win32')
    return join(env.APPDATA ?? join(homedir(), 'AppData', 'Roaming'), 'PlanDesk');
  if (process.platform === 'darwin') return join(homedir(), 'Library', 'Application Support', 'PlanDesk');
  return join(env.XDG_CONFIG_HOME ?? join(homedir(), '.config'), 'PlanDesk');
}

/** The folder of the worker threads' compiled library code (workers/code-cache.ts), as the app's. */
export function codeCacheDir(dataDir: string): string {
  return join(dataDir, 'code-cache');
}

/** The folder of the words the CLI's export threads have shaped (exports/pdf/shaped-words-file.ts). */
export function shapedWordsDir(dataDir: string): string {
  return join(dataDir, 'shaped-words');
}
