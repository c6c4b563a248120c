/**
 * Documents an export read and will write shortly, kept in the worker thread that read them: the
 * save dialog sits between reading the estimates and writing the file, and a writer that runs on the
 * same thread takes the document from here instead of reading, checking and building it again.
 * A writer on another thread (or after the entry expired) reads the bytes it is also given, so this
 * only ever saves time. Entries go when taken, after a minute, or when too many wait.
 */
import { randomUUID } from 'node:crypto';
import type { EstimateDocument } from '../../src-shared/estimates/types';

const KEPT_MS = 60_000;
const MOST = 8;

const prepared = new Map<string, { doc: EstimateDocument; timer: NodeJS.Timeout }>();

/** Keeps a document; gives back the token that takes it. */
export function keepPrepared(doc: EstimateDocument): string {
  const token = randomUUID();
  // A timer that does not keep the thread alive: an idle worker still ends.
  const timer = setTimeout(() => prepared.delete(token), KEPT_MS);
  timer.unref();
  prepared.set(token, { doc, timer });
  for (const [old, entry] of prepared) {
    if (prepared.size <= MOST) break;
    clearTimeout(entry.timer);
    prepared.delete(old);
  }
  return token;
}

/** The document kept under `token` (once), or undefined when this thread does not hold it. */
export function takePrepared(token: string | null | undefined): EstimateDocument | undefined {
  if (!token) return undefined;
  const entry = prepared.get(token);
  if (!entry) return undefined;
  clearTimeout(entry.timer);
  prepared.delete(token);
  return entry.doc;
}
