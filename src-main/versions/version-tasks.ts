/**
 * The versions feature's worker tasks (src-main/workers/tasks.ts): keeping a version (hash, delta or
 * whole copy, compressed), giving a version a new base when the one it was based on goes, and
 * comparing two versions. Main reads and writes the cache; the work on the bodies runs here.
 */
import { buildChangeSet, type ChangeSetSide } from './change-set';
import { compareSnapshots, type CompareOptions } from './compare';
import {
  contentHash,
  encodeOnTop,
  encodeVersion,
  readCacheBody,
  readChain,
  type Encoded,
} from './version-codec';
import { summaryOf, textOf, type Snapshot } from './snapshot';
import type { VersionSummary } from '../cache/version-table';
import { sha256Of } from '../cache/version-rows';
import { ServiceError } from '../errors/service-error';
import type { VersionRef } from '../../src-shared/versions/types';
import { cancelPoint, isCancelled } from '../workers/cancel-point';

/** One side of a comparison: the bodies after the ones both sides share, and its content hash. */
export interface SideInput {
  bodies: Uint8Array[];
  hash: string;
  /**
   * Check the content against `hash` once read: some body of its chain has no checksum of its own
   * (an older PlanDesk wrote it), so this is how damage is found (version-bodies.ts).
   */
  verify?: boolean;
}

export interface VersionsInput {
  /** Bodies both sides' chains begin with (a whole copy first); empty when they share none. */
  common: Uint8Array[];
  from: SideInput;
  to: SideInput;
}

/**
 * The versions this worker read last, by content hash: keeping a version reads the current one (its
 * base) and the next keep or comparison usually needs it again. Two, as each 20,000-item version
 * holds tens of megabytes.
 */
const recent = new Map<string, Snapshot>();
const RECENT = 2;

function remember(hash: string, snapshot: Snapshot): Snapshot {
  recent.delete(hash);
  recent.set(hash, snapshot);
  for (const old of recent.keys()) {
    if (recent.size <= RECENT) break;
    recent.delete(old);
  }
  return snapshot;
}

function recall(hash: string): Snapshot | undefined {
  const s = recent.get(hash);
  return s ? remember(hash, s) : undefined;
}

/**
 * The whole copy this worker read last: its bytes and the version it holds. The chains of the
 * versions stored as changes from it (the older ones, up to MAX_CHAIN_DEPTH: version-codec.ts) all
 * begin with it, so reading another of them starts from it, not from inflating and parsing megabytes
 * again (most of a cold comparison). The replay never changes a snapshot it starts from. Gone with
 * the thread once idle.
 */
let root: { body: Buffer; snapshot: Snapshot } | null = null;

/** readChain, starting from the whole copy read last when the chain begins with the same bytes. */
function readFrom(bodies: readonly Uint8Array[], start?: Snapshot): Snapshot {
  if (start || bodies.length === 0) return readChain(bodies, start);
  const whole = bodies[0]!;
  const first = Buffer.from(whole.buffer, whole.byteOffset, whole.byteLength);
  if (!root?.body.equals(first)) {
    // Let go of the old one first: it is garbage during the parse, and a read that fails keeps none.
    root = null;
    root = { body: Buffer.from(first), snapshot: readChain([first]) };
  }
  return readChain(bodies.slice(1), root.snapshot);
}

/**
 * A version read from its bodies, checked against its content hash when asked; one that cannot be
 * read or does not match fails as `damaged`, naming the side (`fieldErrors.version`).
 */
function checkedRead(read: () => Snapshot, side: SideInput, name: string): Snapshot {
  let snapshot: Snapshot;
  try {
    snapshot = read();
  } catch (err) {
    if (isCancelled(err)) throw err;
    throw damagedSide(name);
  }
  if (side.verify && contentHash(snapshot) !== side.hash) throw damagedSide(name);
  return snapshot;
}

function damagedSide(name: string): ServiceError {
  return new ServiceError('damaged', `The ${name} version cannot be read.`, undefined, { version: [name] });
}

/** Both versions (read before, or from their bodies, what their chains share read once). */
export function readBoth(input: VersionsInput): { from: Snapshot; to: Snapshot } {
  let shared: Snapshot | undefined;
  const read = (side: SideInput, name: 'from' | 'to'): Snapshot => {
    const known = recall(side.hash);
    if (known) return known;
    return remember(
      side.hash,
      checkedRead(
        () => {
          if (input.common.length > 0) shared ??= readFrom(input.common);
          return readFrom(side.bodies, shared);
        },
        side,
        name,
      ),
    );
  };
  const from = read(input.from, 'from');
  cancelPoint();
  return { from, to: read(input.to, 'to') };
}

export interface EncodeInput {
  /** The cache's copy of the estimate just fetched (its stored bytes, see cache/stored-json.ts). */
  entry: Uint8Array;
  /**
   * The version current before (its chain and content hash), how many deltas deep it is, and whether
   * it may become the changes from the new version (`onTop`: no chain through it would then be too
   * deep; version-codec.ts).
   */
  base: { bodies: Uint8Array[]; depth: number; hash: string; verify?: boolean; onTop?: boolean } | null;
  /** Content hashes of the versions kept already: one of them is not encoded again. */
  known: string[];
  /** Content hashes of damaged versions: that content is encoded whole (it repairs the version). */
  whole?: string[];
}

export type EncodeOutput =
  | { duplicate: true; hash: string; modified: string | null }
  | ({
      duplicate: false;
      hash: string;
      modified: string | null;
      summary: VersionSummary;
      /** The base could not be read (damaged): this version is kept whole, and the base marked. */
      baseDamaged?: boolean;
      /** The base's new body: the changes from this version, which is then whole. */
      previous?: { body: Uint8Array; bodySha256: string };
    } & EncodedBody);

/** An encoded body with its SHA-256, worked out here rather than on main's thread before it is written. */
export type EncodedBody = Encoded & { bodySha256: string };

function withChecksum(encoded: Encoded): EncodedBody {
  return { ...encoded, bodySha256: sha256Of(encoded.body) };
}

export async function encodeVersionTask(input: EncodeInput): Promise<EncodeOutput> {
  const { snapshot: next, textBytes } = readCacheBody(input.entry);
  const hash = contentHash(next);
  const modified = textOf(next.header.modified);
  if (input.known.includes(hash)) return { duplicate: true, hash, modified };
  let base: { snapshot: Snapshot; depth: number; onTop: boolean } | null = null;
  let baseDamaged = false;
  if (input.base && !input.whole?.includes(hash)) {
    const b = input.base;
    try {
      const snapshot =
        recall(b.hash) ??
        remember(
          b.hash,
          checkedRead(() => readFrom(b.bodies), b, 'base'),
        );
      base = { snapshot, depth: b.depth, onTop: b.onTop === true };
    } catch (err) {
      if (isCancelled(err)) throw err;
      baseDamaged = true;
    }
  }
  cancelPoint();
  const onTop = base?.onTop ? encodeOnTop(next, base.snapshot, textBytes) : null;
  // Else this version is the changes from the base, as every version was before, when those are
  // smaller than a whole copy (the two directions differ: items added are whole one way, ids the other).
  const encoded = onTop?.previous ? onTop.next : encodeVersion(next, base, textBytes, onTop?.next.body);
  // The next version kept is based on this one.
  remember(hash, next);
  return {
    duplicate: false,
    hash,
    modified,
    summary: summaryOf(next),
    ...withChecksum(encoded),
    ...(baseDamaged ? { baseDamaged } : {}),
    ...(onTop?.previous ? { previous: { body: onTop.previous, bodySha256: sha256Of(onTop.previous) } } : {}),
  };
}

export interface RebaseInput {
  /** The version to store again (its chain as it is now). */
  target: Uint8Array[];
  /** Its new base (that base's chain) and its depth; null: stored whole. */
  base: { bodies: Uint8Array[]; depth: number; hash: string } | null;
}

export async function rebaseVersionTask(input: RebaseInput): Promise<EncodedBody> {
  const next = readChain(input.target);
  const base = input.base ? { snapshot: readChain(input.base.bodies), depth: input.base.depth } : null;
  return withChecksum(encodeVersion(next, base));
}

export interface PrepareInput {
  /** The whole copy the current version's chain begins with. */
  whole: Uint8Array;
}

/** Who the warm-up comparison of prepareVersionsTask is between: no one (its result is dropped). */
const WARM_SIDE: VersionRef = {
  estimateId: '',
  estimateName: '',
  uniqueIdentifier: null,
  versionId: null,
  seq: null,
  name: null,
  fetchedAt: null,
  modified: null,
};

/**
 * Reads a whole copy into this thread ahead of a likely comparison (the versions list was shown): the
 * estimate's first comparison then starts from it (readFrom) instead of inflating and parsing it. It
 * then compares that copy with itself, once, and drops the result: the comparison the user picks
 * next runs code V8 has compiled for an estimate of this size, not code compiled as it goes. A copy
 * that cannot be read is left for that comparison to report.
 */
export async function prepareVersionsTask(input: PrepareInput): Promise<void> {
  let snapshot: Snapshot;
  try {
    snapshot = readFrom([input.whole]);
  } catch (err) {
    if (isCancelled(err)) throw err;
    return;
  }
  cancelPoint();
  compareSnapshots(snapshot, snapshot, { from: WARM_SIDE, to: WARM_SIDE, includeUnchanged: false });
}

export interface CompareInput extends VersionsInput {
  options: CompareOptions;
  /** Also the `plandesk diff --json` form, with these sides. */
  changeSet?: { from: ChangeSetSide; to: ChangeSetSide };
}

/** JSON text: a comparison of 20,000 rows crosses to main (and on to the renderer) as one string. */
export interface CompareOutput {
  comparisonJson: string;
  changeSetJson: string | null;
}

export async function compareVersionsTask(input: CompareInput): Promise<CompareOutput> {
  const { from, to } = readBoth(input);
  cancelPoint();
  const { comparison, matching } = compareSnapshots(from, to, input.options);
  cancelPoint();
  const changeSet = input.changeSet
    ? buildChangeSet(matching, input.changeSet, comparison.totals.delta)
    : null;
  return {
    comparisonJson: JSON.stringify(comparison),
    changeSetJson: changeSet ? JSON.stringify(changeSet) : null,
  };
}
