/**
 * Compares two versions of an estimate (or two estimates of one project): which items were added,
 * removed, moved to another group or changed, every changed field old → new, group subtotals and the
 * estimate's net, VAT and gross before and after — exact, and the same for any order of the items.
 *
 * Items are matched by id. An item whose id changed is matched with its older self by code and name
 * (and type): first among items whose parents are matched with each other, then across the estimate,
 * only where exactly one item on each side has that code and name; matching parents first lets their
 * children match next, so it repeats until nothing more matches. Such a match says so (`code-name`).
 */
import { Decimal } from '../../src-shared/money/decimal';
import { ZERO_TEXT, moneyText } from '../../src-shared/money/amounts';
import {
  AMOUNT_COMPARED_FIELDS,
  COMPARED_FIELDS,
  type AmountChange,
  type ChangeKind,
  type ComparedField,
  type ComparisonCounts,
  type ComparisonRow,
  type EstimateComparison,
  type FieldChange,
  type TotalsTriple,
  type VersionRef,
} from '../../src-shared/versions/types';
import { PicoSum } from '../../src-shared/money/pico-sum';
import { amountTextOf, isGroup, textOf, type RawItem, type Snapshot } from './snapshot';
import { buildVersionTree, figuresOf, pathOf, preorder, type VersionTree } from './version-tree';
import { cancelPoint } from '../workers/cancel-point';

/**
 * Rows between two cancel points (in a thread; none on main's): comparing two 20,000-item versions
 * takes long enough under load that a cancel must not wait for the whole of it.
 */
const CANCEL_EVERY = 1024;

/** How each item of one side relates to the other side. */
export interface Matching {
  a: VersionTree;
  b: VersionTree;
  /** a index → b index, -1 when removed. */
  ab: Int32Array;
  /** b index → a index, -1 when added. */
  ba: Int32Array;
  /** b index → matched by code and name (its id changed). */
  byCodeName: Uint8Array;
}

function fallbackKey(item: RawItem): string | null {
  const code = (textOf(item.code) ?? '').trim();
  const name = (textOf(item.name) ?? '').trim();
  if (code === '' && name === '') return null;
  return `${isGroup(item) ? 'g' : 'p'}\u0000${code}\u0000${name}`;
}

export function matchItems(a: VersionTree, b: VersionTree): Matching {
  const ab = new Int32Array(a.items.length).fill(-1);
  const ba = new Int32Array(b.items.length).fill(-1);
  const byCodeName = new Uint8Array(b.items.length);
  if (a.keys === b.keys) {
    // One key list: the second tree was made from the first (version-tree.ts withSums).
    for (let i = 0; i < a.keys.length; i++) ab[i] = ba[i] = i;
  } else {
    for (let i = 0; i < a.keys.length; i++) {
      const j = b.index.get(a.keys[i]!);
      if (j !== undefined) {
        ab[i] = j;
        ba[j] = i;
      }
    }
  }
  // Only items left unmatched by id are candidates (usually a handful of 20,000).
  let openA: number[] = [];
  let openB: number[] = [];
  const keyA = new Map<number, string>();
  const keyB = new Map<number, string>();
  for (let i = 0; i < ab.length; i++) {
    const key = ab[i] === -1 ? fallbackKey(a.items[i]!) : null;
    if (key !== null) {
      keyA.set(i, key);
      openA.push(i);
    }
  }
  for (let j = 0; j < ba.length; j++) {
    const key = ba[j] === -1 ? fallbackKey(b.items[j]!) : null;
    if (key !== null) {
      keyB.set(j, key);
      openB.push(j);
    }
  }

  /** Links the pairs whose key (null: not a candidate) is unique on both sides; how many it linked. */
  const pass = (ofA: (i: number) => string | null, ofB: (j: number) => string | null): number => {
    const left = new Map<string, number>();
    const right = new Map<string, number>();
    const count = (map: Map<string, number>, key: string | null, at: number) => {
      if (key !== null) map.set(key, map.has(key) ? -1 : at);
    };
    for (const i of openA) count(left, ofA(i), i);
    for (const j of openB) count(right, ofB(j), j);
    let linked = 0;
    for (const [key, i] of left) {
      const j = right.get(key);
      if (i < 0 || j === undefined || j < 0) continue;
      ab[i] = j;
      ba[j] = i;
      byCodeName[j] = 1;
      linked++;
    }
    if (linked > 0) {
      openA = openA.filter((i) => ab[i] === -1);
      openB = openB.filter((j) => ba[j] === -1);
    }
    return linked;
  };
  // Under the same (matched) parent first: "Tiles" of the kitchen with the kitchen's.
  const underA = (i: number): string | null => {
    const p = a.parent[i]!;
    const mapped = p < 0 ? -1 : ab[p]!;
    return p >= 0 && mapped < 0 ? null : `${mapped}\u0000${keyA.get(i)!}`;
  };
  const underB = (j: number): string | null => `${b.parent[j]!}\u0000${keyB.get(j)!}`;
  while (openA.length > 0 && openB.length > 0) {
    if (pass(underA, underB) > 0) continue;
    if (
      pass(
        (i) => keyA.get(i)!,
        (j) => keyB.get(j)!,
      ) === 0
    )
      break;
  }
  return { a, b, ab, ba, byCodeName };
}

function sameAmount(x: unknown, y: unknown): boolean {
  if (x === y) return true;
  const tx = amountTextOf(x);
  const ty = amountTextOf(y);
  if (tx === null || ty === null) return tx === ty;
  if (tx === ty) return true;
  const dx = Decimal.tryParse(tx);
  const dy = Decimal.tryParse(ty);
  return dx !== null && dy !== null ? dx.eq(dy) : tx.trim() === ty.trim();
}

/** Amounts as twelve-digit text (text that is not a number as it came). */
function amountOut(value: unknown): string | null {
  const text = amountTextOf(value);
  return text === null ? null : (moneyText(text) ?? text);
}

/** The fields that differ between an item and its older self. */
export function changedFields(from: RawItem, to: RawItem): Partial<Record<ComparedField, FieldChange>> {
  const out: Partial<Record<ComparedField, FieldChange>> = {};
  if (from === to) return out;
  for (const field of COMPARED_FIELDS) {
    const x = from[field];
    const y = to[field];
    if (AMOUNT_COMPARED_FIELDS.has(field)) {
      if (!sameAmount(x, y)) out[field] = { from: amountOut(x), to: amountOut(y) };
    } else if (textOf(x) !== textOf(y)) {
      out[field] = { from: textOf(x), to: textOf(y) };
    }
  }
  return out;
}

/** Both sides as twelve-digit text, and their difference: in doubles, exactly, for nearly every sum. */
function amountChange(from: PicoSum | null, to: PicoSum | null): AmountChange {
  const delta = new PicoSum();
  if (to) delta.addSum(to);
  if (from) delta.subtractSum(from);
  return { from: from?.toText() ?? null, to: to?.toText() ?? null, delta: delta.toText() };
}

function triple(net: Decimal, gross: Decimal): TotalsTriple {
  return { net: net.toFixed(12), tax: gross.sub(net).toFixed(12), gross: gross.toFixed(12) };
}

const KIND: readonly ChangeKind[] = ['unchanged', 'added', 'removed', 'changed', 'moved'];

export interface CompareOptions {
  from: VersionRef;
  to: VersionRef;
  /** Rows of unchanged items too (else only what changed and the groups above it). */
  includeUnchanged: boolean;
}

export interface CompareResult {
  comparison: EstimateComparison;
  matching: Matching;
}

/** Whether a's item `i` (matched with b's `j`) hangs under another group than before. */
export function movedBetween(m: Matching, i: number, j: number): boolean {
  const pa = m.a.parent[i]!;
  const pb = m.b.parent[j]!;
  return (pa < 0 ? -1 : m.ab[pa]! < 0 ? -2 : m.ab[pa]!) !== pb;
}

export function compareSnapshots(older: Snapshot, newer: Snapshot, options: CompareOptions): CompareResult {
  const a = buildVersionTree(older.items);
  cancelPoint();
  // Two versions read from one chain share most of their items: the second tree from the first.
  const b = buildVersionTree(newer.items, a);
  cancelPoint();
  const matching = matchItems(a, b);
  cancelPoint();
  const { ab, ba, byCodeName } = matching;

  // Removed items hang under their old parent's newer self, else under their removed parent, else at
  // the top, after what is there.
  const removedUnderB = new Map<number, number[]>();
  const removedUnderA = new Map<number, number[]>();
  const removedRoots: number[] = [];
  // (Nothing to walk or look up when nothing was removed, as between two versions most often.)
  const anyRemoved = ab.includes(-1);
  for (const i of anyRemoved ? preorder(a) : []) {
    if (ab[i] !== -1) continue;
    const p = a.parent[i]!;
    if (p < 0) removedRoots.push(i);
    else if (ab[p]! >= 0) push(removedUnderB, ab[p]!, i);
    else push(removedUnderA, p, i);
  }

  // First every node of the result tree as numbers (20,000 rows: few objects), then row objects
  // only for the rows shown.
  const size = a.items.length + b.items.length;
  const nodeA = new Int32Array(size);
  const nodeB = new Int32Array(size);
  const depthOf = new Int32Array(size);
  const parentOf = new Int32Array(size);
  const kindOf = new Uint8Array(size);
  const below = new Uint8Array(size);
  const fieldsOf = new Map<number, Partial<Record<ComparedField, FieldChange>>>();
  const counts: ComparisonCounts = {
    added: 0,
    removed: 0,
    moved: 0,
    changed: 0,
    unchanged: 0,
    matchedByCodeName: 0,
  };
  let count = 0;
  const stack: number[] = []; // triples: a, b, parent row
  const pushNode = (i: number, j: number, parent: number) => stack.push(i, j, parent);
  for (let k = removedRoots.length - 1; k >= 0; k--) pushNode(removedRoots[k]!, -1, -1);
  for (let k = b.roots.length - 1; k >= 0; k--) pushNode(ba[b.roots[k]!]!, b.roots[k]!, -1);
  while (stack.length > 0) {
    const parent = stack.pop()!;
    const j = stack.pop()!;
    const i = stack.pop()!;
    const at = count++;
    if (at % CANCEL_EVERY === 0) cancelPoint();
    nodeA[at] = i;
    nodeB[at] = j;
    parentOf[at] = parent;
    depthOf[at] = parent < 0 ? 0 : depthOf[parent]! + 1;
    let kind: number;
    if (i < 0) kind = 1;
    else if (j < 0) kind = 2;
    else {
      const moved = movedBetween(matching, i, j);
      if (moved) counts.moved++;
      if (byCodeName[j]) counts.matchedByCodeName++;
      // Items of one chain that no delta touched are one object on both sides: nothing to look at.
      let ownChange = false;
      if (a.items[i] !== b.items[j]) {
        const fields = changedFields(a.items[i]!, b.items[j]!);
        const changed = Object.keys(fields);
        if (changed.length > 0) fieldsOf.set(at, fields);
        // A group whose total alone differs changed only below (its subtotal says by how much).
        ownChange = (isGroup(b.items[j]!) ? changed.filter((f) => f !== 'total') : changed).length > 0;
      }
      kind = ownChange ? 3 : moved ? 4 : 0;
    }
    kindOf[at] = kind;
    below[at] = kind !== 0 || (j >= 0 && byCodeName[j]) || subtotalsDiffer(a, b, i, j) ? 1 : 0;
    // Children: b's in order, then the removed ones that hang here.
    const removed = !anyRemoved ? undefined : j >= 0 ? removedUnderB.get(j) : removedUnderA.get(i);
    if (removed) for (let k = removed.length - 1; k >= 0; k--) pushNode(removed[k]!, -1, at);
    if (j >= 0) {
      for (let k = b.childStart[j + 1]! - 1; k >= b.childStart[j]!; k--) {
        const kid = b.childList[k]!;
        pushNode(ba[kid]!, kid, at);
      }
    }
  }
  for (let r = count - 1; r > 0; r--) if (below[r] && parentOf[r]! >= 0) below[parentOf[r]!] = 1;
  for (let r = 0; r < count; r++) {
    const kind = KIND[kindOf[r]!]!;
    if (kind === 'unchanged') counts.unchanged++;
    else if (kind === 'added') counts.added++;
    else if (kind === 'removed') counts.removed++;
    else if (kind === 'changed') counts.changed++;
  }

  const rows: ComparisonRow[] = [];
  const rowIndex = new Int32Array(count).fill(-1);
  for (let r = 0; r < count; r++) {
    if (r % CANCEL_EVERY === 0) cancelPoint();
    if (!options.includeUnchanged && !below[r]) continue;
    const i = nodeA[r]!;
    const j = nodeB[r]!;
    const item = j >= 0 ? b.items[j]! : a.items[i]!;
    const kind = KIND[kindOf[r]!]!;
    const matched = i >= 0 && j >= 0;
    const moved =
      matched && movedBetween(matching, i, j)
        ? {
            fromParent: a.parent[i]! < 0 ? null : a.keys[a.parent[i]!]!,
            toParent: b.parent[j]! < 0 ? null : b.keys[b.parent[j]!]!,
            fromPath: pathOf(a, i),
            toPath: pathOf(b, j),
          }
        : null;
    const from = i >= 0 ? figuresOf(a, i) : null;
    const to = j >= 0 ? figuresOf(b, j) : null;
    rowIndex[r] = rows.length;
    rows.push({
      id: j >= 0 ? b.keys[j]! : a.keys[i]!,
      fromId: i >= 0 && (j < 0 || a.keys[i] !== b.keys[j]) ? a.keys[i]! : null,
      type: isGroup(item) ? 'group' : 'position',
      code: textOf(item.code),
      name: textOf(item.name),
      description: textOf(item.description),
      unit: textOf(item.unit),
      tax: amountOut(item.tax),
      kind,
      matchedBy: matched ? (byCodeName[j] ? 'code-name' : 'id') : null,
      moved,
      fields: fieldsOf.get(r) ?? {},
      net: amountChange(from?.net ?? null, to?.net ?? null),
      gross: amountChange(from?.gross ?? null, to?.gross ?? null),
      depth: depthOf[r]!,
      parentIndex: parentOf[r]! >= 0 ? rowIndex[parentOf[r]!]! : -1,
      subtreeSize: 0,
      changedBelow: below[r] === 1,
    });
  }
  for (let r = rows.length - 1; r >= 0; r--) {
    const p = rows[r]!.parentIndex;
    if (p >= 0) rows[p]!.subtreeSize += rows[r]!.subtreeSize + 1;
  }

  const [fromNet, fromGross, toNet, toGross] = [a.total.net, a.total.gross, b.total.net, b.total.gross].map(
    (sum) => sum.toDecimal(),
  );
  const comparison: EstimateComparison = {
    from: options.from,
    to: options.to,
    sameEstimate: options.from.estimateId === options.to.estimateId,
    currency: textOf(newer.header.currency) ?? textOf(older.header.currency),
    counts,
    totals: {
      from: triple(fromNet!, fromGross!),
      to: triple(toNet!, toGross!),
      delta: triple(toNet!.sub(fromNet!), toGross!.sub(fromGross!)),
    },
    rows,
    includesUnchanged: options.includeUnchanged,
  };
  return { comparison, matching };
}

/**
 * Whether an item's subtotals differ between the sides (a group that lost a position to another
 * group changed only in its subtotal; it is shown with it).
 */
function subtotalsDiffer(a: VersionTree, b: VersionTree, i: number, j: number): boolean {
  if (i < 0 || j < 0) return false;
  // Subtotals are kept only for items with children: none on either side, none to compare.
  if (a.childStart[i + 1] === a.childStart[i] && b.childStart[j + 1] === b.childStart[j]) return false;
  const x = a.below.get(i);
  const y = b.below.get(j);
  // One object: sums shared by two versions of a chain (version-tree.ts withSums).
  if (x === y) return false;
  const text = (sums: typeof x, of: 'net' | 'gross') => sums?.[of].toText() ?? ZERO_TEXT;
  return text(x, 'net') !== text(y, 'net') || text(x, 'gross') !== text(y, 'gross');
}

function push(map: Map<number, number[]>, key: number, value: number): void {
  const list = map.get(key);
  if (list) list.push(value);
  else map.set(key, [value]);
}
