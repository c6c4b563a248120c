import type { EstimateDetail, EstimateItem } from '../../src-main/api/schemas';
import type { EstimateNode } from '../../src-shared/estimates/types';
import { UNPRICED } from '../../simulator/data/estimate-item';

/** An item's texts, all null (as the API client gives a field the service left out). */
export const NO_TEXTS = {
  code: null,
  name: null,
  description: null,
  category: null,
  location: null,
  internal_notes: null,
} as const;

/** An estimate item as the API client gives it: every field null unless the test sets it. */
export function item(fields: Partial<EstimateItem> & { id: string }): EstimateItem {
  return {
    parent_id: null,
    type: 'position',
    ...NO_TEXTS,
    sort: 0,
    ...UNPRICED,
    total: null,
    ...fields,
  };
}

/** A minimal estimate detail around the items (and the service's totals, if any). */
export function detail(
  items: EstimateItem[],
  estimate_totals: Record<string, string | null> | null = null,
): EstimateDetail {
  return { id: 'est', name: 'Test', items, estimate_totals } as unknown as EstimateDetail;
}

/** A tree node named by its id: a group when it has children, else a position with total 1. */
export function node(id: string, children: EstimateNode[] = []): EstimateNode {
  // The item's fields are already in the node's form (text, twelve digits, a numeric sort).
  const fields = item({ id, name: id, total: '1.000000000000' }) as unknown as EstimateNode;
  const type = children.length ? 'group' : 'position';
  return { ...fields, type, service_type: type, computed_total: null, children };
}
