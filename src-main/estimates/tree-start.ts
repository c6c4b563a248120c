/**
 * The first step of building an estimate's tree (tree.ts), item by item: each item's node, with every
 * value in PlanDesk's form, indexed by id, and the warnings an item earns on its own. It can be taken
 * while an answer arrives, on the items parsed so far (api/streamed-array.ts).
 */
import type { EstimateItem } from '../api/schemas';
import { MONEY_FIELDS, type EstimateNode, type EstimateWarning } from '../../src-shared/estimates/types';
import { AMOUNT, AmountTexts } from './amount-texts';
import { amountOrZero } from '../../src-shared/money/amounts';

/**
 * Amounts a group should not carry (all but its total and its tax rate); a group that has any
 * (non-zero) is shown, with a warning.
 */
const GROUP_AMOUNT_FIELDS = ['quantity', ...MONEY_FIELDS.filter((f) => f !== 'total')] as const;

/** "01.02 Küche" or the id: how a warning names an item. */
export function describeItem(node: Pick<EstimateNode, 'id' | 'code' | 'name'>): string {
  const label = [node.code, node.name].filter((s) => s !== null && s !== '').join(' ');
  return label ? `"${label}" (${node.id})` : node.id;
}

/**
 * The node for an item, with every value in PlanDesk's form: ids and texts as strings, amounts as
 * twelve-digit text, `sort` a number. The items come as the service sent them (checked by the schema,
 * not converted), so this is the one place they are converted.
 */
function toNode(item: EstimateItem, id: string, amounts: AmountTexts, index: number): EstimateNode {
  const serviceType = item.type ?? '';
  return {
    id,
    parent_id: item.parent_id === null || item.parent_id === undefined ? null : String(item.parent_id),
    type: serviceType === 'group' ? 'group' : 'position',
    service_type: serviceType,
    code: textOf(item.code),
    name: textOf(item.name),
    description: textOf(item.description),
    category: textOf(item.category),
    location: textOf(item.location),
    internal_notes: textOf(item.internal_notes),
    quantity: amounts.get(index, AMOUNT.quantity),
    unit: textOf(item.unit),
    sort: sortOf(item.sort),
    labor_unit_price: amounts.get(index, AMOUNT.labor_unit_price),
    equipment_unit_price: amounts.get(index, AMOUNT.equipment_unit_price),
    material_unit_price: amounts.get(index, AMOUNT.material_unit_price),
    other_unit_price: amounts.get(index, AMOUNT.other_unit_price),
    labor_cost: amounts.get(index, AMOUNT.labor_cost),
    equipment_cost: amounts.get(index, AMOUNT.equipment_cost),
    material_cost: amounts.get(index, AMOUNT.material_cost),
    other_cost: amounts.get(index, AMOUNT.other_cost),
    total_cost: amounts.get(index, AMOUNT.total_cost),
    markup: amounts.get(index, AMOUNT.markup),
    discount: amounts.get(index, AMOUNT.discount),
    tax: amounts.get(index, AMOUNT.tax),
    total: amounts.get(index, AMOUNT.total),
    computed_total: null,
    children: [],
  };
}

function textOf(value: string | number | null | undefined): string | null {
  return value === null || value === undefined ? null : typeof value === 'string' ? value : String(value);
}

/** Order among siblings: a number (the schema allows numeric text); anything missing or odd is 0. */
function sortOf(value: string | number | null | undefined): number {
  const n = typeof value === 'number' ? value : typeof value === 'string' ? Number(value) : 0;
  return Number.isFinite(n) ? n : 0;
}

/** The warnings an item earns on its own: an unknown type, a group with amounts. */
function itemWarnings(node: EstimateNode, warnings: EstimateWarning[]): void {
  if (node.service_type !== 'group' && node.service_type !== 'position') {
    warnings.push({
      code: 'unknown-type',
      item_id: node.id,
      message: `Item ${describeItem(node)} has the unknown type ${JSON.stringify(node.service_type)}; it is shown and counted as a position.`,
    });
  }
  if (node.type === 'group') {
    const fields = GROUP_AMOUNT_FIELDS.filter((f) => node[f] !== null && !amountOrZero(node[f]).isZero());
    if (fields.length > 0) {
      warnings.push({
        code: 'group-with-quantities',
        item_id: node.id,
        message: `Group ${describeItem(node)} carries amounts a group should not have (${fields.join(', ')}); they are shown but not counted in the totals.`,
      });
    }
  }
}

/**
 * Each item's node (with its amounts' texts), indexed by id, the first occurrence of an id winning.
 * Taken while an answer arrives, only the rest remains once the last byte is in; the tree is then
 * built from it (tree.ts buildIndexedTree) if the checked items are the very objects it was given,
 * first to last, else from nothing. Nothing may change an item in between: the check takes the
 * items as they are (api/estimate-parse.ts fastItems) and nothing converts one in place.
 */
export class TreeStart {
  /** The items given, in order (unchecked until buildIndexedTree compares them with the checked ones). */
  readonly items: unknown[] = [];
  readonly nodes: EstimateNode[] = [];
  /** The item each node was made from. */
  readonly nodeItem: number[] = [];
  readonly indexById = new Map<string, number>();
  readonly duplicates = new Map<string, number>();
  /** The warnings of each item on its own (itemWarnings). */
  readonly warnings: EstimateWarning[] = [];
  readonly amounts = new AmountTexts();
  /** Items not yet checked may be anything: one that could not be made into a node ends it. */
  private broken = false;

  /** The next items as parsed (not yet checked). */
  addUnchecked(items: readonly unknown[]): void {
    if (this.broken) return;
    try {
      this.add(items as readonly EstimateItem[], 0);
    } catch {
      this.broken = true;
    }
  }

  /** The next items, from `from` on. */
  add(items: readonly EstimateItem[], from: number): void {
    const first = this.items.length;
    const next = from === 0 ? items : items.slice(from);
    this.amounts.append(next);
    for (let k = 0; k < next.length; k++) {
      const item = next[k]!;
      const index = first + k;
      this.items.push(item);
      const id = typeof item.id === 'string' ? item.id : String(item.id);
      if (this.indexById.get(id) !== undefined) {
        this.duplicates.set(id, (this.duplicates.get(id) ?? 1) + 1);
        continue;
      }
      const node = toNode(item, id, this.amounts, index);
      this.indexById.set(id, this.nodes.length);
      this.nodes.push(node);
      this.nodeItem.push(index);
      itemWarnings(node, this.warnings);
    }
  }

  /** Whether it was made from the first of `items`, the very objects. */
  startOf(items: readonly EstimateItem[]): boolean {
    if (this.broken || this.items.length > items.length) return false;
    for (let i = 0; i < this.items.length; i++) if (this.items[i] !== items[i]) return false;
    return true;
  }
}

/** Starts made while the items arrived, by the checked item list they are to be the start of. */
const started = new WeakMap<readonly EstimateItem[], TreeStart>();

/** `start` was made from the items of `items` as they arrived: buildIndexedTree goes on from it. */
export function treeStartedFor(items: readonly EstimateItem[], start: TreeStart): void {
  started.set(items, start);
}

/** The start made for `items`, once (tree.ts). */
export function startedTreeOf(items: readonly EstimateItem[]): TreeStart | undefined {
  const start = started.get(items);
  started.delete(items);
  return start;
}
