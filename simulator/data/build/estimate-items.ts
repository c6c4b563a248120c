/**
 * The item list of an estimate: a tree of groups (trade > room > building element > phase) and
 * positions drawn from the trade catalogue, flattened and shuffled as the service returns it, with
 * exact money and group totals.
 */
import { Decimal } from '../../../src-shared/money/decimal';
import {
  ELEMENT_GROUPS,
  FALLBACK_GROUP,
  INTERNAL_NOTES,
  PHASE_GROUPS,
  TRADES,
  type Localized,
  type Trade,
  type Unit,
} from '../catalogues';
import { pricePosition, simItem } from '../estimate-item';
import { fromHundredths, fx, pad } from '../numbers';
import type { Prng } from '../prng';
import { sqlTime, timeBetween } from '../time';
import type { SimEstimateItem } from '../types';
import type { Gen } from './gen';

const DISCOUNT_RATES = ['0.03', '0.05', '0.10'].map((r) => Decimal.parse(r));

interface ItemNode {
  item: SimEstimateItem;
  parent: ItemNode | null;
  depth: number;
  trade: Trade;
  location: string;
  childCount: number;
  /** Names of child groups (groups only). */
  usedNames: Set<string> | null;
  /** Group: accumulated children's totals. Position: its own total. */
  total: Decimal;
}

export interface ItemOptions {
  count: number;
  roomNames: string[];
  taxRate: string;
  /** A rarely used second rate (e.g. 7 % in Germany), or null. */
  altTaxRate: string | null;
  markupRate: Decimal;
  createdMs: number;
  modifiedMs: number;
  /** Probability that a new item is a group (with one position), 0.1–0.3. */
  groupShare: number;
}

function quantityHundredths(rng: Prng, unit: Unit): number {
  switch (unit) {
    case 'm²':
      return rng.chance(0.3) ? rng.int(150, 6500) : rng.int(4, 240) * 25;
    case 'm':
      return rng.int(2, 80) * 50;
    case 'pcs':
      return rng.int(1, 8) * 100;
    case 'h':
      return rng.int(2, 60) * 50;
  }
}

/** Builds the flat item list (shuffled), with exact group totals. */
export function buildEstimateItems(g: Gen, opts: ItemOptions): SimEstimateItem[] {
  const { rng, ids, lang } = g;
  const nodes: ItemNode[] = [];
  const groupsByDepth: ItemNode[][] = [[], [], [], [], []];
  const topUsed = new Set<string>();
  let topCount = 0;
  const fallbackCounters = [0, 0, 0, 0];
  const tax = Decimal.parse(opts.taxRate);
  const altTax = opts.altTaxRate === null ? null : Decimal.parse(opts.altTaxRate);
  const span = Math.max(0, opts.modifiedMs - opts.createdMs);

  const times = (): { created: string; modified: string } => {
    const created = opts.createdMs + Math.floor((rng.next() * span) / 2000) * 1000;
    const modified = timeBetween(rng, created, opts.modifiedMs);
    return { created: sqlTime(created), modified: sqlTime(modified) };
  };

  const nextSort = (parent: ItemNode | null): number => {
    if (parent) return ++parent.childCount;
    return ++topCount;
  };

  // Big estimates run out of real group names; small ones add a position instead.
  const fallbackNames = opts.count > 200;
  const groupName = (
    parent: ItemNode | null,
    depth: number,
  ): { name: string; trade: Trade | null } | null => {
    const used = parent?.usedNames ?? topUsed;
    let candidates: { name: string; trade: Trade | null }[];
    if (depth === 1) candidates = TRADES.map((t) => ({ name: t.name[lang], trade: t }));
    else if (depth === 2) candidates = opts.roomNames.map((n) => ({ name: n, trade: null }));
    else if (depth === 3) candidates = ELEMENT_GROUPS.map((e) => ({ name: e[lang], trade: null }));
    else candidates = PHASE_GROUPS.map((e) => ({ name: e[lang], trade: null }));
    const free = candidates.filter((c) => !used.has(c.name));
    if (free.length > 0) return rng.pick(free);
    if (!fallbackNames) return null;
    const k = Math.min(depth, 4) - 1;
    fallbackCounters[k] = (fallbackCounters[k] ?? 0) + 1;
    return { name: `${(FALLBACK_GROUP[k] as Localized)[lang]} ${fallbackCounters[k]}`, trade: null };
  };

  const baseItem = (
    parent: ItemNode | null,
    type: 'group' | 'position',
    code: string,
    name: string,
    sort: number,
  ): SimEstimateItem =>
    simItem({
      id: ids.uuid(),
      parent_id: parent ? parent.item.id : null,
      type,
      code,
      name,
      sort,
      ...times(),
    });

  const addGroup = (parent: ItemNode | null): ItemNode | null => {
    const depth = parent ? parent.depth + 1 : 1;
    const named = groupName(parent, depth);
    if (named === null) return null;
    const { name, trade } = named;
    (parent?.usedNames ?? topUsed).add(name);
    const sort = nextSort(parent);
    const code = parent ? `${parent.item.code}.${pad(sort, 2)}` : pad(sort, 2);
    const item = baseItem(parent, 'group', code, name, sort);
    const nodeTrade = trade ?? parent?.trade ?? rng.pick(TRADES);
    const location = depth === 2 ? name : (parent?.location ?? '');
    item.category = nodeTrade.name[lang];
    item.location = location;
    const node: ItemNode = {
      item,
      parent,
      depth,
      trade: nodeTrade,
      location,
      childCount: 0,
      usedNames: new Set(),
      total: Decimal.ZERO,
    };
    nodes.push(node);
    (groupsByDepth[depth] as ItemNode[]).push(node);
    return node;
  };

  const addPosition = (parent: ItemNode | null): void => {
    const trade = parent ? parent.trade : rng.pick(TRADES);
    const tpl = rng.pick(trade.positions);
    const sort = nextSort(parent);
    const code = parent ? `${parent.item.code}.${pad(sort, 3)}` : pad(sort, 3);
    const item = baseItem(parent, 'position', code, tpl.name[lang], sort);
    const q = fromHundredths(quantityHundredths(rng, tpl.unit));
    const price = (range: [number, number] | undefined, p: number): Decimal =>
      range && rng.chance(p) ? fromHundredths(rng.int(range[0], range[1])) : Decimal.ZERO;
    // Drawn in this order (the data set depends on it): the unit prices, then whether there is a
    // markup, a discount (and its rate), the other tax rate.
    const labor = price(tpl.labor, 1);
    const material = price(tpl.material, 1);
    const equipment = price(tpl.equipment, 0.6);
    const other = price(tpl.other, 0.8);
    const markupRate = rng.chance(0.1) ? Decimal.ZERO : opts.markupRate;
    const discount = rng.chance(0.15) ? { rate: rng.pick(DISCOUNT_RATES) } : undefined;
    const rate = altTax && rng.chance(0.05) ? altTax : tax;
    const priced = pricePosition({
      quantity: q,
      labor,
      material,
      equipment,
      other,
      markupRate,
      discount,
      tax: rate,
    });

    item.description = tpl.description && rng.chance(0.7) ? tpl.description[lang] : '';
    item.category = trade.name[lang];
    item.location = parent?.location ?? '';
    item.internal_notes = rng.chance(0.08) ? rng.pick(INTERNAL_NOTES)[lang] : '';
    Object.assign(item, priced.fields, { unit: tpl.unit });
    nodes.push({
      item,
      parent,
      depth: parent ? parent.depth + 1 : 1,
      trade,
      location: item.location,
      childCount: 0,
      usedNames: null,
      total: priced.total,
    });
  };

  const groupAt = (depth: number): ItemNode | null => {
    if (depth === 0) return null;
    for (let d = depth; d >= 1; d--) {
      const list = groupsByDepth[d] as ItemNode[];
      if (list.length > 0) return rng.pick(list);
    }
    return null;
  };

  // The skeleton: the first trade with the guaranteed chain trade > room > element > position
  // (three levels of groups), further trades with a room and a position each.
  const addChain = (levels: number): void => {
    let parent: ItemNode | null = null;
    for (let level = 0; level < levels; level++) {
      const group = addGroup(parent);
      if (group === null) break;
      parent = group;
    }
    addPosition(parent);
  };
  addChain(3);
  let remaining = opts.count - 4;
  const trades = opts.count >= 10 ? Math.min(TRADES.length, Math.max(2, Math.floor(opts.count / 8))) : 1;
  for (let t = 1; t < trades; t++) {
    addChain(2);
    remaining -= 3;
  }
  while (remaining > 0) {
    const group =
      remaining >= 2 && rng.chance(opts.groupShare)
        ? addGroup(groupAt(rng.weighted([0, 1, 2, 3], [1, 3, 4, 2])))
        : null;
    if (group !== null) {
      addPosition(group);
      remaining -= 2;
    } else {
      addPosition(groupAt(rng.weighted([0, 1, 2, 3, 4], [1, 3, 5, 9, 2])));
      remaining -= 1;
    }
  }

  // Group totals: children are always created after their parent, so walking backwards sees every
  // child before its parent.
  for (let i = nodes.length - 1; i >= 0; i--) {
    const node = nodes[i] as ItemNode;
    if (node.item.type === 'group') node.item.total = fx(node.total);
    if (node.parent) node.parent.total = node.parent.total.add(node.total);
  }

  return rng.shuffle(nodes.map((n) => n.item));
}
