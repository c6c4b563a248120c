import type { EstimateRow, EstimateView } from '../../src-shared/estimates/types';

/** What the simulator's admin API takes to change an estimate (see docs/service-shapes.md). */
export interface EstimateEdit {
  set?: Record<string, Record<string, unknown>>;
  add?: Record<string, unknown>[];
  remove?: string[];
  header?: Record<string, unknown>;
}

/** Changes an estimate in the simulator as a user of the service would (its admin API, over HTTP). */
export async function editEstimate(
  adminUrl: string,
  projectId: string,
  estimateId: string,
  edit: EstimateEdit,
): Promise<{ modified: string; items: number }> {
  const res = await fetch(
    `${adminUrl}/projects/${encodeURIComponent(projectId)}/estimates/${encodeURIComponent(estimateId)}/edit`,
    { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(edit) },
  );
  if (!res.ok) throw new Error(`estimate edit failed: ${res.status} ${await res.text()}`);
  return (await res.json()) as { modified: string; items: number };
}

/**
 * `count` priced positions with a name and a description each, to add at the top level (`add` of an
 * edit): a few thousand make a client quote of hundreds of pages.
 */
export function bulkPositions(count: number): Record<string, unknown>[] {
  return Array.from({ length: count }, (_, i) => ({
    id: `bulk-${i}`,
    parent_id: null,
    type: 'position',
    code: `90.${i + 1}`,
    name: `Zusatzposition ${i + 1}: Fliesen 30×60 verlegen, Fugen grau`,
    description: 'Inklusive Nebenarbeiten, Schutz angrenzender Bauteile und Endreinigung der Flächen.',
    quantity: '2.500000000000',
    unit: 'm2',
    sort: 1_000 + i,
    labor_unit_price: '41.200000000000',
    tax: '0.190000000000',
  }));
}

/** Positions of an estimate with a name and a quantity, for a test to change. */
export function positions(view: EstimateView): EstimateRow[] {
  return view.rows.filter((r) => r.type === 'position' && r.name && r.quantity !== null);
}

/**
 * A typical change between two quotes: one quantity re-measured, one position dropped, one added to
 * a group, one description reworded. Returns the edit and what it touched.
 */
export function typicalEdit(view: EstimateView) {
  const ps = positions(view);
  const [measured, dropped, reworded] = [ps[0]!, ps[1]!, ps[2]!];
  const group = view.rows.find((r) => r.type === 'group')!;
  const added = {
    id: 'added-by-test',
    parent_id: group.id,
    type: 'position',
    code: 'X.99',
    name: 'Extra tiles (client request)',
    description: 'Wall tiles, 30 × 60 cm',
    quantity: '4.500000000000',
    unit: 'm²',
    labor_unit_price: '35.000000000000',
    material_unit_price: '42.000000000000',
    tax: measured.tax ?? '0.190000000000',
    sort: 99,
  };
  const edit: EstimateEdit = {
    set: {
      [measured.id]: { quantity: '17.250000000000' },
      [reworded.id]: { description: 'Reworded by the estimator' },
    },
    add: [added],
    remove: [dropped.id],
  };
  return { edit, measured, dropped, reworded, group, added };
}

/** Changes a plan in the simulator as a user would: rooms renamed or removed (its admin API). */
export async function editPlan(
  adminUrl: string,
  planId: string,
  edit: { rooms?: Record<string, { name: string }>; remove?: string[] },
): Promise<{ modified: string; rooms: { id: string; floor: string; name: string }[] }> {
  const res = await fetch(`${adminUrl}/plans/${encodeURIComponent(planId)}/edit`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(edit),
  });
  if (!res.ok) throw new Error(`plan edit failed: ${res.status} ${await res.text()}`);
  return (await res.json()) as { modified: string; rooms: { id: string; floor: string; name: string }[] };
}
