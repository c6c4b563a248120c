/**
 * Random estimate versions for the property tests: a tree of groups and positions (amounts as the
 * service's twelve-digit text, or as plain numbers the way the lossless parser leaves small ones),
 * and a later version made from it by the edits an estimator makes — quantities and prices changed,
 * positions removed (a group with everything under it), added, moved to another group, re-created
 * under a new id with the same code and name, and the list reordered.
 */
import fc from 'fast-check';
import { Decimal } from '../../src-shared/money/decimal';
import type { RawItem, Snapshot } from '../../src-main/versions/snapshot';
import type { VersionRef } from '../../src-shared/versions/types';

const NAMES = ['Tiles', 'Paint', 'Skirting', 'Door', 'Window', 'Sink', 'Floor', 'Wall'];

function amount(cents: number, asNumber: boolean): string | number {
  return asNumber ? cents / 100 : Decimal.fromInteger(cents).mul(Decimal.parse('0.01')).toFixed(12);
}

function position(id: string, parent: string | null, r: () => number, asNumber: boolean): RawItem {
  const cost = Math.floor(r() * 100_000);
  const markup = Math.floor(r() * 5_000);
  const discount = r() < 0.3 ? Math.floor(r() * 2_000) : 0;
  const rate = r() < 0.8 ? 19 : 7;
  const net = cost + markup - discount;
  return {
    id,
    parent_id: parent,
    type: 'position',
    code: `P${Math.floor(r() * 6)}`,
    name: NAMES[Math.floor(r() * NAMES.length)]!,
    description: r() < 0.5 ? 'As agreed' : '',
    quantity: amount(Math.floor(r() * 10_000), asNumber),
    unit: r() < 0.5 ? 'm²' : 'pcs',
    sort: Math.floor(r() * 5),
    labor_unit_price: amount(Math.floor(r() * 9_000), asNumber),
    material_unit_price: amount(Math.floor(r() * 9_000), asNumber),
    total_cost: amount(cost, asNumber),
    markup: amount(markup, asNumber),
    discount: amount(discount, asNumber),
    tax: amount(rate, asNumber),
    total: amount(Math.round(net * (1 + rate / 100)), asNumber),
    internal_notes: r() < 0.2 ? 'check supplier' : '',
  };
}

function group(id: string, parent: string | null, r: () => number): RawItem {
  return {
    id,
    parent_id: parent,
    type: 'group',
    code: `G${Math.floor(r() * 4)}`,
    name: `Room ${Math.floor(r() * 5)}`,
    quantity: null,
    sort: Math.floor(r() * 5),
    total: '0.000000000000',
  };
}

/** A pseudo-random source from a seed, xorshift32 (fast-check shrinks the seed, the items follow). */
export function random(seed: number): () => number {
  let s = seed >>> 0 || 1;
  return () => {
    s ^= s << 13;
    s ^= s >>> 17;
    s ^= s << 5;
    return (s >>> 0) / 2 ** 32;
  };
}

export function randomItems(seed: number, count: number, asNumber: boolean): RawItem[] {
  const r = random(seed);
  const items: RawItem[] = [];
  const groups: string[] = [];
  for (let i = 0; i < count; i++) {
    const parent = groups.length > 0 && r() < 0.85 ? groups[Math.floor(r() * groups.length)]! : null;
    if (r() < 0.3) {
      const id = `g${seed}-${i}`;
      items.push(group(id, parent, r));
      groups.push(id);
    } else items.push(position(`p${seed}-${i}`, parent, r, asNumber && r() < 0.5));
  }
  return items;
}

/** The later version: `edits` random edits of the estimator's kinds, then the list shuffled. */
export function editedItems(items: readonly RawItem[], seed: number, edits: number): RawItem[] {
  const r = random(seed * 7919 + 1);
  let out = items.map((i) => ({ ...i }));
  const groups = () => out.filter((i) => i.type === 'group').map((i) => String(i.id));
  const positions = () => out.filter((i) => i.type !== 'group');
  let fresh = 0;
  for (let e = 0; e < edits; e++) {
    const kind = Math.floor(r() * 6);
    const ps = positions();
    const pick = ps[Math.floor(r() * ps.length)];
    if (kind === 0 && pick) {
      pick.quantity = amount(Math.floor(r() * 10_000), false);
      pick.total = amount(Math.floor(r() * 200_000), false);
      pick.total_cost = amount(Math.floor(r() * 100_000), false);
    } else if (kind === 1 && out.length > 1) {
      const gone = String(out[Math.floor(r() * out.length)]!.id);
      const removed = new Set([gone]);
      for (let again = true; again;) {
        again = false;
        for (const i of out)
          if (i.parent_id !== null && removed.has(String(i.parent_id)) && !removed.has(String(i.id))) {
            removed.add(String(i.id));
            again = true;
          }
      }
      out = out.filter((i) => !removed.has(String(i.id)));
    } else if (kind === 2) {
      const gs = groups();
      out.push(
        position(`new${seed}-${fresh++}`, gs.length > 0 ? gs[Math.floor(r() * gs.length)]! : null, r, false),
      );
    } else if (kind === 3 && pick) {
      const gs = groups();
      pick.parent_id = gs.length > 0 && r() < 0.8 ? gs[Math.floor(r() * gs.length)]! : null;
    } else if (kind === 4 && pick) {
      // Re-created with a new id: its children follow it.
      const old = String(pick.id);
      pick.id = `re${seed}-${fresh++}`;
      for (const i of out) if (i.parent_id === old) i.parent_id = pick.id;
    } else if (kind === 5 && pick) {
      pick.name = `${String(pick.name)} (revised)`;
      pick.tax = amount(7, false);
    }
  }
  // The service may list the items in any order.
  for (let i = out.length - 1; i > 0; i--) {
    const j = Math.floor(r() * (i + 1));
    [out[i], out[j]] = [out[j]!, out[i]!];
  }
  return out;
}

/** A side of a comparison as a test names it: version 1 of estimate `estimateId`, "Quote". */
export const ref = (estimateId: string): VersionRef => ({
  estimateId,
  estimateName: 'Quote',
  uniqueIdentifier: null,
  versionId: 1,
  seq: 1,
  name: null,
  fetchedAt: null,
  modified: null,
});

export function snapshot(items: readonly RawItem[], extra: Record<string, unknown> = {}): Snapshot {
  return {
    header: { id: 'e1', name: 'Quote', currency: 'EUR', modified: '2026-05-12 10:00:00', ...extra },
    items,
  };
}

/** The same items in another order, each with its keys in another order. */
export function reordered(items: readonly RawItem[], seed: number): RawItem[] {
  const r = random(seed + 17);
  const out = items.map((i) => Object.fromEntries(Object.entries(i).reverse()));
  for (let i = out.length - 1; i > 0; i--) {
    const j = Math.floor(r() * (i + 1));
    [out[i], out[j]] = [out[j]!, out[i]!];
  }
  return out;
}

/** Versions as fast-check generates them: a seed, a size and how many edits. */
export const versionPairs = fc.record({
  seed: fc.integer({ min: 1, max: 2 ** 31 - 1 }),
  count: fc.integer({ min: 0, max: 40 }),
  edits: fc.integer({ min: 0, max: 12 }),
  asNumber: fc.boolean(),
});
