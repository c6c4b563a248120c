/**
 * The hierarchy of one version's items, by index into its item list, built the way the estimate
 * tree is (src-main/estimates/tree.ts): parents from `parent_id`, siblings ordered by `sort` then
 * id, a missing parent makes a top-level item, and a cycle is broken where it is entered. No
 * recursion: 20,000 items deep is fine. Also the subtotals (net amount and total) of the positions
 * below each item that has any, and of the whole version, exact; a position's own figures are read
 * when asked for (a comparison shows a few hundred of 20,000).
 */
import { PicoSum } from '../../src-shared/money/pico-sum';
import { addPosition, isGroup, itemKeys, textOf, type RawItem } from './snapshot';

export interface VersionTree {
  items: readonly RawItem[];
  keys: string[];
  index: Map<string, number>;
  /** Parent index, -1 at the top level. */
  parent: Int32Array;
  /** Item i's children, in order: childList[childStart[i]] … childList[childStart[i + 1] - 1]. */
  childStart: Int32Array;
  childList: Int32Array;
  roots: number[];
  /** Per item with children: the net amounts and totals of the positions below it. */
  below: Map<number, { net: PicoSum; gross: PicoSum }>;
  /** The whole version's. */
  total: { net: PicoSum; gross: PicoSum };
}

function sortValue(value: unknown): number {
  const n = typeof value === 'number' ? value : typeof value === 'string' ? Number(value) : NaN;
  return Number.isFinite(n) ? n : 0;
}

/** Trees built before, by item list (a version read once is compared several times). */
const built = new WeakMap<readonly RawItem[], VersionTree>();

/**
 * The tree of a version's items. With `related`, the tree of another version of the same estimate:
 * when these items are that version's in the same order, some replaced (as a delta's changes are
 * applied, versions/version-codec.ts) and none of those moved, the hierarchy is the same, and only
 * the sums are worked out again (comparing two versions read from one chain: most of the second
 * tree's cost).
 */
export function buildVersionTree(items: readonly RawItem[], related?: VersionTree): VersionTree {
  const cached = built.get(items);
  if (cached) return cached;
  const tree = related && sameHierarchy(items, related) ? withSums(items, related) : buildTree(items);
  built.set(items, tree);
  return tree;
}

/** The key of an item's parent, as buildTree looks it up (null: none given). */
function parentKey(item: RawItem): string | null {
  const p = item.parent_id;
  return p === null || p === undefined ? null : typeof p === 'string' ? p : String(p);
}

/**
 * Whether `items` have `related`'s hierarchy: the same keys in the same order, and every item not
 * shared with it in the same place (parent, sort value and kind as the item it replaces).
 */
function sameHierarchy(items: readonly RawItem[], related: VersionTree): boolean {
  const n = items.length;
  if (n !== related.items.length) return false;
  const { keys } = itemKeys(items);
  if (keys !== related.keys) for (let i = 0; i < n; i++) if (keys[i] !== related.keys[i]) return false;
  for (let i = 0; i < n; i++) {
    const item = items[i]!;
    const was = related.items[i]!;
    if (item === was) continue;
    if (
      parentKey(item) !== parentKey(was) ||
      sortValue(item.sort) !== sortValue(was.sort) ||
      isGroup(item) !== isGroup(was)
    )
      return false;
  }
  return true;
}

/**
 * `related`'s hierarchy over `items` (sameHierarchy), with the sums of these items. When few
 * positions differ (a delta's changes), `related`'s sums are moved by what each of them changed,
 * along its ancestors only: the sums of every other group are `related`'s own objects (never
 * changed once built), which also tells a comparison at once that they are the same.
 */
function withSums(items: readonly RawItem[], related: VersionTree): VersionTree {
  const { parent, childStart, childList, roots } = related;
  const shape = { items, keys: related.keys, index: related.index, parent, childStart, childList, roots };
  const changed: number[] = [];
  for (let i = 0; i < items.length; i++) {
    if (items[i] !== related.items[i] && !isGroup(items[i]!)) changed.push(i);
    if (changed.length > items.length / 8) return sumsOf(shape);
  }
  const below = new Map(related.below);
  const copied = new Set<number>();
  const total = { net: copyOf(related.total.net), gross: copyOf(related.total.gross) };
  const sumsAt = (p: number): { net: PicoSum; gross: PicoSum } => {
    if (p < 0) return total;
    if (!copied.has(p)) {
      const was = related.below.get(p)!;
      below.set(p, { net: copyOf(was.net), gross: copyOf(was.gross) });
      copied.add(p);
    }
    return below.get(p)!;
  };
  for (const i of changed) {
    const net = new PicoSum();
    const gross = new PicoSum();
    addPosition(items[i]!, net, gross);
    addPosition(related.items[i]!, net, gross, -1);
    // Every ancestor has children, so sums of its own; the walk ends at the top (cycles were cut).
    for (let p = parent[i]!; ; p = parent[p]!) {
      const into = sumsAt(p);
      into.net.addSum(net);
      into.gross.addSum(gross);
      if (p < 0) break;
    }
  }
  return { ...shape, below, total };
}

function copyOf(sum: PicoSum): PicoSum {
  const copy = new PicoSum();
  copy.addSum(sum);
  return copy;
}

function buildTree(items: readonly RawItem[]): VersionTree {
  const n = items.length;
  const { keys, index } = itemKeys(items);
  const parent = new Int32Array(n).fill(-1);
  for (let i = 0; i < n; i++) {
    const p = items[i]!.parent_id;
    if (p === null || p === undefined) continue;
    const at = index.get(typeof p === 'string' ? p : String(p));
    if (at !== undefined && at !== i) parent[i] = at;
  }
  const sorts = new Float64Array(n);
  for (let i = 0; i < n; i++) sorts[i] = sortValue(items[i]!.sort);
  let shape = hierarchy(items, keys, index, parent, sorts);
  // The items of a cycle (and those below them) have no way up to the top level, so the walk from
  // the top missed them: rare, and only then looked for and broken, and the lists made again.
  if (shape.order.length < n) {
    breakCycles(parent, keys);
    shape = hierarchy(items, keys, index, parent, sorts);
  }
  return sumsOf(shape.tree, shape.order);
}

/** Each cycle entered at its first member in key order, which becomes a top-level item. */
function breakCycles(parent: Int32Array, keys: readonly string[]): void {
  const n = parent.length;
  const state = new Uint8Array(n); // 0 unknown, 1 on the current walk, 2 reaches the top
  const walk: number[] = [];
  for (let i = 0; i < n; i++) {
    if (state[i] === 2) continue;
    walk.length = 0;
    let at = i;
    while (at !== -1 && state[at] === 0) {
      state[at] = 1;
      walk.push(at);
      at = parent[at]!;
    }
    if (at !== -1 && state[at] === 1) {
      const members = walk.slice(walk.indexOf(at));
      const first = members.reduce((x, y) => (keys[x]! <= keys[y]! ? x : y));
      parent[first] = -1;
    }
    for (const w of walk) state[w] = 2;
  }
}

/**
 * The children lists (in one array, each sorted by sort value, then key) and the top level, and every
 * item reached from the top, in preorder.
 */
function hierarchy(
  items: readonly RawItem[],
  keys: string[],
  index: Map<string, number>,
  parent: Int32Array,
  sorts: Float64Array,
): { tree: Omit<VersionTree, 'below' | 'total'>; order: number[] } {
  const n = items.length;
  const childStart = new Int32Array(n + 1);
  for (let i = 0; i < n; i++) if (parent[i]! >= 0) childStart[parent[i]! + 1]!++;
  for (let i = 0; i < n; i++) childStart[i + 1]! += childStart[i]!;
  const fill = childStart.slice(0, n);
  const childList = new Int32Array(Math.max(0, childStart[n]!));
  let top = 0;
  for (let i = 0; i < n; i++) if (parent[i]! < 0) top++;
  const rootList = new Int32Array(top);
  top = 0;
  for (let i = 0; i < n; i++) {
    const p = parent[i]!;
    if (p < 0) rootList[top++] = i;
    else childList[fill[p]!++] = i;
  }
  const order = new ChildOrder(sorts, keys, n);
  order.sort(rootList);
  for (let p = 0; p < n; p++) {
    const from = childStart[p]!;
    const to = childStart[p + 1]!;
    if (to - from > 1) order.sort(childList.subarray(from, to));
  }
  const tree = { items, keys, index, parent, childStart, childList, roots: Array.from(rootList) };
  return { tree, order: preorder(tree) };
}

/** Places and sort values below this pack into one double exactly (their product is below 2⁵²). */
const PACK = 2 ** 26;

/**
 * Sorts children lists by (sort value, key). A list whose sort values are all different integers —
 * nearly every list — is sorted by the typed array's own numeric sort, each item's sort value and
 * place packed into one double: in a thread that had not run this code before, a comparator called
 * for every pair of 20,000 items cost a third of building the tree. Any other list takes the
 * comparator.
 */
class ChildOrder {
  private readonly packed: Float64Array;
  private readonly byComparator: (x: number, y: number) => number;

  constructor(
    private readonly sorts: Float64Array,
    keys: readonly string[],
    n: number,
  ) {
    this.packed = new Float64Array(n);
    this.byComparator = (x, y) =>
      sorts[x]! !== sorts[y]!
        ? sorts[x]! - sorts[y]!
        : keys[x]! < keys[y]!
          ? -1
          : keys[x]! > keys[y]!
            ? 1
            : 0;
  }

  sort(list: Int32Array): void {
    const k = list.length;
    if (k < 2) return;
    if (this.sortedByNumber(list)) return;
    list.set(Array.from(list).sort(this.byComparator));
  }

  /** Sorts the list by its packed numbers; false (the list left as a permutation) on a tie or another value. */
  private sortedByNumber(list: Int32Array): boolean {
    const k = list.length;
    const packed = this.packed.subarray(0, k);
    for (let m = 0; m < k; m++) {
      const i = list[m]!;
      const s = this.sorts[i]!;
      if (!Number.isInteger(s) || s <= -PACK || s >= PACK || i >= PACK) return false;
      packed[m] = s * PACK + i;
    }
    packed.sort();
    let tie = false;
    let before = NaN;
    for (let m = 0; m < k; m++) {
      const s = Math.floor(packed[m]! / PACK);
      list[m] = packed[m]! - s * PACK;
      if (s === before) tie = true;
      before = s;
    }
    return !tie;
  }
}

/**
 * The tree with the subtotals of each item that has children, and the version's total (`order`: its
 * preorder, when known).
 */
function sumsOf(shape: Omit<VersionTree, 'below' | 'total'>, order?: readonly number[]): VersionTree {
  const { items, parent, childStart } = shape;
  const n = items.length;
  const below = new Map<number, { net: PicoSum; gross: PicoSum }>();
  for (let i = 0; i < n; i++)
    if (childStart[i + 1]! > childStart[i]!) below.set(i, { net: new PicoSum(), gross: new PicoSum() });
  const total = { net: new PicoSum(), gross: new PicoSum() };
  // Each position's figures go to the sums of its parent (read once); then each item's sums to its
  // parent's, children before parents.
  for (let i = 0; i < n; i++) {
    if (isGroup(items[i]!)) continue;
    const into = parent[i]! >= 0 ? below.get(parent[i]!)! : total;
    addPosition(items[i]!, into.net, into.gross);
  }
  const tree: VersionTree = { ...shape, below, total };
  const walk = order ?? preorder(tree);
  for (let k = walk.length - 1; k >= 0; k--) {
    const sums = below.get(walk[k]!);
    if (!sums) continue;
    const p = parent[walk[k]!]!;
    const into = p >= 0 ? below.get(p)! : total;
    into.net.addSum(sums.net);
    into.gross.addSum(sums.gross);
  }
  return tree;
}

/** Item i's children, in order. */
export function childrenOf(tree: VersionTree, i: number): Int32Array {
  return tree.childList.subarray(tree.childStart[i]!, tree.childStart[i + 1]!);
}

/** An item's figures as a comparison shows them: a group's subtotals, a position's own amounts. */
export function figuresOf(tree: VersionTree, i: number): { net: PicoSum; gross: PicoSum } {
  if (isGroup(tree.items[i]!)) return tree.below.get(i) ?? { net: new PicoSum(), gross: new PicoSum() };
  const own = { net: new PicoSum(), gross: new PicoSum() };
  addPosition(tree.items[i]!, own.net, own.gross);
  return own;
}

/** Every index, parents before their children, siblings in order. */
export function preorder(tree: Pick<VersionTree, 'roots' | 'childStart' | 'childList'>): number[] {
  const out: number[] = [];
  const stack = [...tree.roots].reverse();
  const { childStart, childList } = tree;
  while (stack.length > 0) {
    const i = stack.pop()!;
    out.push(i);
    for (let k = childStart[i + 1]! - 1; k >= childStart[i]!; k--) stack.push(childList[k]!);
  }
  return out;
}

/** The names of the groups above an item, top down ("Sanitär › Bad › Boden"). */
export function pathOf(tree: VersionTree, i: number): string {
  const names: string[] = [];
  for (let p = tree.parent[i]!; p >= 0 && names.length < 1000; p = tree.parent[p]!) {
    names.push(textOf(tree.items[p]!.name) ?? tree.keys[p]!);
  }
  return names.reverse().join(' › ');
}
