/**
 * One estimate of a project: header, customer, project and company blocks, its items and totals.
 */
import { Decimal } from '../../../src-shared/money/decimal';
import { CLOSING, OPENING, TAX_RATE, type Country } from '../catalogues';
import { computeEstimateTotals } from '../estimate-totals';
import { pad } from '../numbers';
import type { Prng } from '../prng';
import { DAY, HOUR, MINUTE, sqlTime, startOfDay, timeBetween } from '../time';
import type { SimCompany, SimEstimate, SimProject, SimUser } from '../types';
import { buildEstimateItems } from './estimate-items';
import type { Gen } from './gen';
import type { Customer } from './people';

export interface EstimateContext {
  project: SimProject;
  projectDescription: string;
  addressId: string;
  customer: Customer;
  company: Omit<SimCompany, 'logo_url' | 'watermark_url'>;
  users: SimUser[];
  workspaceHasLogo: boolean;
  country: Country;
}

function fullName(u: SimUser): string {
  return `${u.firstname} ${u.lastname}`;
}

export interface EstimateOptions {
  name: string;
  /** Numbers the estimate within its workspace: E2026 and five digits. */
  number: number;
  itemCount: number;
  currency: string;
  createdMs: number;
  modifiedMs: number;
  /** Probability that a new item is a group (with one position). */
  groupShare: number;
}

/** An estimate is made within ten days of its project and last changed within twelve days after. */
export function estimateTimes(
  rng: Prng,
  projectCreatedMs: number,
): { createdMs: number; modifiedMs: number } {
  const createdMs = timeBetween(rng, projectCreatedMs + HOUR, projectCreatedMs + 10 * DAY);
  const modifiedMs = timeBetween(rng, createdMs + MINUTE, createdMs + 12 * DAY);
  return { createdMs, modifiedMs };
}

export function buildEstimate(g: Gen, ctx: EstimateContext, o: EstimateOptions): SimEstimate {
  const { rng, ids, lang } = g;
  const id = ids.uuid();
  const roomNames: string[] = [];
  for (const floor of ctx.project.plan.floors) for (const room of floor.rooms) roomNames.push(room.name);
  const items = buildEstimateItems(g, {
    count: o.itemCount,
    roomNames: [...new Set(roomNames)],
    taxRate: TAX_RATE[ctx.country],
    altTaxRate: ctx.country === 'DE' ? '0.07' : null,
    markupRate: Decimal.parse(`0.${pad(rng.int(5, 15), 2)}`),
    createdMs: o.createdMs,
    modifiedMs: o.modifiedMs,
    groupShare: o.groupShare,
  });
  const creator = rng.pick(ctx.users);
  const modifier = rng.chance(0.6) ? creator : rng.pick(ctx.users);
  const c = ctx.customer;
  const address = ctx.project.address;
  const issue = startOfDay(o.createdMs) + 9 * HOUR;
  return {
    id,
    plan_id: ctx.project.plan.id,
    name: o.name,
    unique_identifier: `E2026${pad(o.number, 5)}`,
    creator: fullName(creator),
    last_modifier: fullName(modifier),
    status: rng.chance(0.55) ? 'draft' : 'final',
    currency: o.currency,
    date_issue: sqlTime(issue),
    date_valid_until: sqlTime(issue + 30 * DAY),
    created: sqlTime(o.createdMs),
    modified: sqlTime(o.modifiedMs),
    opening_statement: rng.pick(OPENING[lang]),
    closing_statement: `${rng.pick(CLOSING[lang])}\n${fullName(creator)}`,
    customer: {
      id: c.id,
      firstname: c.spec.firstname,
      lastname: c.spec.lastname,
      company: c.spec.company,
      email: c.email,
      phone: c.phone,
      fax: c.fax,
      tax_id: c.taxId,
      address: c.street,
      city: c.city.city,
      zip: c.city.postal,
      area: c.city.region,
      country: c.city.country,
    },
    project: {
      id: ctx.project.id,
      name: ctx.project.name,
      description: ctx.projectDescription,
      address: {
        id: ctx.addressId,
        street: address.street,
        city: address.city,
        country: address.country,
        postal_code: address.postal_code,
        latitude: address.latitude,
        longitude: address.longitude,
      },
    },
    company: {
      ...ctx.company,
      logo_url: ctx.workspaceHasLogo && rng.chance(0.7) ? '{base}/workspace/logo.png' : null,
      watermark_url: rng.chance(0.3) ? '{base}/workspace/watermark.png' : null,
    },
    items,
    estimate_totals: computeEstimateTotals(items),
  };
}
