import { describe, expect, it } from 'vitest';
import { Decimal } from '../../src-shared/money/decimal';
import { apportionRounded } from '../../src-shared/money/apportion';
import { buildRoomsCosts, type CostsEstimate, type CostsRow } from '../../src-main/plans/rooms-costs';
import { roomsCostsTable } from '../../src-shared/plans/rooms-costs-table';
import { roomsDrift, seenOf } from '../../src-shared/plans/rooms-drift';
import type { PlanRooms } from '../../src-shared/plans/rooms-costs-types';
import { planRooms } from '../helpers/plan-rooms';

/** Floors "Floor 0", "Floor 1", … with these room names. */
function plan(names: string[][], planId = 'plan-1'): PlanRooms {
  return planRooms(
    names.map((rooms, f) => ({ name: `Floor ${f}`, rooms })),
    planId,
  );
}

let n = 0;
function pos(
  location: string | null,
  net: string | null,
  quantity = '1.000000000000',
  unit = 'pcs',
): CostsRow {
  return {
    id: `p${++n}`,
    type: 'position',
    parentIndex: -1,
    name: null,
    location,
    quantity,
    unit,
    net_amount: net,
  };
}

function estimate(rows: CostsRow[], planId: string | null = 'plan-1', currency = 'EUR'): CostsEstimate {
  return {
    header: {
      id: 'e1',
      name: 'Angebot',
      unique_identifier: 'E1',
      plan_id: planId,
      modified: '2026-05-02 10:00:00',
      currency,
    },
    rows,
    serviceNet: null,
  };
}

const sum = (texts: string[]) => Decimal.sum(texts.map((t) => Decimal.parse(t)));

describe('the per-room model: every position in one room or not on the plan, and the sum rule', () => {
  it('sums rooms by unit, lists not-priced rooms, and adds up exactly', () => {
    const rows = [
      pos('Küche', '100.100000000000', '2.500000000000', 'm2'),
      pos('küche', '0.000000000001', '1.500000000000', 'm²'),
      pos('Küche', '10.000000000000', '3.000000000000', 'Stk.'),
      pos('Bad', '5.000000000000'),
      pos('Garage', '7.250000000000'),
      pos(null, null, '1.000000000000', 'h'),
      { ...pos('Bad', '99.000000000000'), type: 'group' as const },
    ];
    const costs = buildRoomsCosts(plan([['Küche', 'Bad', 'Flur']]), null, estimate(rows));
    const [kitchen, bath, hall] = costs.rooms;
    expect(kitchen!.positionIds).toEqual([rows[0]!.id, rows[1]!.id, rows[2]!.id]);
    // m2 and m² are one unit; Stk. is pcs.
    expect(kitchen!.byUnit).toEqual([
      { unit: 'pcs', quantity: '3.000000000000', net: '10.000000000000', positions: 1 },
      { unit: 'm²', quantity: '4.000000000000', net: '100.100000000001', positions: 2 },
    ]);
    expect(kitchen!.net).toBe('110.100000000001');
    expect(bath!.net).toBe('5.000000000000');
    expect(hall!.positionIds).toEqual([]);
    expect(costs.notPriced).toEqual([2]);
    expect(costs.notOnPlan.positionIds).toEqual([rows[4]!.id, rows[5]!.id]);
    expect(costs.notOnPlan.groups.map((g) => [g.reason, g.text, g.net])).toEqual([
      ['unknown-room', 'Garage', '7.250000000000'],
      ['no-location', null, '0.000000000000'],
    ]);
    // The group's own figure is never counted: positions only.
    expect(costs.totals.totalNet).toBe('122.350000000001');
    expect(costs.totals.sumHolds).toBe(true);
    expect(
      sum([...costs.rooms.map((r) => r.net), costs.notOnPlan.net]).eq(Decimal.parse(costs.totals.totalNet)),
    ).toBe(true);
    expect(costs.units).toEqual(['pcs', 'm²', 'h']);
  });

  it('rounds each row to the currency so the printed column adds up to the printed total', () => {
    const rows = ['Küche', 'Bad', 'Flur'].map((l) => pos(l, '0.333333333333'));
    rows.push(pos('Küche', '0.001000000000'));
    const costs = buildRoomsCosts(plan([['Küche', 'Bad', 'Flur']]), null, estimate(rows));
    const shown = [...costs.rooms.map((r) => r.netShown), costs.notOnPlan.netShown];
    expect(costs.totals.totalShown).toBe('1.00');
    expect(sum(shown).toFixed(2)).toBe('1.00');
    const yen = buildRoomsCosts(
      plan([['Küche', 'Bad']]),
      null,
      estimate([pos('Küche', '0.6'), pos('Bad', '0.6')], 'plan-1', 'JPY'),
    );
    expect(yen.digits).toBe(0);
    expect(yen.totals.totalShown).toBe('1');
    expect(sum(yen.rooms.map((r) => r.netShown)).toString()).toBe('1');
  });

  it('an estimate for another plan, for none, or a plan that failed: every position is not on the plan', () => {
    const rows = [pos('Küche', '12.000000000000'), pos('Bad', '3.000000000000')];
    const rooms = plan([['Küche', 'Bad']]);
    const other = buildRoomsCosts(rooms, null, estimate(rows, 'plan-2'));
    expect(other.planProblem).toEqual({ kind: 'other-plan', planId: 'plan-2' });
    const none = buildRoomsCosts(rooms, null, estimate(rows, null));
    expect(none.planProblem).toEqual({ kind: 'no-plan-id' });
    const failed = buildRoomsCosts(
      null,
      { kind: 'plan-failed', error: { kind: 'network', message: 'down' } },
      estimate(rows),
    );
    for (const costs of [other, none, failed]) {
      expect(costs.notOnPlan.positionIds).toHaveLength(2);
      expect(costs.notOnPlan.groups).toEqual([
        expect.objectContaining({ reason: 'plan-unavailable', net: '15.000000000000' }),
      ]);
      expect(costs.totals.notOnPlanNet).toBe(costs.totals.totalNet);
      expect(costs.totals.sumHolds).toBe(true);
    }
    expect(failed.rooms).toEqual([]);
  });

  it('names the floors of an ambiguous location, and shows hidden characters', () => {
    const rows = [pos('Bad', '1.000000000000'), pos('Bad\u0000', '2.000000000000')];
    const costs = buildRoomsCosts(plan([['Bad'], ['Bad']]), null, estimate(rows));
    expect(costs.notOnPlan.groups.map((g) => [g.reason, g.text, g.floors])).toEqual([
      ['ambiguous', 'Bad', ['Floor 0', 'Floor 1']],
      ['hidden-characters', 'Bad\ufffd', []],
    ]);
  });

  it('lays the model out as rows and columns a sheet writer can take', () => {
    const rows = [pos('Küche', '10.000000000000', '2.000000000000', 'm²'), pos('Garage', '1.000000000000')];
    const table = roomsCostsTable(buildRoomsCosts(plan([['Küche', 'Bad']]), null, estimate(rows)));
    expect(table.columns.map((c) => c.key)).toEqual([
      'floor',
      'room',
      'area',
      'wallArea',
      'perimeter',
      'doors',
      'windows',
      'positions',
      'quantity-0',
      'quantity-1',
      'net',
    ]);
    expect(table.units).toEqual(['m²', 'pcs']);
    expect(table.rows.map((r) => [r.kind, r.name, r.positions, r.quantities, r.net])).toEqual([
      ['priced', 'Küche', 1, ['2.000000000000', null], '10.000000000000'],
      ['not-priced', 'Bad', 0, [null, null], '0.000000000000'],
      ['not-on-plan', null, 1, [null, '1.000000000000'], '1.000000000000'],
    ]);
    expect(table.totals).toMatchObject({
      positions: 2,
      quantities: ['2.000000000000', '1.000000000000'],
      net: '11.000000000000',
      netShown: '11.00',
    });
  });
});

describe('drift: what moved between priced and not priced since the user last looked', () => {
  it('a renamed room: its positions go off the plan and the room becomes not priced', () => {
    const rows = [pos('Küche', '10.000000000000'), pos('Bad', '5.000000000000')];
    const before = buildRoomsCosts(plan([['Küche', 'Bad']]), null, estimate(rows));
    const renamed = plan([['Küche neu', 'Bad']]);
    renamed.modified = '2026-05-03T10:00:00+00:00';
    const after = buildRoomsCosts(renamed, null, estimate(rows));
    const seenBefore = seenOf(before, new Date('2026-05-02T12:00:00Z'), 1);
    const drift = roomsDrift(seenBefore, seenOf(after, new Date(), 1))!;
    expect(drift.planChanged).toBe(true);
    expect(drift.estimateChanged).toBe(false);
    expect(drift.versions).toBeNull();
    expect(drift.moved).toEqual([
      {
        id: 'f0-r0',
        name: 'Küche neu',
        nameBefore: 'Küche',
        floor: 'Floor 0',
        before: 'priced',
        after: 'not-priced',
      },
    ]);
    expect(drift.notOnPlan).toEqual({
      before: 0,
      after: 1,
      beforeNet: '0.000000000000',
      afterNet: '10.000000000000',
    });
    expect(drift.since).toBe('2026-05-02T12:00:00.000Z');
  });

  it('nothing changed: no drift; rooms added and removed are said', () => {
    const rows = [pos('Küche', '10.000000000000')];
    const a = seenOf(buildRoomsCosts(plan([['Küche', 'Bad']]), null, estimate(rows)), new Date(), 3);
    expect(roomsDrift(a, a)).toBeNull();
    expect(roomsDrift(null, a)).toBeNull();
    const changed = plan([['Küche']]);
    changed.floors[0]!.rooms.push({ ...changed.floors[0]!.rooms[0]!, id: 'new', name: 'Keller' });
    const later = estimate([...rows, pos('Keller', '1.000000000000')]);
    later.header.modified = '2026-05-04 09:00:00';
    const b = seenOf(buildRoomsCosts(changed, null, later), new Date(), 4);
    const drift = roomsDrift(a, b)!;
    expect(drift.estimateChanged).toBe(true);
    expect(drift.versions).toEqual({ from: 3, to: 4 });
    expect(drift.moved.map((m) => [m.id, m.before, m.after])).toEqual([
      ['new', 'absent', 'priced'],
      ['f0-r1', 'not-priced', 'absent'],
    ]);
  });
});

describe('rounding that adds up', () => {
  it('moves the cents of rounding to the rows rounding moved furthest', () => {
    const amounts = ['0.335', '0.335', '0.33'].map((t) => Decimal.parse(t));
    // Both 0.335 rounded up by the same; the first in order gives its cent back.
    expect(apportionRounded(amounts, Decimal.parse('1.00'), 2)).toEqual([33n, 34n, 33n]);
    // A total that is not their sum: only rounded, nothing hidden.
    expect(apportionRounded(amounts, Decimal.parse('5'), 2)).toEqual([34n, 34n, 33n]);
  });
});
