/**
 * Estimates an export read and will write shortly, kept in the worker thread that read them: the
 * save dialog sits between reading the estimates and writing the file, and a writer that runs on the
 * same thread takes the document, its rows and totals from here instead of reading, checking and
 * working them out again.
 * A writer on another thread (or after the entry expired) reads the bytes it is also given, so this
 * only ever saves time. Entries go when taken, after a minute, or when too many wait.
 */
import { randomUUID } from 'node:crypto';
import type { EstimateParts } from '../estimates/estimate-parts';

const KEPT_MS = 60_000;
const MOST = 8;

const prepared = new Map<string, { parts: EstimateParts; timer: NodeJS.Timeout }>();

/** Keeps an estimate's parts; gives back the token that takes them. */
export function keepPrepared(parts: EstimateParts): string {
  const token = randomUUID();
  // A timer that does not keep the thread alive: an idle worker still ends.
  const timer = setTimeout(() => prepared.delete(token), KEPT_MS);
  timer.unref();
  prepared.set(token, { parts, timer });
  for (const [old, entry] of prepared) {
    if (prepared.size <= MOST) break;
    clearTimeout(entry.timer);
    prepared.delete(old);
  }
  return token;
}

/** The parts kept under `token` (once), or undefined when this thread does not hold them. */
export function takePrepared(token: string | null | undefined): EstimateParts | undefined {
  if (!token) return undefined;
  const entry = prepared.get(token);
  if (!entry) return undefined;
  clearTimeout(entry.timer);
  prepared.delete(token);
  return entry.parts;
}
