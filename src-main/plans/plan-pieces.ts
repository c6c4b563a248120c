/**
 * The pieces both plan shapes are made of (plan-view.ts, plan-legacy-view.ts): loose service
 * values read safely, measurements with their formatted strings, walls, objects by kind, image maps.
 * Nothing here throws on service data: what is missing or malformed becomes null.
 */
import {
  type ImageMapView,
  type ObjectKind,
  type ObjectView,
  type RoomView,
  type StatisticView,
  type ValueEntry,
  type WallView,
} from '../../src-shared/plans/types';

export type Rec = Record<string, unknown>;

/** Statistic keys in the order they are shown; others follow in the service's order. */
export const STATISTIC_ORDER = [
  'area',
  'perimeter',
  'volume',
  'walls_surface',
  'floor_surface',
  'ceiling_surface',
];

export const STATISTIC_LABELS: Record<string, string> = {
  area: 'Area',
  perimeter: 'Perimeter',
  volume: 'Volume',
  walls_surface: 'Wall surface',
  floor_surface: 'Floor surface',
  ceiling_surface: 'Ceiling surface',
  ceiling_height: 'Ceiling height',
  ceilingHeight: 'Ceiling height',
};

/** Each wall's position by its uid (the first, where a uid repeats). */
export function wallIndexOf(walls: WallView[]): Map<string, number> {
  const index = new Map<string, number>();
  walls.forEach((w, i) => {
    if (w.uid !== null && !index.has(w.uid)) index.set(w.uid, i);
  });
  return index;
}

/** A room's objects as its view lists them, by kind, each kind in the service's order. */
export function roomObjects(
  objects: ObjectView[],
): Pick<RoomView, 'doors' | 'windows' | 'furniture' | 'affectedAreas' | 'otherObjects'> {
  const groups: Record<ObjectKind, ObjectView[]> = {
    door: [],
    window: [],
    furniture: [],
    'affected-area': [],
    other: [],
  };
  for (const view of objects) groups[view.kind].push(view);
  return {
    doors: groups.door,
    windows: groups.window,
    furniture: groups.furniture,
    affectedAreas: groups['affected-area'],
    otherObjects: groups.other,
  };
}

export function wallView(raw: unknown): WallView {
  const wall = rec(raw);
  return {
    uid: idText(wall.uid) ?? idText(wall.id),
    values: valueEntries(wall.values),
    extra: extraOf(wall, ['uid', 'values']),
  };
}

/** By category; without one, by a symbol id that says door or window. Unknown → 'other'. */
export function kindOf(category: string | null, symbolId: string | null): ObjectKind {
  const c = (category ?? '').toLowerCase().replace(/[\s_-]+/g, '');
  if (c === 'door' || c === 'doors') return 'door';
  if (c === 'window' || c === 'windows') return 'window';
  if (c === 'furniture') return 'furniture';
  if (c === 'affectedarea' || c === 'affectedareas' || c === 'partialarea' || c === 'partialareas')
    return 'affected-area';
  if (c === '') {
    const s = (symbolId ?? '').toLowerCase();
    if (s.startsWith('door')) return 'door';
    if (s.startsWith('window')) return 'window';
  }
  return 'other';
}

/** An object of either plan shape, from its fields as read: its kind, and the wall it sits in. */
export function objectViewOf(
  o: Rec,
  category: string | null,
  symbolId: string | null,
  wallIndex: Map<string, number>,
  values: ValueEntry[],
  extra: Rec,
): ObjectView {
  const wallUid = idText(o.wall_uid);
  return {
    uid: idText(o.uid) ?? idText(o.id),
    kind: kindOf(category, symbolId),
    name: text(o.name),
    category,
    symbolId,
    wallUid,
    wallIndex: wallUid === null ? null : (wallIndex.get(wallUid) ?? null),
    values,
    extra,
  };
}

export function imageMap(raw: unknown): ImageMapView | null {
  if (!isRec(raw)) return null;
  const areas = Array.isArray(raw.areas)
    ? raw.areas.filter(isRec).map((a) => ({
        roomId: idText(a.room_id),
        coords: Array.isArray(a.coords) ? a.coords.map(num).filter((n): n is number => n !== null) : [],
      }))
    : [];
  return { url: text(raw.url), width: num(raw.width), height: num(raw.height), areas };
}

/** The numbers and formatted strings of a `statistics` pair, matched by key. */
export function statistics(numbersRaw: unknown, formattedRaw: unknown): StatisticView[] {
  const numbers = rec(numbersRaw);
  const formatted = rec(formattedRaw);
  const keys = [...new Set([...Object.keys(numbers), ...Object.keys(formatted)])];
  keys.sort((a, b) => orderOf(a) - orderOf(b));
  const out: StatisticView[] = [];
  for (const key of keys) {
    const value = num(numbers[key]);
    const f = text(formatted[key]);
    if (value === null && f === null) {
      // A non-numeric statistic without text: kept verbatim rather than dropped.
      const other = numbers[key];
      if (other === undefined || other === null) continue;
      out.push({
        key,
        label: labelOf(key),
        value: null,
        formatted: null,
        display: typeof other === 'object' ? JSON.stringify(other) : String(other),
      });
      continue;
    }
    out.push(measure(key, value, f));
  }
  return out;
}

export function measure(key: string, value: number | null, formatted: string | null): StatisticView {
  return {
    key,
    label: labelOf(key),
    value,
    formatted,
    display: formatted ?? (value === null ? null : plainNumber(value)),
  };
}

export function orderOf(key: string): number {
  const i = STATISTIC_ORDER.indexOf(key);
  return i === -1 ? STATISTIC_ORDER.length : i;
}

/** "walls_surface" → "Walls surface"; known keys get their own label. */
export function labelOf(key: string): string {
  const known = STATISTIC_LABELS[key];
  if (known) return known;
  const words = key
    .replace(/([a-z])([A-Z])/g, '$1 $2')
    .replace(/[_-]+/g, ' ')
    .trim()
    .toLowerCase();
  return words ? words[0]!.toUpperCase() + words.slice(1) : key;
}

/** A number as plain text: no grouping, no unit, at most 6 decimals, no float noise. */
export function plainNumber(n: number): string {
  if (!Number.isFinite(n)) return String(n);
  return String(Number.parseFloat(n.toFixed(6)));
}

/** `values` as `[{key, value}]` (walls) or as an object (objects); nested objects get dotted keys. */
export function valueEntries(raw: unknown): ValueEntry[] {
  const out: ValueEntry[] = [];
  if (Array.isArray(raw)) {
    raw.forEach((item, i) => {
      if (isRec(item) && 'key' in item) {
        flattenInto(out, String(item.key), item.value);
      } else {
        flattenInto(out, String(i), item);
      }
    });
  } else if (isRec(raw)) {
    for (const [k, v] of Object.entries(raw)) flattenInto(out, k, v);
  }
  return out;
}

export function flattenInto(out: ValueEntry[], key: string, value: unknown, depth = 0): void {
  if (isRec(value) && depth < 4) {
    const entries = Object.entries(value);
    if (entries.length === 0) out.push({ key, value: null });
    for (const [k, v] of entries) flattenInto(out, `${key}.${k}`, v, depth + 1);
    return;
  }
  out.push({ key, value: scalar(value) });
}

export function scalar(v: unknown): string | number | boolean | null {
  if (v === null || v === undefined) return null;
  if (typeof v === 'number' || typeof v === 'string' || typeof v === 'boolean') return v;
  return JSON.stringify(v);
}

/** Notes may be an array of values or a string; empty ones are left out, repeats once. */
export function notes(...sources: unknown[]): string[] {
  const out: string[] = [];
  const add = (v: unknown) => {
    if (v === null || v === undefined) return;
    const t = (typeof v === 'object' ? JSON.stringify(v) : String(v)).trim();
    if (t && !out.includes(t)) out.push(t);
  };
  for (const s of sources) {
    if (Array.isArray(s)) s.forEach(add);
    else add(s);
  }
  return out;
}

export function extraOf(o: Rec, known: readonly string[]): Rec {
  const out: Rec = {};
  for (const [k, v] of Object.entries(o)) if (!known.includes(k)) out[k] = v;
  return out;
}

export function prefixed(prefix: string, o: Rec): Rec {
  const out: Rec = {};
  for (const [k, v] of Object.entries(o)) out[`${prefix}.${k}`] = v;
  return out;
}

export function isRec(v: unknown): v is Rec {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

export function rec(v: unknown): Rec {
  return isRec(v) ? v : {};
}

export function text(v: unknown): string | null {
  if (typeof v === 'string') return v.trim() === '' ? null : v;
  if (typeof v === 'number' && Number.isFinite(v)) return String(v);
  return null;
}

export function idText(v: unknown): string | null {
  return text(v);
}

/** A finite number, from a number or numeric text; else null. */
export function num(v: unknown): number | null {
  if (typeof v === 'number') return Number.isFinite(v) ? v : null;
  if (typeof v === 'string' && v.trim() !== '') {
    const n = Number(v);
    return Number.isFinite(n) ? n : null;
  }
  return null;
}

export function count(v: unknown): number | null {
  const n = num(v);
  return n !== null && Number.isInteger(n) && n >= 0 ? n : null;
}
