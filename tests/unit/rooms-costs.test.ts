import { describe, expect, it } from 'vitest';
import { Decimal } from '../../src-shared/money/decimal';
import { apportionRounded, apportionToUnits } from '../../src-shared/money/apportion';
import { buildRoomsCosts, type CostsEstimate, type CostsRow } from '../../src-main/plans/rooms-costs';
import { roomsCostsTable } from '../../src-shared/plans/rooms-costs-table';
import { roomsDrift, seenOf } from '../../src-shared/plans/rooms-drift';
import type { PlanRooms } from '../../src-shared/plans/rooms-costs-types';
import { planRooms } from '../helpers/plan-rooms';
import { renderRoomsCosts } from '../../src-main/cli/commands/rooms-costs';
import { EN } from '../../src-main/cli/i18n';

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
    // 0.334…, 0.333…, 0.333… and nothing off the plan: the total's cent goes to the room furthest up.
    expect(costs.rooms.map((r) => r.netShown)).toEqual(['0.34', '0.33', '0.33']);
    expect(costs.notOnPlan.netShown).toBe('0.00');
    expect(costs.totals.totalShown).toBe('1.00');
    expect(costs.totals.placedShown).toBe('1.00');
    const yen = buildRoomsCosts(
      plan([['Küche', 'Bad']]),
      null,
      estimate([pos('Küche', '0.6'), pos('Bad', '0.6')], 'plan-1', 'JPY'),
    );
    expect(yen.digits).toBe(0);
    // 1.2 yen: one room prints 0, the other 1 (of two as far from their rounding, the first gives back).
    expect(yen.rooms.map((r) => r.netShown)).toEqual(['0', '1']);
    expect(yen.totals.totalShown).toBe('1');
    const dinar = buildRoomsCosts(
      plan([['Küche', 'Bad']]),
      null,
      estimate([pos('Küche', '1.0005'), pos('Bad', '2.0005'), pos(null, '0.0004')], 'plan-1', 'KWD'),
    );
    expect(dinar.digits).toBe(3);
    // Each rounds up to 1.001 and 2.001, but 3.0014 prints as 3.001: the first room gives back its fil.
    expect([...dinar.rooms.map((r) => r.netShown), dinar.notOnPlan.netShown]).toEqual([
      '1.000',
      '2.001',
      '0.000',
    ]);
    expect(dinar.totals.totalShown).toBe('3.001');
  });

  it('the reasons add up to "Not on the plan" as printed, also when the printed figure took a cent', () => {
    const rows = [
      pos('Küche', '0.001000000000'),
      pos('Bad', '0.001000000000'),
      pos('Garage', '0.002400000000'),
      pos(null, '0.002400000000'),
    ];
    const costs = buildRoomsCosts(plan([['Küche', 'Bad']]), null, estimate(rows));
    // 0.0068 in all prints as 0.01: the cent goes to "not on the plan", whose remainder is largest.
    expect(costs.rooms.map((r) => r.netShown)).toEqual(['0.00', '0.00']);
    expect(costs.notOnPlan.netShown).toBe('0.01');
    expect(costs.totals.totalShown).toBe('0.01');
    expect(costs.notOnPlan.groups.map((g) => [g.reason, g.netShown])).toEqual([
      ['unknown-room', '0.01'],
      ['no-location', '0.00'],
    ]);
    expect(
      sum(costs.notOnPlan.groups.map((g) => g.netShown)).eq(Decimal.parse(costs.notOnPlan.netShown)),
    ).toBe(true);
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

  it('a group whose name is hidden characters only: its positions are off the plan, and that is why', () => {
    const group: CostsRow = { ...pos(null, null), type: 'group', name: '\u200b\u{e0041}' };
    const rows = [group, { ...pos(null, '4.000000000000'), parentIndex: 0 }];
    const floors = plan([['Kü\u202eche'], ['Bad']]);
    floors.floors[1]!.name = 'O\nG';
    const costs = buildRoomsCosts(floors, null, estimate(rows));
    expect(costs.notOnPlan.groups).toEqual([
      expect.objectContaining({ reason: 'hidden-characters', text: '\ufffd\ufffd', net: '4.000000000000' }),
    ]);
    expect(costs.rooms[0]!.nameProblem).toBe('hidden-characters');
    const ambiguous = buildRoomsCosts(floors, null, estimate([pos('Bad', '1'), pos('Bad', '1')]));
    expect(ambiguous.notOnPlan.groups).toEqual([]);
    const twice = plan([['Bad'], ['Bad']]);
    twice.floors[1]!.name = 'O\nG\u202e';
    const where = buildRoomsCosts(twice, null, estimate([pos('Bad', '1')]));
    // The floors an ambiguous name is on are shown as their names are, on one line, hidden marked.
    expect(where.notOnPlan.groups[0]!.floors).toEqual(['Floor 0', 'O G\ufffd']);
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

describe('drift on the older plan shape, which has no modified', () => {
  const unmodified = (names: string[][]) => {
    const p = plan(names);
    p.modified = null;
    return p;
  };

  it('a room renamed on a plan without modified: the plan changed, and what moved is said', () => {
    const rows = [pos('Küche', '10.000000000000'), pos('Bad', '5.000000000000')];
    const before = seenOf(
      buildRoomsCosts(unmodified([['Küche', 'Bad']]), null, estimate(rows)),
      new Date(),
      null,
    );
    const after = seenOf(
      buildRoomsCosts(unmodified([['Küche 2', 'Bad']]), null, estimate(rows)),
      new Date(),
      null,
    );
    const drift = roomsDrift(before, after)!;
    expect(drift).toMatchObject({ planChanged: true, estimateChanged: false, versions: null });
    expect(drift.moved).toEqual([
      {
        id: 'f0-r0',
        name: 'Küche 2',
        nameBefore: 'Küche',
        floor: 'Floor 0',
        before: 'priced',
        after: 'not-priced',
      },
    ]);
    expect(drift.notOnPlan).toMatchObject({ before: 0, after: 1, afterNet: '10.000000000000' });
  });

  it('an estimate changed with neither side’s modified changing: what moved is still said', () => {
    const plain = unmodified([['Küche', 'Bad']]);
    const then = estimate([pos('Küche', '10.000000000000')]);
    then.header.modified = null;
    const now = estimate([pos('Bad', '10.000000000000')]);
    now.header.modified = null;
    const drift = roomsDrift(
      seenOf(buildRoomsCosts(plain, null, then), new Date(), null),
      seenOf(buildRoomsCosts(plain, null, now), new Date(), null),
    )!;
    expect(drift.planChanged).toBe(false);
    expect(drift.moved.map((m) => [m.id, m.before, m.after])).toEqual([
      ['f0-r0', 'priced', 'not-priced'],
      ['f0-r1', 'not-priced', 'priced'],
    ]);
  });

  it('kept versions that differ say the estimate changed; the same look again says nothing', () => {
    const plain = unmodified([['Küche']]);
    const e = estimate([pos('Küche', '1.000000000000'), pos('Garage', '2.000000000000')]);
    const a = seenOf(buildRoomsCosts(plain, null, e), new Date(), 3);
    expect(roomsDrift(a, seenOf(buildRoomsCosts(plain, null, e), new Date(), 3))).toBeNull();
    const moreOff = estimate([pos('Küche', '1.000000000000'), pos('Garage', '3.000000000000')]);
    const b = seenOf(buildRoomsCosts(plain, null, moreOff), new Date(), 4);
    expect(roomsDrift(a, b)).toMatchObject({
      planChanged: false,
      estimateChanged: true,
      versions: { from: 3, to: 4 },
      moved: [],
      notOnPlan: { before: 1, after: 1, beforeNet: '2.000000000000', afterNet: '3.000000000000' },
    });
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

  it('apportions to a printed figure that took a unit of rounding itself', () => {
    const parts = ['0.0024', '0.0024', '0.0001'].map((t) => Decimal.parse(t));
    expect(apportionToUnits(parts, 1n, 2)).toEqual([1n, 0n, 0n]);
    expect(apportionToUnits(parts, 0n, 2)).toEqual([0n, 0n, 0n]);
    // Downwards, from the amounts rounding moved up furthest.
    expect(
      apportionToUnits(
        ['0.335', '0.345'].map((t) => Decimal.parse(t)),
        67n,
        2,
      ),
    ).toEqual([33n, 34n]);
    expect(apportionToUnits([], 0n, 2)).toEqual([]);
  });
});

describe('plandesk rooms-costs as text: every service string on its own line', () => {
  const hostile = (s: string) => `${s}\r\n\u001b[2J\u001b]0;pwned\u0007FORGED LINE\u202e`;

  it('a name, a location, a floor, a plan error: no line added, no escape, no override', () => {
    const floors = plan([[hostile('Küche'), 'Bad', hostile('Keller')]]);
    floors.floors[0]!.name = hostile('EG');
    const rows = [
      pos('Bad', '1.000000000000'),
      pos(hostile('Garage'), '2.000000000000'),
      pos('Bad', '3'),
      pos('Carport\r\nFORGED LINE', '4.000000000000'),
    ];
    const e = estimate(rows);
    e.header.name = hostile('Angebot');
    const placed = renderRoomsCosts(buildRoomsCosts(floors, null, e), EN, null);
    const failed = renderRoomsCosts(
      buildRoomsCosts(null, { kind: 'plan-failed', error: { kind: 'network', message: hostile('down') } }, e),
      EN,
      null,
    );
    const other = renderRoomsCosts(
      buildRoomsCosts(floors, null, estimate(rows, hostile('plan-9'))),
      EN,
      null,
    );
    for (const text of [placed, failed, other]) {
      // eslint-disable-next-line no-control-regex -- finding control characters is the point
      expect(text).not.toMatch(/[\u0000-\u0009\u000b-\u001f\u007f-\u009f\u202a-\u202e]/);
      expect(text).not.toMatch(/^FORGED LINE/m);
    }
    const lines = placed.split('\n');
    // The heading, the table (its head, rule, 3 rooms, not on the plan, total), why (2 lines), not priced.
    expect(lines[0]).toBe('Estimate E1 Angebot FORGED LINE on the plan (EUR)');
    // Three rooms, two reasons, the rooms not priced: each on the one line it belongs to.
    expect(lines.filter((l) => l.includes('FORGED LINE'))).toHaveLength(7);
    expect(placed).toContain('  “Carport FORGED LINE” is not the name of a room of the plan: 1 · 4.00');
    // A location with an escape sequence is shown with its hidden characters marked, never acted on.
    expect(placed).toContain(
      '  “Garage \ufffd[2J\ufffd]0;pwned\ufffdFORGED LINE\ufffd” holds hidden characters, so it is not compared with the plan: 1 · 2.00',
    );
    expect(placed).toMatch(
      /Not priced: Küche FORGED LINE \(EG FORGED LINE\), Keller FORGED LINE \(EG FORGED LINE\)$/,
    );
    expect(failed.split('\n')[1]).toBe(
      'The plan could not be loaded, so no position could be placed: they are all under “Not on the plan”. down FORGED LINE',
    );
    expect(other.split('\n')[1]).toContain('(plan-9 FORGED LINE)');
  });
});
