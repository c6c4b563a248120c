/**
 * How versions are stored. Scheme:
 *
 * - A version's identity is the SHA-256 of its canonical JSON (object keys sorted, items sorted by
 *   id): the same content fetched again is the same version, whatever order the service listed the
 *   items or their fields in.
 * - Its body is either a whole copy (the detail's JSON, or its items in columns: whole-copy.ts) or
 *   a delta from a base version: header fields set or dropped, per item only the fields set or
 *   dropped, items added whole, ids removed, and the item order only when applying the rest does not
 *   give it. Bodies are compressed with Brotli.
 * - The newest version is the whole copy, and the one current before it becomes the changes from it
 *   (`encodeOnTop`: reverse deltas, as RCS keeps a file's history). The versions compared most — the
 *   last two, what changed since the estimate was opened — then read one whole copy and at most a
 *   few deltas, not a chain of dozens (in a thread that has not read the estimate before, replaying
 *   them cost a quarter of a comparison). Where that cannot be done (the chain below the current
 *   version is as deep as allowed, or its delta would not be smaller than a whole copy), the new
 *   version is the changes from the current one instead (when smaller than a whole copy), as
 *   PlanDesk stored every version before;
 *   both kinds of chain read the same way, whatever their direction.
 * - A delta is kept only when it is smaller than a whole copy, and chains are cut at
 *   MAX_CHAIN_DEPTH deltas so reading a version never replays too many; a list that repeats an id is
 *   always kept whole.
 *
 * Reading a version: its whole copy, then each delta of its chain in order. Applying a delta copies
 * only what it changes: items it does not touch are the same objects in both versions, which is what
 * makes comparing two versions of one chain fast.
 */
import { createHash } from 'node:crypto';
import { brotliCompressSync, brotliDecompressSync, constants } from 'node:zlib';
import { latin1JsonText, storedJsonText } from '../cache/stored-json';
import { itemKeys, knownKeys, snapshotOf, type RawItem, type Snapshot } from './snapshot';
import { cancelPoint } from '../workers/cancel-point';
import { columnsOf, isColumns, snapshotOfColumns } from './whole-copy';

/** Deltas in a row before a whole copy is kept again. */
export const MAX_CHAIN_DEPTH = 64;

interface Delta {
  /** Header fields set, and header fields dropped. */
  h?: Record<string, unknown>;
  hx?: string[];
  /** Per changed item: [key, fields set, fields dropped?]. */
  c?: [string, RawItem, string[]?][];
  /** Items added (whole). */
  a?: RawItem[];
  /** Keys removed. */
  r?: string[];
  /** Every key in order, when applying the rest does not give the order. */
  o?: string[];
}

/** Texts up to this size (a delta of a usual edit, a small estimate) are compressed at Brotli's best. */
const SMALL_TEXT = 64 * 1024;

function compress(text: string): Uint8Array {
  const bytes = Buffer.from(text, 'latin1');
  return brotliCompressSync(bytes, {
    params: {
      // Quality 4 for a large text: a fifth of the time of the defaults for a few percent more bytes
      // (a whole copy of a 20,000-item estimate is written in the worker, while the user works on).
      // The best for a small one: a delta's old values (times, amounts) vary more than its new ones,
      // and at the best quality the deltas of a 20,000-item estimate take a tenth less, in
      // milliseconds each.
      [constants.BROTLI_PARAM_QUALITY]: bytes.length <= SMALL_TEXT ? constants.BROTLI_MAX_QUALITY : 4,
      [constants.BROTLI_PARAM_SIZE_HINT]: bytes.length,
    },
  });
}

function decompress(body: Uint8Array): string {
  // One output buffer for most bodies (JSON compresses about tenfold): joining the hundreds of
  // 16 KiB pieces of a whole copy cost more than a tenth of reading it.
  const chunkSize = Math.min(Math.max(body.length * 16, 64 * 1024), 64 * 1024 * 1024);
  return brotliDecompressSync(body, { chunkSize }).toString('latin1');
}

/** Values of a field (primitives mostly; the service's loose extras may be objects). */
function same(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return false;
  return JSON.stringify(a) === JSON.stringify(b);
}

function canonical(value: unknown): string {
  if (value === null || typeof value !== 'object') return JSON.stringify(value) ?? 'null';
  if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`;
  const obj = value as Record<string, unknown>;
  return `{${Object.keys(obj)
    .sort()
    .filter((k) => obj[k] !== undefined)
    .map((k) => `${JSON.stringify(k)}:${canonical(obj[k])}`)
    .join(',')}}`;
}

/**
 * An item's canonical JSON. Items of one estimate share a few shapes (the same keys in the same
 * order); per shape the sorted keys are worked out once and JSON.stringify writes them in that order,
 * which is exact when every value is a primitive (a nested value takes the general route).
 */
function canonicalItem(item: RawItem, shapes: Map<string, string[]>): string {
  const keys = Object.keys(item);
  const shape = keys.join('\u0000');
  let sorted = shapes.get(shape);
  if (!sorted) shapes.set(shape, (sorted = [...keys].sort()));
  for (const k of keys) {
    const v = item[k];
    if (v !== null && typeof v === 'object') return canonical(item);
  }
  return JSON.stringify(item, sorted);
}

/** The content's identity (see the scheme above). */
export function contentHash(s: Snapshot): string {
  const hash = createHash('sha256');
  hash.update(canonical(s.header));
  const { keys } = itemKeys(s.items);
  const order = keys
    .map((_, i) => i)
    .sort((x, y) => (keys[x]! < keys[y]! ? -1 : keys[x]! > keys[y]! ? 1 : 0));
  const shapes = new Map<string, string[]>();
  for (const i of order) hash.update(`\n${canonicalItem(s.items[i]!, shapes)}`);
  return hash.digest('hex');
}

/** A whole copy: in columns when the items have the shape the service sends (whole-copy.ts). */
export function encodeFull(s: Snapshot): Uint8Array {
  return compress(latin1JsonText(columnsOf(s) ?? { ...s.header, items: s.items }));
}

/** The delta from `base` to `next`, or null when an id repeats (such a list is kept whole). */
export function delta(base: Snapshot, next: Snapshot): Delta | null {
  const baseKeys = itemKeys(base.items);
  const nextKeys = itemKeys(next.items);
  if (baseKeys.repeats || nextKeys.repeats) return null;
  const d: Delta = {};

  const h: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(next.header)) if (!same(base.header[k], v)) h[k] = v;
  const hx = Object.keys(base.header).filter((k) => !(k in next.header));
  if (Object.keys(h).length > 0) d.h = h;
  if (hx.length > 0) d.hx = hx;

  const baseIndex = baseKeys.index;
  const changed: [string, RawItem, string[]?][] = [];
  const added: RawItem[] = [];
  const present = new Set<string>();
  nextKeys.keys.forEach((key, i) => {
    const item = next.items[i]!;
    present.add(key);
    const at = baseIndex.get(key);
    if (at === undefined) return void added.push(item);
    const old = base.items[at]!;
    if (old === item) return;
    const set: RawItem = {};
    let any = false;
    for (const [k, v] of Object.entries(item)) {
      if (!same(old[k], v) || !(k in old)) {
        set[k] = v;
        any = true;
      }
    }
    const dropped = Object.keys(old).filter((k) => !(k in item));
    if (any || dropped.length > 0) changed.push(dropped.length > 0 ? [key, set, dropped] : [key, set]);
  });
  const removed = baseKeys.keys.filter((k) => !present.has(k));
  if (changed.length > 0) d.c = changed;
  if (added.length > 0) d.a = added;
  if (removed.length > 0) d.r = removed;

  // The order applying gives: the base's without the removed ones, then the added ones.
  const gone = new Set(removed);
  const implied = [...baseKeys.keys.filter((k) => !gone.has(k)), ...added.map((item) => String(item.id))];
  if (implied.length !== nextKeys.keys.length || implied.some((k, i) => k !== nextKeys.keys[i]))
    d.o = nextKeys.keys;
  return d;
}

/**
 * A version being read: its items in order with the place of each key, changed by one delta after
 * another in place (a chain of 50 deltas builds the index of 20,000 items once, not 50 times; a
 * delta that only changes items, the usual one, keeps the index of the version it starts from).
 */
class Replay {
  private header: Record<string, unknown>;
  /** The items in order; a removed one is null until the list is compacted. */
  private items: (RawItem | null)[];
  private keys: string[];
  /** Each key's place in `items`. */
  private index: Map<string, number>;
  /** Whether `keys` and `index` are this replay's own: at first they are the start version's. */
  private ownKeys = false;
  private removed = 0;

  constructor(start: Snapshot) {
    const { keys, index } = itemKeys(start.items);
    this.header = start.header;
    this.items = start.items.slice();
    this.keys = keys;
    this.index = index;
  }

  apply(d: Delta): void {
    if (d.h || d.hx) {
      this.header = { ...this.header, ...d.h };
      for (const k of d.hx ?? []) delete this.header[k];
    }
    for (const [key, set, dropped] of d.c ?? []) {
      const at = this.index.get(key);
      const old = at === undefined ? null : this.items[at];
      if (!old) throw new Error(`version delta changes an item that is not there (${key})`);
      const item = { ...old, ...set };
      for (const k of dropped ?? []) delete item[k];
      this.items[at!] = item;
    }
    if (!d.r && !d.a && !d.o) return;
    this.makeKeysOwn();
    for (const key of d.r ?? []) {
      const at = this.index.get(key);
      if (at === undefined) continue;
      this.items[at] = null;
      this.index.delete(key);
      this.removed++;
    }
    for (const item of d.a ?? []) {
      const key = String(item.id);
      if (this.index.has(key)) throw new Error(`version delta adds an item that is there (${key})`);
      this.index.set(key, this.items.length);
      this.items.push(item);
      this.keys.push(key);
    }
    if (d.o) this.reorder(d.o);
  }

  snapshot(): Snapshot {
    if (this.removed > 0) this.reorder(this.keys.filter((_, i) => this.items[i] !== null));
    const items = this.items as RawItem[];
    // Each key once, in the items' order: what itemKeys would work out again.
    if (this.index.size === items.length) knownKeys(items, this.keys, this.index);
    return { header: this.header, items };
  }

  /** The items in the order of `keys` (each one there). */
  private reorder(keys: readonly string[]): void {
    const items = keys.map((k) => {
      const at = this.index.get(k);
      const item = at === undefined ? null : this.items[at];
      if (!item) throw new Error(`version delta lists an item that is not there (${k})`);
      return item;
    });
    this.items = items;
    this.keys = [...keys];
    this.index = new Map();
    this.keys.forEach((k, i) => this.index.set(k, i));
    this.ownKeys = true;
    this.removed = 0;
  }

  private makeKeysOwn(): void {
    if (this.ownKeys) return;
    this.keys = this.keys.slice();
    this.index = new Map(this.index);
    this.ownKeys = true;
  }
}

/** `base` with the delta applied; items the delta does not touch are shared, not copied. */
export function applyDelta(base: Snapshot, d: Delta): Snapshot {
  const replay = new Replay(base);
  replay.apply(d);
  return replay.snapshot();
}

export function encodeDelta(d: Delta): Uint8Array {
  return compress(latin1JsonText(d));
}

/** A version from its chain of bodies: a whole copy, then deltas. */
export function readChain(bodies: readonly Uint8Array[], start?: Snapshot): Snapshot {
  if (bodies.length === 0) {
    if (!start) throw new Error('a version needs at least one body');
    return start;
  }
  let replay = start ? new Replay(start) : null;
  for (const body of bodies) {
    cancelPoint();
    const value = JSON.parse(decompress(body)) as unknown;
    if (replay) replay.apply(value as Delta);
    else
      replay = new Replay(
        isColumns(value) ? snapshotOfColumns(value) : snapshotOf(value as Record<string, unknown>),
      );
  }
  return replay!.snapshot();
}

/**
 * A snapshot from the cache's own copy of an estimate (cache/stored-json.ts: Latin-1 JSON, gzipped
 * when large), with the length of its JSON text.
 */
export function readCacheBody(body: Uint8Array): { snapshot: Snapshot; textBytes: number } {
  const text = storedJsonText(body);
  return { snapshot: snapshotOf(JSON.parse(text)), textBytes: text.length };
}

export interface Encoded {
  body: Uint8Array;
  /** True: the body is the changes from the base given. */
  isDelta: boolean;
  /** Bytes of the version as a whole JSON text. */
  rawSize: number;
}

/**
 * The new version whole, and the version current before it (`previous`) as the changes from it: null
 * when that delta would not be smaller than a whole copy, or an id repeats (see the scheme above).
 */
export function encodeOnTop(
  next: Snapshot,
  previous: Snapshot,
  knownSize?: number,
): { next: Encoded; previous: Uint8Array | null } {
  const rawSize = knownSize ?? latin1JsonText({ ...next.header, items: next.items }).length;
  const whole: Encoded = { body: encodeFull(next), isDelta: false, rawSize };
  const d = delta(next, previous);
  const body = d ? encodeDelta(d) : null;
  return { next: whole, previous: body && body.length < whole.body.length ? body : null };
}

/**
 * The smaller of a whole copy and the delta from `base` (when there is one, its chain is not too
 * deep, and no id repeats).
 */
export function encodeVersion(
  next: Snapshot,
  base: { snapshot: Snapshot; depth: number } | null,
  /** The size of its whole JSON, when known (the cache's copy is that JSON). */
  knownSize?: number,
  /** Its whole copy, when encoded already. */
  whole?: Uint8Array,
): Encoded {
  const rawSize = knownSize ?? latin1JsonText({ ...next.header, items: next.items }).length;
  const d = base && base.depth < MAX_CHAIN_DEPTH ? delta(base.snapshot, next) : null;
  if (d) {
    const body = encodeDelta(d);
    // A delta is worth keeping while it is clearly smaller than a whole copy would be; its size
    // before compression tells without compressing the whole copy.
    if (body.length < rawSize / 20) return { body, isDelta: true, rawSize };
    const full = whole ?? encodeFull(next);
    if (body.length < full.length) return { body, isDelta: true, rawSize };
    return { body: full, isDelta: false, rawSize };
  }
  return { body: whole ?? encodeFull(next), isDelta: false, rawSize };
}
