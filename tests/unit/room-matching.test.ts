import { describe, expect, it } from 'vitest';
import type { PlanDocument } from '../../src-main/api/schemas';
import { buildPlanView } from '../../src-main/plans/plan-view';
import { planRoomsOf } from '../../src-main/plans/plan-rooms';
import { matchKey, twoPartReadings, visibleText } from '../../src-shared/plans/match-text';
import {
  GROUP_ROW,
  NOT_PLACED,
  placePositions,
  type MatchFloor,
  type MatchRow,
} from '../../src-shared/plans/room-matching';

// The one rule that places positions in rooms (issue 28), on both plan shapes the service sends.

describe('names are compared blind to case, accents and whitespace, and nothing else', () => {
  it('folds case, accents, whitespace, apostrophes and dashes', () => {
    expect(matchKey('  Küche  ')).toBe(matchKey('KUCHE'));
    expect(matchKey('Salle\u00a0de  bain')).toBe(matchKey('salledebain'));
    expect(matchKey('Chambre d’enfant')).toBe(matchKey("chambre d'enfant"));
    expect(matchKey('Wohn–/Esszimmer')).toBe(matchKey('wohn-/ esszimmer'));
    expect(matchKey('Gäste-WC')).toBe(matchKey('gaste-wc'));
    expect(matchKey('Straße')).toBe(matchKey('STRASSE'));
    expect(matchKey('Jørgensen')).toBe(matchKey('Jorgensen'));
    expect(matchKey('Séjour\tÉté\n')).toBe('sejourete');
  });

  it('does not loosen anything else', () => {
    expect(matchKey('Bad')).not.toBe(matchKey('Bad 2'));
    expect(matchKey('Kinderzimmer')).not.toBe(matchKey('Kinderzimmer 1'));
    expect(matchKey('WC')).not.toBe(matchKey('W.C.'));
  });

  it('refuses texts with control or invisible characters, and shows them', () => {
    for (const hidden of [
      'Kü\u0000che',
      'Kü\u200bche',
      'Bad\u202e',
      '\u0007Flur',
      'Bad\u00ad',
      'Bad\u{e0041}\u{e007f}',
      'Kü\u200dche',
      '\ufeffFlur',
    ]) {
      expect(matchKey(hidden)).toBeNull();
    }
    expect(matchKey(null)).toBe('');
    expect(matchKey('   ')).toBe('');
    expect(visibleText('Kü\u0000che')).toBe('Kü\ufffdche');
    // A tag character is one mark, not two halves of a pair; a line break is a space: one line.
    expect(visibleText('Bad\u{e0041}')).toBe('Bad\ufffd');
    expect(visibleText('Küche\n\nFAKE LINE')).toBe('Küche FAKE LINE');
    expect(visibleText('x'.repeat(500))).toBe(`${'x'.repeat(119)}…`);
    expect([...visibleText('😀'.repeat(200))]).toHaveLength(120);
  });

  it('reads a location as a floor and a room in the ways people write them', () => {
    expect(twoPartReadings('Erdgeschoss / Küche')).toContainEqual(['Erdgeschoss', 'Küche']);
    expect(twoPartReadings('Küche (Erdgeschoss)')).toContainEqual(['Küche', 'Erdgeschoss']);
    expect(twoPartReadings('OG - Bad')).toContainEqual(['OG', 'Bad']);
    expect(twoPartReadings('Bad, 1. OG')).toContainEqual(['Bad', '1. OG']);
    // A hyphen inside a word is no separator.
    expect(twoPartReadings('Gäste-WC')).toEqual([]);
    expect(twoPartReadings('x/'.repeat(1000))).toEqual([]);
  });
});

const room = (id: string, name: string | null) => ({
  id,
  name,
  statistics: { area: 10, perimeter: 13, walls_surface: 30 },
  statistics_formatted: { area: '10 m²', perimeter: '13 m', walls_surface: '30 m²' },
  values: {},
  objects: [],
});

/** The test plan: a room name on two floors, a name twice on one floor, rooms without usable names. */
const FLOORS = [
  {
    id: 'eg',
    name: 'Erdgeschoss',
    rooms: [room('eg-kueche', 'Küche'), room('eg-bad', 'Bad'), room('eg-flur', 'Flur')],
  },
  {
    id: 'og',
    name: 'Obergeschoss',
    rooms: [
      room('og-bad', 'Bad'),
      room('og-schlaf', 'Schlafzimmer'),
      room('og-flur-1', 'Flur'),
      room('og-flur-2', 'flur '),
      room('og-none', null),
      room('og-empty', '  '),
      room('og-hidden', 'Abstell\u200braum'),
    ],
  },
];

function currentShape(): PlanDocument {
  return {
    shape: 'current',
    plan: {
      id: 'plan-1',
      name: 'Haus',
      unit_system: 'metric',
      floors: FLOORS.map((f, i) => ({ ...f, level: i })),
    },
  } as PlanDocument;
}

function legacyShape(): PlanDocument {
  return {
    shape: 'legacy',
    plan: {
      plan: { id: 'plan-1', name: 'Haus' },
      plan_detail: {
        plan: {
          uid: 'plan-1',
          name: 'Haus',
          floors: FLOORS.map((f, level) => ({
            uid: f.id,
            name: f.name,
            level,
            rooms: f.rooms.map((r) => ({
              uid: r.id,
              name: r.name,
              area: 10,
              perimeter: 13,
              formatted: { area: '10 m²', perimeter: '13 m' },
            })),
          })),
        },
      },
    },
  } as PlanDocument;
}

let rowId = 0;
const group = (name: string, parentIndex = -1, location: string | null = null): MatchRow => ({
  type: 'group',
  parentIndex,
  name,
  location,
});
const position = (location: string | null, parentIndex = -1): MatchRow => ({
  type: 'position',
  parentIndex,
  name: `Position ${++rowId}`,
  location,
});

/** Each case: the rows, and the room id (or the reason) of the last row. */
const CASES: [string, MatchRow[], string][] = [
  ['by location, any case and accents', [position('  KUCHE ')], 'eg-kueche'],
  ['a name on two floors, no floor named', [position('Bad')], 'ambiguous'],
  ['the floor named first', [position('Obergeschoss / Bad')], 'og-bad'],
  ['the floor named in parentheses', [position('bad (erdgeschoss)')], 'eg-bad'],
  ['the floor named after a comma', [position('Schlafzimmer, Obergeschoss')], 'og-schlaf'],
  ['a room not on the floor named', [position('Erdgeschoss / Schlafzimmer')], 'not-on-floor'],
  ['a name twice on the floor named', [position('Obergeschoss - Flur')], 'ambiguous'],
  ['a floor and no room', [position('Obergeschoss')], 'floor-only'],
  ['an unknown name', [position('Garage')], 'unknown-room'],
  ['hidden characters', [position('Kü\u200bche')], 'hidden-characters'],
  ['no location, no group', [position(null)], 'no-location'],
  ['no location, under a trade', [group('Malerarbeiten'), position('', 0)], 'no-location'],
  ['no location, under a room group', [group('Schlafzimmer'), position(null, 0)], 'og-schlaf'],
  [
    'no location, under a room group under a floor group',
    [group('Obergeschoss'), group('Bad', 0), group('Fliesen', 1), position('', 2)],
    'og-bad',
  ],
  [
    'a group whose location names the room',
    [group('Fliesen', -1, 'Erdgeschoss / Bad'), position('', 0)],
    'eg-bad',
  ],
  ['a floor location under a room group', [group('Bad'), position('Erdgeschoss', 0)], 'eg-bad'],
  ['a location naming another room than its group', [group('Bad'), position('Küche', 0)], 'conflict'],
  [
    'two groups naming different rooms',
    [group('Küche'), group('Schlafzimmer', 0), position(null, 1)],
    'conflict',
  ],
  // A floor only a group names is where the room is looked for first, then on every floor.
  [
    'a floor group and a room only on another floor',
    [group('Erdgeschoss'), position('Schlafzimmer', 0)],
    'og-schlaf',
  ],
  ['a floor group and a room on it and elsewhere', [group('Obergeschoss'), position('Bad', 0)], 'og-bad'],
  [
    'a floor group, a room group only on another floor',
    [group('Erdgeschoss'), group('Schlafzimmer', 0), position(null, 1)],
    'og-schlaf',
  ],
  [
    'a floor group and a name on it once and twice on another floor',
    [group('Erdgeschoss'), position('flur ', 0)],
    'eg-flur',
  ],
  ['a floor group and a name twice on it', [group('Obergeschoss'), position('Flur', 0)], 'ambiguous'],
  [
    'a floor group and a room only on the other floor',
    [group('Obergeschoss'), position('Küche', 0)],
    'eg-kueche',
  ],
  ['a floor group and an unknown name', [group('Erdgeschoss'), position('Garage', 0)], 'unknown-room'],
  // A floor the location itself names is where the room must be.
  [
    'the location names another floor than its group',
    [group('Obergeschoss'), position('Erdgeschoss / Schlafzimmer', 0)],
    'conflict',
  ],
  [
    'a floor location under a room group on another floor',
    [group('Küche'), position('Obergeschoss', 0)],
    'not-on-floor',
  ],
  // A group whose name holds hidden characters is why the positions under it that name no room are off.
  [
    'no location, under a group with hidden characters',
    [group('Kü\u200bche'), position(null, 0)],
    'hidden-characters',
  ],
  [
    'no location, under a group of hidden characters only',
    [group('\u200b\u2060'), position('', 0)],
    'hidden-characters',
  ],
  [
    'under a group with hidden characters, a location',
    [group('Bad\u200b'), position('Küche', 0)],
    'eg-kueche',
  ],
  // Tag characters (U+E0000–E007F) and the joiners are hidden too.
  ['a location with tag characters', [position('Küche\u{e0041}')], 'hidden-characters'],
  ['a location with a zero-width joiner', [position('Kü\u200dche')], 'hidden-characters'],
  ['a room group on two floors, no floor named', [group('Bad'), position(null, 0)], 'ambiguous'],
];

function placeOn(doc: PlanDocument, rows: MatchRow[]): { roomId: string | null; reason: string | null } {
  const { plan } = planRoomsOf(buildPlanView(doc), 'plan-1');
  const floors: MatchFloor[] = plan.floors;
  const result = placePositions(floors, rows);
  const last = rows.length - 1;
  const index = result.room[last]!;
  const roomIds = plan.floors.flatMap((f) => f.rooms.map((r) => r.id));
  return {
    roomId: index >= 0 ? roomIds[index]! : null,
    reason: result.notPlaced[last]?.reason ?? null,
  };
}

describe('positions are placed by location, then by group, within a floor first, never guessed', () => {
  for (const [shape, doc] of [
    ['current shape', currentShape],
    ['legacy shape', legacyShape],
  ] as const) {
    for (const [title, rows, expected] of CASES) {
      it(`${shape}: ${title}`, () => {
        const { roomId, reason } = placeOn(doc(), rows);
        if (expected.includes('-') && FLOORS.some((f) => f.rooms.some((r) => r.id === expected))) {
          expect(roomId).toBe(expected);
          expect(reason).toBeNull();
        } else {
          expect(roomId).toBeNull();
          expect(reason).toBe(expected);
        }
      });
    }
  }

  it('a room with no name, an empty name or hidden characters is never matched', () => {
    const rows = [
      position('og-none'),
      position('  '),
      position('Abstellraum'),
      position('Abstell\u200braum'),
    ];
    const { plan } = planRoomsOf(buildPlanView(currentShape()), 'plan-1');
    const result = placePositions(plan.floors, rows);
    expect([...result.room]).toEqual([NOT_PLACED, NOT_PLACED, NOT_PLACED, NOT_PLACED]);
    expect([0, 1, 2, 3].map((i) => result.notPlaced[i]!.reason)).toEqual([
      'unknown-room',
      'no-location',
      'unknown-room',
      'hidden-characters',
    ]);
  });

  it('names the rooms an ambiguous location could be', () => {
    const { plan } = planRoomsOf(buildPlanView(currentShape()), 'plan-1');
    const result = placePositions(plan.floors, [position('Flur')]);
    const ids = plan.floors.flatMap((f) => f.rooms.map((r) => r.id));
    expect(result.notPlaced[0]!.candidates.map((i) => ids[i])).toEqual(['eg-flur', 'og-flur-1', 'og-flur-2']);
  });

  it('groups are groups; a parent index that points nowhere is the top level', () => {
    const rows: MatchRow[] = [group('Bad'), { ...position('Küche'), parentIndex: 99 }];
    const result = placePositions(planRoomsOf(buildPlanView(currentShape()), 'plan-1').plan.floors, rows);
    expect(result.room[0]).toBe(GROUP_ROW);
    expect(result.room[1]).toBe(0);
  });

  it('a floor only a group names: a name on two other floors is ambiguous between them', () => {
    const floors: MatchFloor[] = [
      { name: 'EG', rooms: [{ name: 'Küche' }] },
      { name: 'OG', rooms: [{ name: 'Bad' }] },
      { name: 'DG', rooms: [{ name: 'Bad' }] },
    ];
    const result = placePositions(floors, [group('EG'), position('Bad', 0)]);
    expect(result.room[1]).toBe(NOT_PLACED);
    expect(result.notPlaced[1]).toEqual({ reason: 'ambiguous', text: 'Bad', candidates: [1, 2] });
  });

  it('a room name that is also a floor name is the room', () => {
    const floors: MatchFloor[] = [{ name: 'Dachgeschoss', rooms: [{ name: 'Dachgeschoss' }] }];
    expect([...placePositions(floors, [position('dachgeschoss')]).room]).toEqual([0]);
  });

  it('10,000 rooms: one name everywhere is ambiguous, distinct names are placed', () => {
    const same: MatchFloor[] = [
      { name: 'EG', rooms: Array.from({ length: 10_000 }, () => ({ name: 'Raum' })) },
    ];
    const rows = Array.from({ length: 2_000 }, () => position('Raum'));
    const a = placePositions(same, rows);
    expect(a.notPlaced.filter(Boolean)).toHaveLength(2_000);
    expect(a.notPlaced[0]!.candidates).toHaveLength(10_000);
    const distinct: MatchFloor[] = [
      { name: 'EG', rooms: Array.from({ length: 10_000 }, (_, i) => ({ name: `Raum ${i}` })) },
    ];
    const b = placePositions(
      distinct,
      Array.from({ length: 2_000 }, (_, i) => position(`raum ${i * 5}`)),
    );
    expect(b.notPlaced.filter(Boolean)).toHaveLength(0);
    expect(b.room[1]).toBe(5);
  });
});
