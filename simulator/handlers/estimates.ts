/**
 * /projects/{id}/estimates: list (ISO timestamps) and detail (money as raw JSON numbers).
 */
import { ITEM_DECIMAL_FIELDS } from '../../src-shared/estimates/types';
import type { SimEstimate } from '../data/types';
import { estimateTimestampToIso } from '../formatting';
import { json, notFound, type Reply } from '../http-util';
import { MoneyFields } from '../json-writer';
import { paged, parsePaging } from '../paging';
import type { Router } from '../router';
import type { ApiContext } from '../state';
import { findProject } from './projects';

const ITEM_MONEY_KEYS: ReadonlySet<string> = new Set(ITEM_DECIMAL_FIELDS);

const TOTALS_MONEY_KEYS: ReadonlySet<string> = new Set([
  'equipment_costs_total',
  'material_costs_total',
  'labor_costs_total',
  'other_costs_total',
  'costs_total',
  'markup_total',
  'discount_total',
  'subtotal_without_tax',
  'tax_total',
  'total',
]);

function listItem(e: SimEstimate): Record<string, unknown> {
  return {
    id: e.id,
    name: e.name,
    status: e.status,
    unique_id: e.unique_identifier,
    created: estimateTimestampToIso(e.created),
    modified: estimateTimestampToIso(e.modified),
  };
}

function detail(ctx: ApiContext, e: SimEstimate): Record<string, unknown> {
  return {
    ...e,
    company: {
      ...e.company,
      logo_url: ctx.sim.expandBase(e.company.logo_url),
      watermark_url: ctx.sim.expandBase(e.company.watermark_url),
    },
    // Stored items go out as they are; only their money keys are written as raw numbers.
    items: new MoneyFields(e.items, ITEM_MONEY_KEYS),
    estimate_totals: new MoneyFields(e.estimate_totals, TOTALS_MONEY_KEYS),
  };
}

export function registerEstimateRoutes(router: Router<ApiContext>): void {
  router
    .add('GET', '/projects/:id/estimates', (ctx, p) => {
      const project = findProject(ctx, p.id);
      return json(paged(ctx, project.estimates, parsePaging(ctx.query), listItem));
    })
    .add(
      'GET',
      '/projects/:id/estimates/:estimateId',
      (ctx, p): Reply => {
        const project = findProject(ctx, p.id);
        const estimate = project.estimates.find((e) => e.id === p.estimateId);
        if (!estimate) throw notFound('Estimate');
        return json({ data: [detail(ctx, estimate)] });
      },
      'high',
    );
}
