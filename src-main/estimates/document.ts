/**
 * An estimate detail from the service → the EstimateDocument PlanDesk shows and exports: the header,
 * the rebuilt item tree, the service's totals beside the computed ones, and every warning.
 */
import type { EstimateDetail } from '../api/schemas';
import {
  TOTAL_FIELDS,
  type EstimateDocument,
  type EstimateHeader,
  type EstimateParty,
  type EstimateTotals,
} from '../../src-shared/estimates/types';
import { fixed12 } from '../../src-shared/money/amounts';
import { compareTotals, computeIndexedTotals } from './totals';
import { buildIndexedTree, sortWarnings } from './tree';

export function toEstimateDocument(detail: EstimateDetail): EstimateDocument {
  const built = buildIndexedTree(detail.items);
  const { tree, warnings: treeWarnings } = built;
  const { totals, warnings: groupWarnings } = computeIndexedTotals(built);
  const service = serviceTotals(detail.estimate_totals);
  return {
    estimate: estimateHeader(detail),
    tree,
    service_totals: service,
    computed_totals: totals,
    // Item warnings in tree order, then the estimate-level ones in TOTAL_FIELDS order.
    warnings: [
      ...sortWarnings(tree, [...treeWarnings, ...groupWarnings], built.order),
      ...compareTotals(service, totals),
    ],
  };
}

export function estimateHeader(detail: EstimateDetail): EstimateHeader {
  return {
    id: detail.id,
    plan_id: detail.plan_id ?? null,
    name: detail.name,
    unique_identifier: detail.unique_identifier ?? null,
    creator: detail.creator ?? null,
    last_modifier: detail.last_modifier ?? null,
    status: detail.status ?? null,
    currency: detail.currency ?? null,
    date_issue: detail.date_issue ?? null,
    date_valid_until: detail.date_valid_until ?? null,
    created: detail.created ?? null,
    modified: detail.modified ?? null,
    opening_statement: detail.opening_statement ?? null,
    closing_statement: detail.closing_statement ?? null,
    customer: party(detail.customer),
    project: party(detail.project),
    company: party(detail.company),
  };
}

function party(value: Record<string, unknown> | null | undefined): EstimateParty | null {
  return value ?? null;
}

/** The fields the service sent (non-null), in TOTAL_FIELDS order, with exactly twelve digits. */
export function serviceTotals(totals: EstimateDetail['estimate_totals']): Partial<EstimateTotals> {
  const out: Partial<EstimateTotals> = {};
  if (!totals) return out;
  for (const field of TOTAL_FIELDS) {
    const value = fixed12(totals[field]);
    if (value !== null) out[field] = value;
  }
  return out;
}
