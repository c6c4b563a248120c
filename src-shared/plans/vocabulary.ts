/**
 * The service's plan vocabulary in the user's words: room types (`values.roomType`, `room_type`),
 * wall materials, object symbols (`symbol_id`) and export formats. A value PlanDesk knows gets its
 * translated label; any other value is shown humanised ("walk_in_closet" → "Walk in closet"), never
 * dropped and never hidden. One table for the screens, the exports and the CLI.
 */
import type { MessageKey, Translate } from '../i18n/catalogue';

export type TermKind = 'roomType' | 'material' | 'symbol' | 'format';

/** Lookup form of a value: lower case, without spaces, underscores, hyphens or dots. */
export function termKey(raw: string): string {
  return raw
    .trim()
    .toLowerCase()
    .replace(/[\s_.-]+/g, '');
}

const ROOM_TYPES: Record<string, MessageKey> = {
  living: 'vocab.room.living',
  livingroom: 'vocab.room.living',
  lounge: 'vocab.room.living',
  kitchen: 'vocab.room.kitchen',
  bathroom: 'vocab.room.bathroom',
  bath: 'vocab.room.bathroom',
  showerroom: 'vocab.room.bathroom',
  toilet: 'vocab.room.toilet',
  wc: 'vocab.room.toilet',
  bedroom: 'vocab.room.bedroom',
  kidsroom: 'vocab.room.childrensRoom',
  childrensroom: 'vocab.room.childrensRoom',
  nursery: 'vocab.room.childrensRoom',
  guestroom: 'vocab.room.guestRoom',
  hallway: 'vocab.room.hallway',
  hall: 'vocab.room.hallway',
  corridor: 'vocab.room.hallway',
  entrance: 'vocab.room.entrance',
  entry: 'vocab.room.entrance',
  office: 'vocab.room.office',
  study: 'vocab.room.office',
  dining: 'vocab.room.dining',
  diningroom: 'vocab.room.dining',
  laundry: 'vocab.room.laundry',
  utility: 'vocab.room.laundry',
  utilityroom: 'vocab.room.laundry',
  storage: 'vocab.room.storage',
  storeroom: 'vocab.room.storage',
  pantry: 'vocab.room.storage',
  closet: 'vocab.room.closet',
  walkincloset: 'vocab.room.closet',
  dressingroom: 'vocab.room.closet',
  garage: 'vocab.room.garage',
  balcony: 'vocab.room.balcony',
  terrace: 'vocab.room.terrace',
  patio: 'vocab.room.terrace',
  basement: 'vocab.room.basement',
  cellar: 'vocab.room.basement',
  attic: 'vocab.room.attic',
  loft: 'vocab.room.attic',
  stairs: 'vocab.room.stairs',
  staircase: 'vocab.room.stairs',
  stairwell: 'vocab.room.stairs',
  boilerroom: 'vocab.room.technical',
  technical: 'vocab.room.technical',
  technicalroom: 'vocab.room.technical',
  other: 'vocab.room.other',
};

const MATERIALS: Record<string, MessageKey> = {
  drywall: 'vocab.material.drywall',
  plasterboard: 'vocab.material.drywall',
  gypsumboard: 'vocab.material.drywall',
  brick: 'vocab.material.brick',
  masonry: 'vocab.material.brick',
  concrete: 'vocab.material.concrete',
  reinforcedconcrete: 'vocab.material.concrete',
  aeratedconcrete: 'vocab.material.aeratedConcrete',
  wood: 'vocab.material.wood',
  timber: 'vocab.material.wood',
  timberframe: 'vocab.material.timberFrame',
  stone: 'vocab.material.stone',
  glass: 'vocab.material.glass',
  plaster: 'vocab.material.plaster',
  tile: 'vocab.material.tile',
  tiles: 'vocab.material.tile',
  metal: 'vocab.material.metal',
  steel: 'vocab.material.metal',
  sandlimebrick: 'vocab.material.sandLime',
  calciumsilicate: 'vocab.material.sandLime',
};

const SYMBOLS: Record<string, MessageKey> = {
  doorsingle: 'vocab.symbol.doorSingle',
  doordouble: 'vocab.symbol.doorDouble',
  doorsliding: 'vocab.symbol.doorSliding',
  windowsingle: 'vocab.symbol.windowSingle',
  windowdouble: 'vocab.symbol.windowDouble',
  windowtiltturn: 'vocab.symbol.windowTiltTurn',
  partialarea: 'vocab.symbol.partialArea',
  affectedarea: 'vocab.symbol.partialArea',
  sofa3: 'vocab.symbol.sofa',
  sofa: 'vocab.symbol.sofa',
  armchair: 'vocab.symbol.armchair',
  coffeetable: 'vocab.symbol.coffeeTable',
  tvstand: 'vocab.symbol.tvStand',
  bookshelf: 'vocab.symbol.bookshelf',
  kitchencounter: 'vocab.symbol.kitchenCounter',
  fridge: 'vocab.symbol.fridge',
  stove: 'vocab.symbol.stove',
  diningtable: 'vocab.symbol.diningTable',
  toilet: 'vocab.symbol.toilet',
  sink: 'vocab.symbol.sink',
  shower: 'vocab.symbol.shower',
  bathtub: 'vocab.symbol.bathtub',
  beddouble: 'vocab.symbol.bedDouble',
  wardrobe: 'vocab.symbol.wardrobe',
  nightstand: 'vocab.symbol.nightstand',
  desk: 'vocab.symbol.desk',
  officechair: 'vocab.symbol.officeChair',
  coatrack: 'vocab.symbol.coatRack',
  shoecabinet: 'vocab.symbol.shoeCabinet',
};

const FORMATS: Record<string, MessageKey> = {
  pdf: 'vocab.format.pdf',
  jpg: 'vocab.format.jpg',
  jpeg: 'vocab.format.jpg',
  png: 'vocab.format.png',
  svg: 'vocab.format.svg',
  dxf: 'vocab.format.dxf',
  xml: 'vocab.format.xml',
  html: 'vocab.format.html',
  embedded: 'vocab.format.embedded',
  ifc: 'vocab.format.ifc',
  usdz: 'vocab.format.usdz',
  obj: 'vocab.format.obj',
};

const TABLES: Record<TermKind, Record<string, MessageKey>> = {
  roomType: ROOM_TYPES,
  material: MATERIALS,
  symbol: SYMBOLS,
  format: FORMATS,
};

/** The label of a value PlanDesk knows; null for any other. */
export function termLabelKey(kind: TermKind, raw: string): MessageKey | null {
  const key = termKey(raw);
  return Object.hasOwn(TABLES[kind], key) ? (TABLES[kind][key] as MessageKey) : null;
}

/**
 * A service value as words: its translated label when known, else humanised. A value naming several
 * known ones ("hallway/living") is labelled part by part.
 */
export function termLabel(kind: TermKind, raw: string, t: Translate): string {
  const known = termLabelKey(kind, raw);
  if (known) return t(known);
  const parts = raw.split('/').map((p) => termLabelKey(kind, p));
  if (parts.length > 1 && parts.every((k) => k !== null)) {
    return parts.map((k) => t(k as MessageKey)).join(' / ');
  }
  return humanise(raw);
}

/**
 * An unknown service value made readable: words split at `_`, camelCase and repeated spaces, first
 * letter upper case. Short all-capital values (acronyms such as "WC", "IFC") stay as they are.
 */
export function humanise(raw: string): string {
  const trimmed = raw.trim();
  if (trimmed === '') return raw;
  if (/^[A-Z0-9]{1,5}$/.test(trimmed)) return trimmed;
  const words = trimmed
    .replace(/([a-z\d])([A-Z])/g, '$1 $2')
    .replace(/_+/g, ' ')
    .replace(/\s+/g, ' ')
    .toLowerCase();
  return words[0]!.toUpperCase() + words.slice(1);
}
