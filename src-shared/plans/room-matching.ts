/**
 * The one rule that places an estimate's positions in the rooms of its plan (issue 28).
 *
 * A position is placed by its `location`; a position without one, by the groups it sits in (a group
 * named like a room, or whose own `location` names one). Names are compared as `matchKey` folds them
 * (case, accents, whitespace). A location may name a floor too ("Erdgeschoss / Küche", "Küche (EG)"),
 * and so may a group above the position: the room is then looked for on that floor first, and only
 * there. Without a floor, a name is looked for on every floor. Whatever is ambiguous (a name several
 * rooms carry), contradictory (the location and a group name different rooms) or unknown stays off
 * the plan with its reason: nothing is guessed. Pure and linear in the rows (each distinct text is
 * resolved once), so 20,000 positions on 500 rooms take a few milliseconds.
 */
import { matchKey, twoPartReadings } from './match-text';

/** A plan's floors and rooms, as far as matching needs them (both plan shapes give these). */
export interface MatchFloor {
  name: string | null;
  rooms: readonly { name: string | null }[];
}

/** The part of an estimate row matching reads (preorder rows: a parent comes before its children). */
export interface MatchRow {
  type: 'group' | 'position';
  parentIndex: number;
  name: string | null;
  location: string | null;
}

export type NotPlacedReason =
  /** No location, and no group above it named like a room. */
  | 'no-location'
  /** The location names no room (and no floor) of the plan. */
  | 'unknown-room'
  /** The location (or a group) names a floor, and nothing names a room on it. */
  | 'floor-only'
  /** Several rooms carry that name (on one floor, or on several with no floor named). */
  | 'ambiguous'
  /** The room named is not on the floor named. */
  | 'not-on-floor'
  /** The location and a group above it (or two groups) name different rooms or floors. */
  | 'conflict'
  /**
   * The location (or, for a position without one, a group above it) holds control or invisible
   * characters: it is not compared at all.
   */
  | 'hidden-characters';

export interface NotPlaced {
  reason: NotPlacedReason;
  /** The text that could not be placed (the location, or the group's name); null: there was none. */
  text: string | null;
  /** The rooms it could be (indices in the plan's room order), for 'ambiguous' and 'not-on-floor'. */
  candidates: readonly number[];
}

export interface Placements {
  /** Per row: the room's index in the plan's room order (floor by floor); -1 not placed; -2 a group. */
  room: Int32Array;
  /** Why each position that is not placed is not (by row index); one object for the same reason. */
  notPlaced: (NotPlaced | undefined)[];
}

export const NOT_PLACED = -1;
export const GROUP_ROW = -2;

type Clue =
  | { kind: 'none' | 'hidden' | 'unknown' | 'ambiguous' }
  | { kind: 'room'; key: string; rooms: readonly number[]; floors: readonly number[] | null }
  | { kind: 'floor'; floors: readonly number[] };

/** What the groups above a row say: the room and floor they name, or that they disagree. */
interface Context {
  roomKey: string | null;
  rooms: readonly number[] | null;
  roomText: string | null;
  floors: readonly number[] | null;
  floorText: string | null;
  conflict: string | null;
  /** The first name or location of a group above that holds hidden characters (never compared). */
  hiddenText: string | null;
}

const EMPTY_CONTEXT: Context = {
  roomKey: null,
  rooms: null,
  roomText: null,
  floors: null,
  floorText: null,
  conflict: null,
  hiddenText: null,
};

function intersect(a: readonly number[] | null, b: readonly number[] | null): readonly number[] | null {
  if (a === null) return b;
  if (b === null) return a;
  return a.filter((x) => b.includes(x));
}

/** No candidate rooms. */
const NONE: readonly number[] = [];

/** The plan's names, indexed once. */
class PlanIndex {
  /** Each room's floor, in the plan's room order. */
  readonly roomFloor: number[] = [];
  private readonly rooms = new Map<string, number[]>();
  private readonly floors = new Map<string, number[]>();
  private readonly clues = new Map<string, Clue>();
  private readonly picks = new Map<string, readonly number[]>();
  /** Outcomes by reason and text; those naming candidate rooms by reason, candidates and text. */
  private readonly outcomes = new Map<NotPlacedReason, Map<string | null, NotPlaced>>();
  private readonly candidateOutcomes = new Map<
    NotPlacedReason,
    Map<readonly number[], Map<string | null, NotPlaced>>
  >();

  constructor(floors: readonly MatchFloor[]) {
    floors.forEach((floor, f) => {
      const fk = matchKey(floor.name);
      if (fk) push(this.floors, fk, f);
      for (const room of floor.rooms) {
        const rk = matchKey(room.name);
        if (rk) push(this.rooms, rk, this.roomFloor.length);
        this.roomFloor.push(f);
      }
    });
  }

  /** What a text names, resolved once per distinct text. */
  clue(text: string | null): Clue {
    if (text === null) return { kind: 'none' };
    let clue = this.clues.get(text);
    if (!clue) {
      clue = this.resolve(text);
      this.clues.set(text, clue);
    }
    return clue;
  }

  private resolve(text: string): Clue {
    const key = matchKey(text);
    if (key === null) return { kind: 'hidden' };
    if (key === '') return { kind: 'none' };
    const rooms = this.rooms.get(key);
    if (rooms) return { kind: 'room', key, rooms, floors: null };
    const floors = this.floors.get(key);
    if (floors) return { kind: 'floor', floors };
    // "Erdgeschoss / Küche", "Küche (Erdgeschoss)": one part a floor, the other a room.
    const found = new Map<string, Clue>();
    for (const [a, b] of twoPartReadings(text)) {
      for (const [floorPart, roomPart] of [
        [a, b],
        [b, a],
      ] as const) {
        const fk = matchKey(floorPart);
        const rk = matchKey(roomPart);
        const f = fk ? this.floors.get(fk) : undefined;
        const r = rk ? this.rooms.get(rk) : undefined;
        if (f && r && rk)
          found.set(`${rk}\u0000${f.join(',')}`, { kind: 'room', key: rk, rooms: r, floors: f });
      }
    }
    if (found.size === 1) return [...found.values()][0]!;
    return { kind: found.size > 1 ? 'ambiguous' : 'unknown' };
  }

  /**
   * Why a position is not placed: one object per reason, text and candidates (the candidates are the
   * index's own lists), shared by every position for which it is the same.
   */
  notPlaced(reason: NotPlacedReason, text: string | null, candidates: readonly number[] = NONE): NotPlaced {
    let byText: Map<string | null, NotPlaced> | undefined;
    if (candidates === NONE) {
      byText = this.outcomes.get(reason);
      if (!byText) this.outcomes.set(reason, (byText = new Map()));
    } else {
      let byCandidates = this.candidateOutcomes.get(reason);
      if (!byCandidates) this.candidateOutcomes.set(reason, (byCandidates = new Map()));
      byText = byCandidates.get(candidates);
      if (!byText) byCandidates.set(candidates, (byText = new Map()));
    }
    let outcome = byText.get(text);
    if (!outcome) byText.set(text, (outcome = { reason, text, candidates }));
    return outcome;
  }

  /** The rooms of `rooms` on `floors` (all of them without floors); cached per name and floors. */
  pick(key: string, rooms: readonly number[], floors: readonly number[] | null): readonly number[] {
    if (floors === null) return rooms;
    const cacheKey = `${key}\u0000${floors.join(',')}`;
    let picked = this.picks.get(cacheKey);
    if (!picked) {
      picked = rooms.filter((r) => floors.includes(this.roomFloor[r]!));
      this.picks.set(cacheKey, picked);
    }
    return picked;
  }
}

function push(map: Map<string, number[]>, key: string, value: number): void {
  const list = map.get(key);
  if (list) list.push(value);
  else map.set(key, [value]);
}

/** The context below a group: the parent's, with what the group's name and location say. */
function groupContext(index: PlanIndex, parent: Context, row: MatchRow): Context {
  let ctx = parent;
  for (const text of [row.name, row.location]) {
    const clue = index.clue(text);
    if (clue.kind === 'hidden' && ctx.hiddenText === null) {
      if (ctx === parent) ctx = { ...parent };
      ctx.hiddenText = text;
    }
    // A group that names no room or floor (a trade, a phase) says nothing; only names count.
    if (clue.kind !== 'room' && clue.kind !== 'floor') continue;
    if (ctx === parent) ctx = { ...parent };
    const floors = intersect(ctx.floors, clue.floors);
    if (floors !== null && floors.length === 0) ctx.conflict ??= text;
    if (clue.floors !== null) {
      ctx.floors = floors;
      ctx.floorText ??= text;
    }
    if (clue.kind === 'room') {
      if (ctx.roomKey !== null && ctx.roomKey !== clue.key) ctx.conflict ??= text;
      ctx.roomKey ??= clue.key;
      ctx.rooms ??= clue.rooms;
      ctx.roomText ??= text;
    }
  }
  return ctx;
}

type Outcome = number | NotPlaced;

/**
 * The room a name and floors lead to, or why there is none. `firstOnly`: the floors are only where
 * to look first (a group named them, not the text itself); with no room of that name there, the
 * name is looked for on every floor.
 */
function choose(
  index: PlanIndex,
  key: string,
  rooms: readonly number[],
  floors: readonly number[] | null,
  text: string | null,
  firstOnly: boolean,
): Outcome {
  if (floors !== null && floors.length === 0) return index.notPlaced('conflict', text);
  let picked = index.pick(key, rooms, floors);
  if (picked.length === 0 && firstOnly) picked = rooms;
  if (picked.length === 1) return picked[0]!;
  if (picked.length === 0) return index.notPlaced('not-on-floor', text, rooms);
  return index.notPlaced('ambiguous', text, picked);
}

function placePosition(index: PlanIndex, ctx: Context, location: string | null): Outcome {
  const own = index.clue(location);
  switch (own.kind) {
    case 'hidden':
      return index.notPlaced('hidden-characters', location);
    case 'ambiguous':
      return index.notPlaced('ambiguous', location);
    case 'unknown':
      return index.notPlaced('unknown-room', location);
    case 'room':
      if (ctx.conflict !== null) return index.notPlaced('conflict', ctx.conflict);
      if (ctx.roomKey !== null && ctx.roomKey !== own.key) return index.notPlaced('conflict', location);
      // A floor the location names is where the room must be; one only a group names, where first.
      return choose(
        index,
        own.key,
        own.rooms,
        intersect(own.floors, ctx.floors),
        location,
        own.floors === null,
      );
    case 'floor':
      if (ctx.conflict !== null) return index.notPlaced('conflict', ctx.conflict);
      if (ctx.roomKey === null) return index.notPlaced('floor-only', location);
      return choose(index, ctx.roomKey, ctx.rooms!, intersect(own.floors, ctx.floors), ctx.roomText, false);
    case 'none':
      if (ctx.conflict !== null) return index.notPlaced('conflict', ctx.conflict);
      if (ctx.roomKey !== null) return choose(index, ctx.roomKey, ctx.rooms!, ctx.floors, ctx.roomText, true);
      // A group whose name could not be compared may be the room: say so rather than "no location".
      if (ctx.hiddenText !== null) return index.notPlaced('hidden-characters', ctx.hiddenText);
      return ctx.floors !== null
        ? index.notPlaced('floor-only', ctx.floorText)
        : index.notPlaced('no-location', null);
  }
}

/**
 * Places every position of `rows` (an estimate's rows in tree order, see flattenTree) in a room of
 * `floors`. A row whose parent index does not point to an earlier row is treated as top level.
 */
export function placePositions(floors: readonly MatchFloor[], rows: readonly MatchRow[]): Placements {
  const index = new PlanIndex(floors);
  const room = new Int32Array(rows.length);
  const notPlacedRows = new Array<NotPlaced | undefined>(rows.length);
  const contexts: Context[] = new Array<Context>(rows.length);
  for (let i = 0; i < rows.length; i++) {
    const row = rows[i]!;
    const p = row.parentIndex;
    const parent = p >= 0 && p < i ? contexts[p]! : EMPTY_CONTEXT;
    if (row.type === 'group') {
      contexts[i] = groupContext(index, parent, row);
      room[i] = GROUP_ROW;
      continue;
    }
    contexts[i] = parent;
    const outcome = placePosition(index, parent, row.location);
    if (typeof outcome === 'number') room[i] = outcome;
    else {
      room[i] = NOT_PLACED;
      notPlacedRows[i] = outcome;
    }
  }
  return { room, notPlaced: notPlacedRows };
}
