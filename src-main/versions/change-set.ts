/**
 * The comparison as `plandesk diff --json` prints it: the items added and removed (whole), the ones
 * moved to another group (their parent ids on each side), the ones changed (every changed field
 * old → new; an item matched by code and name says so, with its older id, even when nothing else
 * changed), and the totals' differences. Money: decimal text with twelve fractional digits. Lists
 * in tree order (removed items in the older tree's), so the order of the service's list never
 * changes the output.
 *
 * `applyChangeSet` is its inverse on the older items: what a reader of the file can do with it, and
 * how the tests prove the file complete.
 */
import type { ComparedField, FieldChange, TotalsTriple } from '../../src-shared/versions/types';
import { COMPARED_FIELDS, AMOUNT_COMPARED_FIELDS } from '../../src-shared/versions/types';
import { moneyText } from '../../src-shared/money/amounts';
import { changedFields, movedBetween, type Matching } from './compare';
import { amountTextOf, textOf, type RawItem } from './snapshot';
import { preorder } from './version-tree';

export interface ChangeSetSide {
  id: string;
  /** When the version compared was fetched (absent: the service's current one, fetched now). */
  fetched_at?: string;
  modified: string | null;
}

/** An item as the change set lists it: the service's fields, amounts as twelve-digit text. */
export type ChangeSetItem = { id: string; parent_id: string | null; sort: number | null } & Record<
  ComparedField,
  string | null
>;

export interface ChangeSet {
  from: ChangeSetSide;
  to: ChangeSetSide;
  added: ChangeSetItem[];
  removed: ChangeSetItem[];
  moved: { id: string; from_parent: string | null; to_parent: string | null }[];
  changed: {
    id: string;
    /** Only for an item whose id changed: its older id, and how it was matched. */
    from_id?: string;
    matched_by?: 'code+name';
    name: string | null;
    fields: Partial<Record<ComparedField, FieldChange>>;
  }[];
  totals_delta: TotalsTriple;
}

export function changeSetItem(item: RawItem, id: string, parentId: string | null): ChangeSetItem {
  const out = { id, parent_id: parentId, sort: sortOf(item.sort) } as ChangeSetItem;
  for (const field of COMPARED_FIELDS) {
    if (AMOUNT_COMPARED_FIELDS.has(field)) {
      const text = amountTextOf(item[field]);
      out[field] = text === null ? null : (moneyText(text) ?? text);
    } else {
      out[field] = textOf(item[field]);
    }
  }
  return out;
}

function sortOf(value: unknown): number | null {
  const n = typeof value === 'number' ? value : typeof value === 'string' ? Number(value) : NaN;
  return Number.isFinite(n) ? n : null;
}

export function buildChangeSet(
  m: Matching,
  sides: { from: ChangeSetSide; to: ChangeSetSide },
  totalsDelta: TotalsTriple,
): ChangeSet {
  const { a, b, ab, ba, byCodeName } = m;
  const parentKey = (tree: typeof a, i: number): string | null => {
    const p = tree.parent[i]!;
    return p < 0 ? null : tree.keys[p]!;
  };
  const set: ChangeSet = {
    from: sides.from,
    to: sides.to,
    added: [],
    removed: [],
    moved: [],
    changed: [],
    totals_delta: totalsDelta,
  };
  for (const i of preorder(a)) {
    if (ab[i] === -1) set.removed.push(changeSetItem(a.items[i]!, a.keys[i]!, parentKey(a, i)));
  }
  for (const j of preorder(b)) {
    const i = ba[j]!;
    if (i === -1) {
      set.added.push(changeSetItem(b.items[j]!, b.keys[j]!, parentKey(b, j)));
      continue;
    }
    if (movedBetween(m, i, j)) {
      set.moved.push({ id: b.keys[j]!, from_parent: parentKey(a, i), to_parent: parentKey(b, j) });
    }
    const fields = changedFields(a.items[i]!, b.items[j]!);
    if (Object.keys(fields).length > 0 || byCodeName[j]) {
      set.changed.push({
        id: b.keys[j]!,
        ...(byCodeName[j] ? { from_id: a.keys[i]!, matched_by: 'code+name' as const } : {}),
        name: textOf(b.items[j]!.name),
        fields,
      });
    }
  }
  return set;
}

/**
 * The older side's items (as change-set items) with the change set applied: the newer side's items,
 * field for field (`sort` aside: the comparison does not report order within a group).
 */
export function applyChangeSet(set: ChangeSet, older: readonly ChangeSetItem[]): ChangeSetItem[] {
  const removed = new Set(set.removed.map((r) => r.id));
  // Older id → newer id, for items whose id changed (their children still name the older one).
  const renamed = new Map<string, string>();
  for (const c of set.changed) if (c.from_id !== undefined) renamed.set(c.from_id, c.id);
  const byOlderId = new Map(set.changed.map((c) => [c.from_id ?? c.id, c]));
  const moved = new Map(set.moved.map((m) => [m.id, m]));
  const out: ChangeSetItem[] = [];
  for (const item of older) {
    if (removed.has(item.id)) continue;
    const next = { ...item, id: renamed.get(item.id) ?? item.id };
    next.parent_id = item.parent_id === null ? null : (renamed.get(item.parent_id) ?? item.parent_id);
    const change = byOlderId.get(item.id);
    for (const [field, value] of Object.entries(change?.fields ?? {}))
      next[field as ComparedField] = value.to;
    const move = moved.get(next.id);
    if (move) next.parent_id = move.to_parent;
    out.push(next);
  }
  out.push(...set.added);
  return out;
}
