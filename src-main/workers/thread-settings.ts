/**
 * Named settings a pool hands every thread it starts (`createWorkers(…, { settings })`), for tasks to
 * read where they run: a folder a feature keeps something in between runs, say. The workers folder
 * knows no name; each feature reads its own (exports/pdf/shaped-words-file.ts: `shapedWords`).
 */
import { isMainThread, workerData } from 'node:worker_threads';

export type ThreadSettings = Readonly<Record<string, string>>;

/** The setting `name` of the thread this runs on; none on main's thread or when its pool gave none. */
export function threadSetting(name: string): string | undefined {
  if (isMainThread) return undefined;
  const settings = (workerData as { settings?: unknown } | null | undefined)?.settings;
  if (typeof settings !== 'object' || settings === null || !Object.hasOwn(settings, name)) return undefined;
  const value = (settings as Record<string, unknown>)[name];
  return typeof value === 'string' && value !== '' ? value : undefined;
}
