/**
 * Deterministic data-set generator for the built-in service simulator.
 *
 * - `generateDemoDataset()` is what `resources/demo/dataset.json` holds (regenerate it with
 *   `npx tsx scripts/generate-demo-data.ts`; a unit test keeps the committed file in step).
 * - `generateLargeDataset()` is the benchmark set (5,000 projects, one 20,000-item estimate).
 *
 * Everything comes from a seeded PRNG and a fixed base date: no clock, no Math.random(). All money
 * arithmetic goes through `Decimal`; measurements are computed in integer hundredths so the
 * statistics add up exactly.
 */

import { Decimal, SERVICE_SCALE } from '../../src-shared/money/decimal';
import { Prng } from './prng';
import type {
  SimAddress,
  SimDataset,
  SimEstimate,
  SimEstimateItem,
  SimEstimateTotals,
  SimFile,
  SimFloor,
  SimForm,
  SimFormElement,
  SimImageMap,
  SimObject,
  SimPlan,
  SimProject,
  SimRoom,
  SimStatistics,
  SimTeam,
  SimUser,
  SimWall,
  SimWorkspace,
  UnitSystem,
} from './types';

export const DEMO_SEED = 20260401;
export const LARGE_SEED = 20260402;

/** 2026-01-05T08:00:00Z: every timestamp is this plus a PRNG offset. */
const BASE_MS = Date.UTC(2026, 0, 5, 8, 0, 0);
const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

// ---------------------------------------------------------------------------------------------
// Small helpers
// ---------------------------------------------------------------------------------------------

type Lang = 'de' | 'fr';
type Localized = Record<Lang, string>;

const dayPrefixes = new Map<number, string>();
const TWO_DIGITS = Array.from({ length: 60 }, (_, i) => String(i).padStart(2, '0'));

/** `YYYY-MM-DDTHH:MM:SS` (UTC) of a time; the date part is cached (the big data set has ~100k stamps). */
function isoSeconds(ms: number): string {
  const day = Math.floor(ms / DAY);
  let prefix = dayPrefixes.get(day);
  if (prefix === undefined) {
    prefix = new Date(day * DAY).toISOString().slice(0, 11);
    dayPrefixes.set(day, prefix);
  }
  const seconds = Math.floor((ms - day * DAY) / 1000);
  const h = TWO_DIGITS[Math.floor(seconds / 3600)] as string;
  const m = TWO_DIGITS[Math.floor(seconds / 60) % 60] as string;
  const sec = TWO_DIGITS[seconds % 60] as string;
  return `${prefix}${h}:${m}:${sec}`;
}
/** ISO 8601 with microseconds and offset: 2026-01-05T08:00:00.123456+00:00 */
function isoMicro(ms: number, micros: number): string {
  return `${isoSeconds(ms)}.${String(micros).padStart(6, '0')}+00:00`;
}
/** ISO 8601 with offset: 2026-01-05T08:00:00+00:00 */
function isoOffset(ms: number): string {
  return `${isoSeconds(ms)}+00:00`;
}
/** YYYY-MM-DD HH:MM:SS (UTC) */
function sqlTime(ms: number): string {
  return isoSeconds(ms).replace('T', ' ');
}
function startOfDay(ms: number): number {
  return ms - (ms % DAY);
}
/** A time between from and to (whole seconds). */
function timeBetween(rng: Prng, from: number, to: number): number {
  const fromS = Math.ceil(from / 1000);
  const toS = Math.max(fromS, Math.floor(to / 1000));
  return rng.int(fromS, toS) * 1000;
}

function pad(n: number, width: number): string {
  return String(n).padStart(width, '0');
}

/** Integer hundredths → plain number (e.g. 1234 → 12.34). */
function h2n(hundredths: number): number {
  return hundredths / 100;
}

/** Rounds a float to two decimals (only for values derived from catalogue dimensions). */
function round2(x: number): number {
  return Math.round(x * 100) / 100;
}

const FEET_PER_METRE = 3.28084;

const CENT = Decimal.parse('0.01');
const ONE = Decimal.fromInteger(1);

function fromHundredths(n: number): Decimal {
  return Decimal.fromInteger(n).mul(CENT);
}
const ZERO_TEXT = Decimal.ZERO.toFixed(SERVICE_SCALE);
const FRACTION_PAD = '0'.repeat(SERVICE_SCALE);

/**
 * The service's twelve-fractional-digit text of a decimal. Values with at most twelve fractional
 * digits (all of ours) are written straight from their digits; anything else goes through
 * `Decimal.toFixed`, which rounds.
 */
function fx(d: Decimal): string {
  if (d.units === 0n) return ZERO_TEXT;
  if (d.scale > SERVICE_SCALE) return d.toFixed(SERVICE_SCALE);
  const negative = d.units < 0n;
  const digits = (negative ? -d.units : d.units).toString().padStart(d.scale + 1, '0');
  const cut = digits.length - d.scale;
  const fraction = (digits.slice(cut) + FRACTION_PAD).slice(0, SERVICE_SCALE);
  return `${negative ? '-' : ''}${digits.slice(0, cut)}.${fraction}`;
}

const FIXED_TEXT = /^-?\d+\.\d{12}$/;
const SCALE_UNIT = Decimal.parse(`0.${'0'.repeat(SERVICE_SCALE - 1)}1`);

/** Parses decimal text; the service's fixed twelve-digit form takes a fast path. */
function parseDecimal(text: string): Decimal {
  if (FIXED_TEXT.test(text)) {
    return Decimal.fromInteger(BigInt(text.slice(0, -13) + text.slice(-12))).mul(SCALE_UNIT);
  }
  return Decimal.parse(text);
}

function slug(text: string): string {
  return text
    .toLowerCase()
    .replace(/ä/g, 'ae')
    .replace(/ö/g, 'oe')
    .replace(/ü/g, 'ue')
    .replace(/ß/g, 'ss')
    .replace(/ø/g, 'o')
    .replace(/œ/g, 'oe')
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');
}

const COLORS = [
  '#F4E1C1',
  '#D9CBB4',
  '#B5C7D3',
  '#E8E4DA',
  '#C9D7B8',
  '#A7A29A',
  '#EFD3B5',
  '#DDE6ED',
  '#8E7F6F',
  '#F2F2F2',
];
const AFFECTED_COLORS = ['#E53935', '#FB8C00', '#FDD835', '#8E24AA', '#1E88E5', '#43A047'];

// ---------------------------------------------------------------------------------------------
// Estimate totals
// ---------------------------------------------------------------------------------------------

/**
 * The estimate totals, exactly as the service computes them: sums over positions only (group
 * totals repeat their children's), tax_total = Σ (total − total_cost − markup + discount),
 * subtotal_without_tax = total − tax_total. All with twelve fractional digits.
 */
export function computeEstimateTotals(items: SimEstimateItem[]): SimEstimateTotals {
  let labor = Decimal.ZERO;
  let equipment = Decimal.ZERO;
  let material = Decimal.ZERO;
  let other = Decimal.ZERO;
  let costs = Decimal.ZERO;
  let markup = Decimal.ZERO;
  let discount = Decimal.ZERO;
  let total = Decimal.ZERO;
  let tax = Decimal.ZERO;
  const d = (s: string | null): Decimal => (s === null ? Decimal.ZERO : parseDecimal(s));
  for (const item of items) {
    if (item.type !== 'position') continue;
    const itemTotal = d(item.total);
    const itemCost = d(item.total_cost);
    const itemMarkup = d(item.markup);
    const itemDiscount = d(item.discount);
    labor = labor.add(d(item.labor_cost));
    equipment = equipment.add(d(item.equipment_cost));
    material = material.add(d(item.material_cost));
    other = other.add(d(item.other_cost));
    costs = costs.add(itemCost);
    markup = markup.add(itemMarkup);
    discount = discount.add(itemDiscount);
    total = total.add(itemTotal);
    tax = tax.add(itemTotal.sub(itemCost).sub(itemMarkup).add(itemDiscount));
  }
  return {
    equipment_costs_total: fx(equipment),
    material_costs_total: fx(material),
    labor_costs_total: fx(labor),
    other_costs_total: fx(other),
    costs_total: fx(costs),
    markup_total: fx(markup),
    discount_total: fx(discount),
    subtotal_without_tax: fx(total.sub(tax)),
    tax_total: fx(tax),
    total: fx(total),
  };
}

// ---------------------------------------------------------------------------------------------
// Catalogues
// ---------------------------------------------------------------------------------------------

type RoomType = 'living' | 'kitchen' | 'bathroom' | 'bedroom' | 'hallway' | 'office';

const ROOM_NAMES: Record<RoomType, Record<Lang, string[]>> = {
  living: { de: ['Wohnzimmer', 'Wohn-/Esszimmer', 'Salon'], fr: ['Séjour', 'Salon', 'Salle à manger'] },
  kitchen: { de: ['Küche', 'Wohnküche'], fr: ['Cuisine', 'Cuisine ouverte'] },
  bathroom: { de: ['Bad', 'Gäste-WC', 'Duschbad'], fr: ['Salle de bain', "Salle d'eau", 'WC'] },
  bedroom: {
    de: ['Schlafzimmer', 'Kinderzimmer', 'Gästezimmer'],
    fr: ['Chambre', 'Chambre d’enfant', 'Suite'],
  },
  hallway: { de: ['Flur', 'Diele', 'Treppenhaus'], fr: ['Entrée', 'Couloir', 'Dégagement'] },
  office: { de: ['Arbeitszimmer', 'Büro', 'Hauswirtschaftsraum'], fr: ['Bureau', 'Buanderie', 'Atelier'] },
};

/** Room bounding box ranges in centimetres: [minW, maxW, minL, maxL]. */
const ROOM_SIZES: Record<RoomType, [number, number, number, number]> = {
  living: [350, 600, 400, 750],
  kitchen: [250, 450, 280, 500],
  bathroom: [160, 300, 200, 350],
  bedroom: [280, 450, 320, 520],
  hallway: [110, 200, 250, 700],
  office: [250, 400, 280, 450],
};

const ROOM_NOTES: Record<Lang, string[]> = {
  de: [
    'Feuchtigkeit an der Außenwand prüfen',
    'Steckdosen erneuern, Leitungen teilweise zweiadrig',
    'Altbau-Dielen unter dem Teppich – erhalten?',
    'Heizkörper wird versetzt',
    'Kunde wünscht Fußbodenheizung',
    'Deckenhöhe an der Dachschräge nur 1,20 m',
  ],
  fr: [
    'Vérifier l’humidité sur le mur extérieur',
    'Prises électriques à remplacer',
    'Parquet ancien sous la moquette – à conserver ?',
    'Radiateur à déplacer',
    'Le client souhaite un plancher chauffant',
    'Poutres apparentes à traiter',
  ],
};

const FLOOR_NOTES: Record<Lang, string[]> = {
  de: ['Zugang über Hinterhof', 'Treppe bleibt erhalten', 'Estrich prüfen', 'Schlüssel beim Hausmeister'],
  fr: ['Accès par la cour', 'Escalier conservé', 'Chape à vérifier', 'Clés chez le gardien'],
};

function floorName(lang: Lang, level: number): string {
  if (lang === 'de') {
    if (level < 0) return 'Keller';
    if (level === 0) return 'Erdgeschoss';
    return `${level}. Obergeschoss`;
  }
  if (level < 0) return 'Sous-sol';
  if (level === 0) return 'Rez-de-chaussée';
  return level === 1 ? '1er étage' : `${level}e étage`;
}

interface ObjectSpec {
  symbol: string;
  name: Localized;
  /** Metres. */
  w: number;
  h: number;
  d: number;
  onWall: boolean;
}

const DOORS: ObjectSpec[] = [
  { symbol: 'door_single', name: { de: 'Innentür', fr: 'Porte' }, w: 0.885, h: 2.01, d: 0.1, onWall: true },
  {
    symbol: 'door_double',
    name: { de: 'Doppeltür', fr: 'Porte double' },
    w: 1.51,
    h: 2.135,
    d: 0.1,
    onWall: true,
  },
  {
    symbol: 'door_sliding',
    name: { de: 'Schiebetür', fr: 'Porte coulissante' },
    w: 1.01,
    h: 2.01,
    d: 0.1,
    onWall: true,
  },
];
const WINDOWS: ObjectSpec[] = [
  { symbol: 'window_single', name: { de: 'Fenster', fr: 'Fenêtre' }, w: 0.8, h: 1.2, d: 0.2, onWall: true },
  {
    symbol: 'window_double',
    name: { de: 'Doppelfenster', fr: 'Fenêtre double' },
    w: 1.35,
    h: 1.35,
    d: 0.2,
    onWall: true,
  },
  {
    symbol: 'window_tilt_turn',
    name: { de: 'Dreh-Kipp-Fenster', fr: 'Fenêtre oscillo-battante' },
    w: 1.0,
    h: 1.45,
    d: 0.2,
    onWall: true,
  },
];
const FURNITURE: Record<RoomType, ObjectSpec[]> = {
  living: [
    {
      symbol: 'sofa_3',
      name: { de: 'Sofa (3-Sitzer)', fr: 'Canapé 3 places' },
      w: 2.1,
      h: 0.85,
      d: 0.95,
      onWall: false,
    },
    { symbol: 'armchair', name: { de: 'Sessel', fr: 'Fauteuil' }, w: 0.85, h: 0.95, d: 0.85, onWall: false },
    {
      symbol: 'coffee_table',
      name: { de: 'Couchtisch', fr: 'Table basse' },
      w: 1.2,
      h: 0.45,
      d: 0.6,
      onWall: false,
    },
    { symbol: 'tv_stand', name: { de: 'TV-Möbel', fr: 'Meuble TV' }, w: 1.6, h: 0.5, d: 0.4, onWall: true },
    {
      symbol: 'bookshelf',
      name: { de: 'Bücherregal', fr: 'Bibliothèque' },
      w: 0.8,
      h: 2.0,
      d: 0.35,
      onWall: true,
    },
  ],
  kitchen: [
    {
      symbol: 'kitchen_counter',
      name: { de: 'Küchenzeile', fr: 'Plan de travail' },
      w: 2.4,
      h: 0.9,
      d: 0.6,
      onWall: true,
    },
    {
      symbol: 'fridge',
      name: { de: 'Kühlschrank', fr: 'Réfrigérateur' },
      w: 0.6,
      h: 1.85,
      d: 0.65,
      onWall: true,
    },
    { symbol: 'stove', name: { de: 'Herd', fr: 'Cuisinière' }, w: 0.6, h: 0.9, d: 0.6, onWall: true },
    {
      symbol: 'dining_table',
      name: { de: 'Esstisch', fr: 'Table à manger' },
      w: 1.6,
      h: 0.75,
      d: 0.9,
      onWall: false,
    },
  ],
  bathroom: [
    { symbol: 'toilet', name: { de: 'WC', fr: 'WC' }, w: 0.38, h: 0.8, d: 0.7, onWall: true },
    { symbol: 'sink', name: { de: 'Waschtisch', fr: 'Lavabo' }, w: 0.6, h: 0.85, d: 0.48, onWall: true },
    { symbol: 'bathtub', name: { de: 'Badewanne', fr: 'Baignoire' }, w: 1.7, h: 0.6, d: 0.75, onWall: true },
    { symbol: 'shower', name: { de: 'Dusche', fr: 'Douche' }, w: 0.9, h: 2.0, d: 0.9, onWall: true },
  ],
  bedroom: [
    {
      symbol: 'bed_double',
      name: { de: 'Doppelbett', fr: 'Lit double' },
      w: 1.6,
      h: 0.5,
      d: 2.0,
      onWall: false,
    },
    {
      symbol: 'wardrobe',
      name: { de: 'Kleiderschrank', fr: 'Armoire' },
      w: 2.0,
      h: 2.2,
      d: 0.6,
      onWall: true,
    },
    {
      symbol: 'nightstand',
      name: { de: 'Nachttisch', fr: 'Table de chevet' },
      w: 0.45,
      h: 0.5,
      d: 0.4,
      onWall: false,
    },
  ],
  hallway: [
    {
      symbol: 'coat_rack',
      name: { de: 'Garderobe', fr: 'Portemanteau' },
      w: 1.0,
      h: 1.9,
      d: 0.35,
      onWall: true,
    },
    {
      symbol: 'shoe_cabinet',
      name: { de: 'Schuhschrank', fr: 'Meuble à chaussures' },
      w: 0.9,
      h: 1.0,
      d: 0.3,
      onWall: true,
    },
  ],
  office: [
    { symbol: 'desk', name: { de: 'Schreibtisch', fr: 'Bureau' }, w: 1.6, h: 0.75, d: 0.8, onWall: false },
    {
      symbol: 'office_chair',
      name: { de: 'Bürostuhl', fr: 'Chaise de bureau' },
      w: 0.65,
      h: 1.1,
      d: 0.65,
      onWall: false,
    },
    { symbol: 'bookshelf', name: { de: 'Aktenregal', fr: 'Étagère' }, w: 0.8, h: 2.0, d: 0.4, onWall: true },
  ],
};
const AFFECTED_AREAS: Localized[] = [
  { de: 'Wasserschaden', fr: 'Dégât des eaux' },
  { de: 'Schimmelbefall', fr: 'Moisissure' },
  { de: 'Riss im Putz', fr: 'Fissure dans l’enduit' },
  { de: 'Fliesen erneuern', fr: 'Carrelage à refaire' },
  { de: 'Tapete ablösen', fr: 'Papier peint à décoller' },
];
const WALL_MATERIALS = ['drywall', 'brick', 'concrete'] as const;

type Unit = 'm²' | 'm' | 'pcs' | 'h';

const DISCOUNT_RATES = ['0.03', '0.05', '0.10'].map((r) => Decimal.parse(r));

interface PositionTemplate {
  name: Localized;
  unit: Unit;
  /** Unit price ranges in cents. */
  labor: [number, number];
  material: [number, number];
  equipment?: [number, number];
  other?: [number, number];
  description?: Localized;
}

interface Trade {
  name: Localized;
  positions: PositionTemplate[];
}

const TRADES: Trade[] = [
  {
    name: { de: 'Abbrucharbeiten', fr: 'Démolition' },
    positions: [
      {
        name: { de: 'Wandfliesen abschlagen', fr: 'Dépose du carrelage mural' },
        unit: 'm²',
        labor: [1400, 2600],
        material: [0, 0],
        equipment: [150, 600],
      },
      {
        name: { de: 'Bodenbelag entfernen', fr: 'Dépose du revêtement de sol' },
        unit: 'm²',
        labor: [900, 1800],
        material: [0, 0],
      },
      {
        name: { de: 'Nichttragende Wand abbrechen', fr: 'Démolition de cloison non porteuse' },
        unit: 'm²',
        labor: [2500, 4500],
        material: [0, 0],
        equipment: [300, 900],
        description: { de: 'inkl. Schutt verladen', fr: 'y compris évacuation des gravats' },
      },
      {
        name: { de: 'Bauschutt entsorgen (Container)', fr: 'Évacuation des gravats (benne)' },
        unit: 'pcs',
        labor: [4000, 9000],
        material: [0, 0],
        other: [18000, 42000],
      },
    ],
  },
  {
    name: { de: 'Trockenbau', fr: 'Plâtrerie' },
    positions: [
      {
        name: { de: 'Gipskartonwand 12,5 mm, einfach beplankt', fr: 'Cloison en plaque de plâtre BA13' },
        unit: 'm²',
        labor: [2200, 3800],
        material: [1400, 2600],
      },
      {
        name: { de: 'Vorsatzschale mit Dämmung', fr: 'Doublage isolant' },
        unit: 'm²',
        labor: [2400, 3900],
        material: [1900, 3400],
      },
      {
        name: { de: 'Abgehängte Decke', fr: 'Faux plafond suspendu' },
        unit: 'm²',
        labor: [2800, 4200],
        material: [1600, 2900],
        equipment: [100, 400],
      },
      {
        name: { de: 'Kantenschutzprofil', fr: 'Cornière de protection' },
        unit: 'm',
        labor: [300, 700],
        material: [150, 450],
      },
    ],
  },
  {
    name: { de: 'Fliesenarbeiten', fr: 'Carrelage' },
    positions: [
      {
        name: { de: 'Wandfliesen 30×60 cm verlegen', fr: 'Pose faïence murale 30×60 cm' },
        unit: 'm²',
        labor: [3800, 5900],
        material: [2400, 6900],
      },
      {
        name: { de: 'Bodenfliesen 60×60 cm verlegen', fr: 'Pose carrelage sol 60×60 cm' },
        unit: 'm²',
        labor: [4200, 6400],
        material: [2900, 8900],
      },
      {
        name: { de: 'Sockelfliesen', fr: 'Plinthes carrelées' },
        unit: 'm',
        labor: [900, 1600],
        material: [400, 1200],
      },
      {
        name: { de: 'Silikonfuge erneuern', fr: 'Joint silicone à refaire' },
        unit: 'm',
        labor: [600, 1100],
        material: [80, 250],
      },
      {
        name: { de: 'Abdichtung im Duschbereich', fr: 'Étanchéité sous carrelage (douche)' },
        unit: 'm²',
        labor: [1800, 2900],
        material: [1200, 2200],
      },
    ],
  },
  {
    name: { de: 'Elektroinstallation', fr: 'Électricité' },
    positions: [
      {
        name: { de: 'Steckdose setzen', fr: 'Prise de courant encastrée' },
        unit: 'pcs',
        labor: [2500, 4500],
        material: [600, 1900],
      },
      {
        name: { de: 'Lichtschalter', fr: 'Interrupteur va-et-vient' },
        unit: 'pcs',
        labor: [2200, 3800],
        material: [700, 2100],
      },
      {
        name: { de: 'Leitung NYM-J 3×1,5 mm² verlegen', fr: 'Câble R2V 3G1,5 mm²' },
        unit: 'm',
        labor: [400, 900],
        material: [120, 290],
      },
      {
        name: { de: 'Elektriker, Stundenlohn', fr: 'Électricien, main-d’œuvre' },
        unit: 'h',
        labor: [5200, 7400],
        material: [0, 0],
      },
      {
        name: { de: 'Unterverteilung erweitern', fr: 'Extension du tableau électrique' },
        unit: 'pcs',
        labor: [18000, 32000],
        material: [9000, 26000],
        description: { de: 'inkl. FI/LS-Schalter', fr: 'avec disjoncteur différentiel' },
      },
    ],
  },
  {
    name: { de: 'Sanitärinstallation', fr: 'Plomberie' },
    positions: [
      {
        name: { de: 'Wand-WC montieren', fr: 'Pose WC suspendu' },
        unit: 'pcs',
        labor: [18000, 29000],
        material: [24000, 68000],
      },
      {
        name: { de: 'Waschtisch mit Armatur', fr: 'Lavabo avec mitigeur' },
        unit: 'pcs',
        labor: [9000, 16000],
        material: [15000, 52000],
      },
      {
        name: { de: 'Kupferleitung 15 mm', fr: 'Tube cuivre Ø 15 mm' },
        unit: 'm',
        labor: [1200, 2100],
        material: [900, 1800],
      },
      {
        name: { de: 'Installateur, Stundenlohn', fr: 'Plombier, main-d’œuvre' },
        unit: 'h',
        labor: [5600, 7900],
        material: [0, 0],
        equipment: [200, 900],
      },
    ],
  },
  {
    name: { de: 'Malerarbeiten', fr: 'Peinture' },
    positions: [
      {
        name: { de: 'Wände spachteln und streichen', fr: 'Enduit et peinture des murs' },
        unit: 'm²',
        labor: [900, 1700],
        material: [250, 650],
      },
      {
        name: { de: 'Decke streichen', fr: 'Peinture du plafond' },
        unit: 'm²',
        labor: [1000, 1900],
        material: [200, 550],
      },
      {
        name: { de: 'Raufaser entfernen', fr: 'Décollage du papier peint' },
        unit: 'm²',
        labor: [600, 1200],
        material: [0, 0],
      },
      {
        name: { de: 'Türzarge lackieren', fr: 'Laquage d’huisserie' },
        unit: 'pcs',
        labor: [4500, 8500],
        material: [600, 1500],
      },
    ],
  },
  {
    name: { de: 'Bodenbeläge', fr: 'Revêtements de sol' },
    positions: [
      {
        name: { de: 'Parkett Eiche, geölt', fr: 'Parquet chêne huilé' },
        unit: 'm²',
        labor: [2400, 3900],
        material: [4500, 9800],
      },
      {
        name: { de: 'Trittschalldämmung', fr: 'Sous-couche acoustique' },
        unit: 'm²',
        labor: [300, 700],
        material: [250, 700],
      },
      {
        name: { de: 'Sockelleiste', fr: 'Plinthe bois' },
        unit: 'm',
        labor: [500, 900],
        material: [350, 950],
      },
      {
        name: { de: 'Ausgleichsmasse', fr: 'Ragréage' },
        unit: 'm²',
        labor: [800, 1400],
        material: [600, 1300],
        equipment: [50, 250],
      },
    ],
  },
  {
    name: { de: 'Tischlerarbeiten', fr: 'Menuiserie' },
    positions: [
      {
        name: { de: 'Innentür einbauen', fr: 'Pose de porte intérieure' },
        unit: 'pcs',
        labor: [12000, 19000],
        material: [28000, 64000],
      },
      {
        name: { de: 'Fensterbank innen', fr: 'Tablette de fenêtre' },
        unit: 'm',
        labor: [2500, 4000],
        material: [3500, 7500],
      },
      {
        name: { de: 'Einbauschrank nach Maß', fr: 'Placard sur mesure' },
        unit: 'pcs',
        labor: [45000, 90000],
        material: [80000, 190000],
        other: [5000, 15000],
      },
      {
        name: { de: 'Tischler, Stundenlohn', fr: 'Menuisier, main-d’œuvre' },
        unit: 'h',
        labor: [5400, 7200],
        material: [0, 0],
      },
    ],
  },
];

const ELEMENT_GROUPS: Localized[] = [
  { de: 'Wände', fr: 'Murs' },
  { de: 'Boden', fr: 'Sol' },
  { de: 'Decke', fr: 'Plafond' },
  { de: 'Türen & Fenster', fr: 'Portes & fenêtres' },
  { de: 'Installationen', fr: 'Réseaux' },
];
const PHASE_GROUPS: Localized[] = [
  { de: 'Vorarbeiten', fr: 'Préparation' },
  { de: 'Ausführung', fr: 'Exécution' },
  { de: 'Nacharbeiten', fr: 'Finitions' },
];
const FALLBACK_GROUP: Localized[] = [
  { de: 'Los', fr: 'Lot' },
  { de: 'Bereich', fr: 'Zone' },
  { de: 'Abschnitt', fr: 'Section' },
  { de: 'Teil', fr: 'Partie' },
];
const INTERNAL_NOTES: Localized[] = [
  {
    de: 'Lieferantenangebot ausstehend — nicht an Kunden zeigen',
    fr: 'Devis fournisseur en attente — ne pas montrer au client',
  },
  { de: 'Supplier quote pending — do not show client', fr: 'Supplier quote pending — do not show client' },
  {
    de: 'Preis mit Subunternehmer abgestimmt (Müller & Söhne)',
    fr: 'Prix validé avec le sous-traitant (Garçon & Fils)',
  },
  { de: 'Menge vor Ort nachmessen!', fr: 'Quantité à re-mesurer sur place !' },
];

// ---------------------------------------------------------------------------------------------
// Workspace specifications (demo)
// ---------------------------------------------------------------------------------------------

type Country = 'DE' | 'FR' | 'PT' | 'ES' | 'CH';

interface City {
  city: string;
  postal: string;
  country: Country;
  region: string;
  lat: number;
  lon: number;
  streets: string[];
}

const CITIES: City[] = [
  {
    city: 'Hamburg',
    postal: '20259',
    country: 'DE',
    region: 'Hamburg',
    lat: 53.5511,
    lon: 9.9937,
    streets: ['Müllerstraße', 'Eppendorfer Weg', 'Große Bergstraße', 'Fährstraße', 'Am Rübenkamp'],
  },
  {
    city: 'Berlin',
    postal: '10437',
    country: 'DE',
    region: 'Berlin',
    lat: 52.52,
    lon: 13.405,
    streets: ['Schönhauser Allee', 'Kastanienallee', 'Oderberger Straße', 'Gärtnerstraße'],
  },
  {
    city: 'Lübeck',
    postal: '23552',
    country: 'DE',
    region: 'Schleswig-Holstein',
    lat: 53.8655,
    lon: 10.6866,
    streets: ['Königstraße', 'Fleischhauerstraße', 'Große Petersgrube'],
  },
  {
    city: 'Köln',
    postal: '50667',
    country: 'DE',
    region: 'Nordrhein-Westfalen',
    lat: 50.9375,
    lon: 6.9603,
    streets: ['Hohe Straße', 'Severinstraße', 'Dürener Straße'],
  },
  {
    city: 'München',
    postal: '80331',
    country: 'DE',
    region: 'Bayern',
    lat: 48.1351,
    lon: 11.582,
    streets: ['Müllerstraße', 'Türkenstraße', 'Gärtnerplatz', 'Fraunhoferstraße'],
  },
  {
    city: 'Göttingen',
    postal: '37073',
    country: 'DE',
    region: 'Niedersachsen',
    lat: 51.5413,
    lon: 9.9158,
    streets: ['Weender Straße', 'Groner Straße', 'Düstere Straße'],
  },
  {
    city: 'Kampen (Sylt)',
    postal: '25999',
    country: 'DE',
    region: 'Schleswig-Holstein',
    lat: 54.9606,
    lon: 8.3408,
    streets: ['Braderuper Weg', 'Hauptstraße', 'Kurhausstraße'],
  },
  {
    city: 'Paris',
    postal: '75004',
    country: 'FR',
    region: 'Île-de-France',
    lat: 48.8566,
    lon: 2.3522,
    streets: ['Rue de Rivoli', 'Rue des Rosiers', 'Boulevard Saint-Germain', 'Rue des Écoles'],
  },
  {
    city: 'Lyon',
    postal: '69002',
    country: 'FR',
    region: 'Auvergne-Rhône-Alpes',
    lat: 45.764,
    lon: 4.8357,
    streets: ['Rue Mercière', 'Quai Saint-Antoine', 'Rue de Brest'],
  },
  {
    city: 'Nice',
    postal: '06000',
    country: 'FR',
    region: 'Provence-Alpes-Côte d’Azur',
    lat: 43.7102,
    lon: 7.262,
    streets: ['Avenue Jean-Médecin', 'Rue de France', 'Boulevard Gambetta'],
  },
  {
    city: 'Angoulême',
    postal: '16000',
    country: 'FR',
    region: 'Nouvelle-Aquitaine',
    lat: 45.6484,
    lon: 0.1562,
    streets: ['Rue de l’Évêché', 'Place du Mûrier', 'Rempart Desaix'],
  },
  {
    city: 'Annecy',
    postal: '74000',
    country: 'FR',
    region: 'Auvergne-Rhône-Alpes',
    lat: 45.8992,
    lon: 6.1294,
    streets: ['Rue Sainte-Claire', 'Avenue d’Albigny', 'Quai de l’Évêché'],
  },
  {
    city: 'Lisboa',
    postal: '1100-148',
    country: 'PT',
    region: 'Lisboa',
    lat: 38.7223,
    lon: -9.1393,
    streets: ['Rua Augusta', 'Avenida da Liberdade', 'Travessa da Conceição'],
  },
  {
    city: 'Porto',
    postal: '4050-297',
    country: 'PT',
    region: 'Porto',
    lat: 41.1579,
    lon: -8.6291,
    streets: ['Rua de Santa Catarina', 'Rua das Flores', 'Rua do Almada'],
  },
  {
    city: 'Madrid',
    postal: '28013',
    country: 'ES',
    region: 'Comunidad de Madrid',
    lat: 40.4168,
    lon: -3.7038,
    streets: ['Calle de Alcalá', 'Calle Mayor', 'Calle de la Montera'],
  },
  {
    city: 'Barcelona',
    postal: '08012',
    country: 'ES',
    region: 'Cataluña',
    lat: 41.3874,
    lon: 2.1686,
    streets: ['Carrer de Verdi', 'Passeig de Gràcia', 'Carrer de Sant Miquel'],
  },
  {
    city: 'Palma',
    postal: '07001',
    country: 'ES',
    region: 'Illes Balears',
    lat: 39.5696,
    lon: 2.6502,
    streets: ['Carrer de Sant Miquel', 'Passeig del Born', 'Carrer de la Concepció'],
  },
  {
    city: 'Genève',
    postal: '1204',
    country: 'CH',
    region: 'Genève',
    lat: 46.2044,
    lon: 6.1432,
    streets: ['Rue du Rhône', 'Rue de la Corraterie'],
  },
];

function citiesOf(country: Country): City[] {
  return CITIES.filter((c) => c.country === country);
}

const TAX_RATE: Record<Country, string> = {
  DE: '0.19',
  FR: '0.20',
  PT: '0.23',
  ES: '0.21',
  CH: '0.20',
};

const PHONE_PREFIX: Record<Country, string> = {
  DE: '+49',
  FR: '+33',
  PT: '+351',
  ES: '+34',
  CH: '+41',
};

interface CustomerSpec {
  firstname: string;
  lastname: string;
  company: string;
  country: Country;
  /** The country where this customer's projects are (defaults to the customer's). */
  projectCountry?: Country;
}

interface UserSpec {
  firstname: string;
  lastname: string;
  email: string;
}

interface CompanySpec {
  email: string;
  phone: string;
  fax: string;
  website: string;
  street: string;
  city: string;
  postal_code: string;
  country: string;
  province: string;
}

interface FormSpecElement {
  section?: string;
  question?: string;
  input?: SimFormElement['input'];
  options?: string[];
  required?: boolean;
  children?: FormSpecElement[];
}

interface FormSpec {
  name: string;
  context: SimForm['context'];
  children: FormSpecElement[];
}

interface ProjectSpec {
  name: string;
  country?: Country;
  city?: string;
  street?: string;
}

interface WorkspaceSpec {
  label: string;
  lang: Lang;
  name: string;
  customer: string;
  key: string;
  logo: string | null;
  formats: string[];
  users: UserSpec[];
  teams: { name: string; members: number[] }[];
  forms: FormSpec[];
  company: CompanySpec;
  customers: CustomerSpec[];
  /** Project name plus optional address overrides (country, city name, street with number). */
  projects: ProjectSpec[];
  externalRefs: number[];
  estimateNames: string[];
  fileNames: string[];
}

const NORDLICHT: WorkspaceSpec = {
  label: 'nordlicht',
  lang: 'de',
  name: 'Nordlicht Renovierung GmbH',
  customer: 'demo-nordlicht',
  key: 'demo-key-nordlicht-7Q2x9',
  logo: '{base}/workspace/logo.png',
  formats: ['pdf', 'jpg', 'png', 'svg', 'dxf', 'xml'],
  users: [
    { firstname: 'Anna', lastname: 'Müller', email: 'anna.mueller@nordlicht.example' },
    { firstname: 'Jonas', lastname: 'Weber', email: 'jonas.weber@nordlicht.example' },
    { firstname: 'Lena', lastname: 'Schröder', email: 'lena.schroeder@nordlicht.example' },
    { firstname: 'Tobias', lastname: 'Köhler', email: 'tobias.koehler@nordlicht.example' },
    { firstname: 'Maximilian', lastname: 'Groß', email: 'max.gross@nordlicht.example' },
  ],
  teams: [
    { name: 'Team Nord', members: [0, 1, 2] },
    { name: 'Bad & Küche', members: [2, 3] },
    { name: 'Innenausbau Süd', members: [0, 4] },
  ],
  forms: [
    {
      name: 'Bestandsaufnahme Raum',
      context: ['room'],
      children: [
        {
          section: 'Allgemein',
          children: [
            {
              question: 'Zustand Boden',
              input: 'choice',
              options: ['gut', 'mittel', 'schlecht'],
              required: true,
            },
            { question: 'Feuchtigkeit festgestellt', input: 'checkbox' },
            { question: 'Foto Gesamtansicht', input: 'photo' },
          ],
        },
        {
          section: 'Elektrik',
          children: [
            {
              section: 'Steckdosen',
              children: [
                { question: 'Anzahl Steckdosen', input: 'number', required: true },
                { question: 'Schutzkontakt vorhanden', input: 'checkbox' },
              ],
            },
            { question: 'Bemerkungen Elektrik', input: 'text' },
          ],
        },
      ],
    },
    {
      name: 'Abnahmeprotokoll',
      context: ['plan'],
      children: [
        {
          section: 'Übergabe',
          children: [
            { question: 'Datum der Abnahme', input: 'date', required: true },
            { question: 'Anwesende Personen', input: 'text' },
            {
              section: 'Mängel',
              children: [
                { question: 'Mängel vorhanden', input: 'checkbox' },
                { question: 'Beschreibung der Mängel', input: 'text' },
                { question: 'Foto der Mängel', input: 'photo' },
              ],
            },
          ],
        },
        {
          section: 'Unterschriften',
          children: [{ question: 'Kunde hat unterschrieben', input: 'checkbox', required: true }],
        },
      ],
    },
    {
      name: 'Etagen-Check',
      context: ['floor', 'room'],
      children: [
        {
          section: 'Estrich & Boden',
          children: [
            { question: 'Restfeuchte (CM-%)', input: 'number' },
            { question: 'Ebenheit', input: 'choice', options: ['eben', 'leichte Wellen', 'stark uneben'] },
          ],
        },
        {
          section: 'Heizung',
          children: [
            {
              question: 'Heizkörpertyp',
              input: 'choice',
              options: ['Gliederheizkörper', 'Flachheizkörper', 'Fußbodenheizung'],
            },
          ],
        },
      ],
    },
    {
      name: 'Objektprüfung Türen & Fenster',
      context: ['objectsTree'],
      children: [
        {
          section: 'Zustand',
          children: [
            { question: 'Dichtungen intakt', input: 'checkbox' },
            { question: 'Verglasung', input: 'choice', options: ['Einfach', 'Zweifach', 'Dreifach'] },
            { question: 'Foto', input: 'photo' },
          ],
        },
      ],
    },
  ],
  company: {
    email: 'info@nordlicht.example',
    phone: '+49 40 3861 2270',
    fax: '+49 40 3861 2279',
    website: 'https://nordlicht.example',
    street: 'Große Elbstraße 145',
    city: 'Hamburg',
    postal_code: '22767',
    country: 'DE',
    province: 'Hamburg',
  },
  customers: [
    { firstname: 'Jürgen', lastname: 'Weiß', company: '', country: 'DE' },
    { firstname: 'Søren', lastname: 'Jørgensen', company: 'Jørgensen Design ApS', country: 'DE' },
    { firstname: 'Käthe', lastname: 'Böhm', company: '', country: 'DE' },
    { firstname: 'Björn', lastname: 'Özdemir', company: 'Praxis Dr. Özdemir', country: 'DE' },
    {
      firstname: 'Renée',
      lastname: 'Schäfer',
      company: 'Hausverwaltung Schäfer & Söhne GmbH',
      country: 'DE',
    },
    { firstname: 'Günther', lastname: 'Fußmann', company: '', country: 'DE' },
    { firstname: 'Małgorzata', lastname: 'Nowak-Krüger', company: 'Krüger Immobilien KG', country: 'DE' },
    { firstname: 'Åsa', lastname: 'Lindqvist-Möller', company: '', country: 'DE' },
  ],
  projects: [
    { name: 'Altbau Sanierung Müllerstraße 12', city: 'München', street: 'Müllerstraße 12' },
    { name: 'Küche Weiß' },
    { name: 'Bad Schröder – Komplettumbau' },
    { name: 'Dachgeschoss Ausbau Gärtnerstraße 3', city: 'Berlin', street: 'Gärtnerstraße 3' },
    { name: 'Jørgensen loft' },
    { name: 'Büro Umbau Königstraße 88', city: 'Lübeck', street: 'Königstraße 88' },
    { name: 'Wohnung Böhm, 3. OG' },
    { name: 'Praxis Dr. Özdemir' },
    { name: 'Reihenhaus Fußmann' },
    { name: 'Keller Trockenlegung Lübecker Straße', city: 'Hamburg', street: 'Lübecker Straße 31' },
    { name: 'Küche & Bad Hoffmann' },
    { name: 'Ferienhaus Sylt – Kampen', city: 'Kampen (Sylt)' },
    { name: 'Finca Son Ferrer (Mallorca)', country: 'ES', city: 'Palma', street: 'Carrer de Son Ferrer 4' },
    { name: 'Gäste-WC Schäfer' },
    { name: 'Treppenhaus Große Bergstraße 7', city: 'Hamburg', street: 'Große Bergstraße 7' },
    { name: 'Wintergarten Krämer' },
    { name: 'Ladenumbau Bäckerei Süß' },
    { name: 'Altbauwohnung Eppendorfer Weg', city: 'Hamburg', street: 'Eppendorfer Weg 187' },
    { name: 'Kita Sonnenschein – Sanitär' },
    { name: 'Loft Speicherstadt', city: 'Hamburg', street: 'Am Sandtorkai 23' },
    { name: 'Badezimmer Jäger' },
    { name: 'Penthouse Elbblick', city: 'Hamburg' },
    { name: 'Küche Nußbaum' },
    { name: 'Mehrfamilienhaus Grünstraße 5–7', city: 'Köln', street: 'Grünstraße 5–7' },
    { name: 'Wasserschaden Möller' },
    { name: 'Hotelzimmer Strandhotel „Düne“' },
    { name: 'Kanzlei Weiß & Söhne' },
    { name: 'Schlafzimmer Müller-Lüdenscheidt' },
    { name: 'Gründerzeitvilla Blankenese', city: 'Hamburg', street: 'Elbchaussee 412' },
    { name: 'Zahnarztpraxis Dr. Größ' },
    { name: 'Apartamento Peña, Barcelona', country: 'ES', city: 'Barcelona' },
  ],
  externalRefs: [42, 43, 47, 51, 58, 60, 61, 64, 70, 73, 77, 80, 81, 85, 88, 91, 96, 99, 104],
  estimateNames: [
    'Angebot Komplettsanierung',
    'Kostenvoranschlag Küche',
    'Nachtrag 1 – Elektroarbeiten',
    'Angebot Bad & WC',
    'Kostenschätzung Fußböden',
    'Angebot Malerarbeiten',
    'Angebot Türen & Fenster',
    'Variante B – hochwertige Ausführung',
  ],
  fileNames: [
    'Aufmaß.pdf',
    'site-photo-1.jpg',
    'Angebot Fliesen.xlsx',
    'floor.png',
    'Bauvertrag.docx',
    'Mängelliste.csv',
    'Farbmuster Küche.webp',
    'Grundriss Skizze.svg',
    'Präsentation Kunde.pptx',
    'Baustellenfoto Süd.jpeg',
    'Leistungsverzeichnis.pdf',
  ],
};

/**
 * The demo workspace the app opens when none is set up (the first of the demo data set): its name
 * and customer are known without starting the simulator.
 */
export const DEMO_APP_WORKSPACE = { name: NORDLICHT.name, customer: NORDLICHT.customer } as const;

const LUMIERE: WorkspaceSpec = {
  label: 'lumiere',
  lang: 'fr',
  name: 'Atelier Lumière Rénovation',
  customer: 'demo-lumiere',
  key: 'demo-key-lumiere-4Fp8k',
  logo: null,
  formats: ['pdf', 'jpg', 'png', 'dxf', 'xml'],
  users: [
    { firstname: 'Camille', lastname: 'Lefèvre', email: 'camille.lefevre@lumiere.example' },
    { firstname: 'Élodie', lastname: 'Moreau', email: 'elodie.moreau@lumiere.example' },
    { firstname: 'Joaquín', lastname: 'Peña', email: 'joaquin.pena@lumiere.example' },
    { firstname: 'João', lastname: 'Gonçalves', email: 'joao.goncalves@lumiere.example' },
  ],
  teams: [
    { name: 'Équipe Paris', members: [0, 1] },
    { name: 'Equipo Ibérico', members: [2, 3] },
  ],
  forms: [
    {
      name: 'Visite technique',
      context: ['plan', 'floor'],
      children: [
        {
          section: 'Accès au chantier',
          children: [
            { question: 'Étage et ascenseur', input: 'text', required: true },
            { question: 'Stationnement possible', input: 'checkbox' },
          ],
        },
        {
          section: 'État général',
          children: [
            {
              section: 'Structure',
              children: [
                { question: 'Fissures visibles', input: 'checkbox' },
                { question: 'Photo des fissures', input: 'photo' },
              ],
            },
            { question: 'Date de construction', input: 'number' },
          ],
        },
      ],
    },
    {
      name: 'Pièce – état des lieux',
      context: ['room'],
      children: [
        {
          section: 'Revêtements',
          children: [
            {
              question: 'Sol',
              input: 'choice',
              options: ['carrelage', 'parquet', 'moquette', 'béton ciré'],
              required: true,
            },
            { question: 'Murs', input: 'choice', options: ['peinture', 'papier peint', 'faïence'] },
          ],
        },
        {
          section: 'Remarques',
          children: [{ question: 'Commentaire', input: 'text' }],
        },
      ],
    },
    {
      name: 'Équipements & menuiseries',
      context: ['objectsTree', 'room'],
      children: [
        {
          section: 'Menuiseries',
          children: [
            { question: 'Double vitrage', input: 'checkbox' },
            { question: 'Date de pose', input: 'date' },
            {
              section: 'Quincaillerie',
              children: [{ question: 'Poignées à remplacer', input: 'number' }],
            },
          ],
        },
      ],
    },
  ],
  company: {
    email: 'bonjour@lumiere.example',
    phone: '+33 1 42 72 18 90',
    fax: '',
    website: 'https://lumiere.example',
    street: '27 Rue des Rosiers',
    city: 'Paris',
    postal_code: '75004',
    country: 'FR',
    province: 'Île-de-France',
  },
  customers: [
    { firstname: 'François', lastname: 'Garçon', company: '', country: 'FR' },
    { firstname: 'Begoña', lastname: 'Muñoz', company: 'Construcciones Muñoz S.L.', country: 'ES' },
    { firstname: 'Hélène', lastname: 'Crèvecœur', company: '', country: 'FR' },
    { firstname: 'João', lastname: 'Conceição', company: '', country: 'PT' },
    { firstname: 'Iñaki', lastname: 'Ibáñez', company: 'Ibáñez Arquitectura', country: 'ES' },
    { firstname: 'Zoë', lastname: 'Lefèvre-Noël', company: 'SCI Les Glycines', country: 'FR' },
    { firstname: 'Inês', lastname: 'Gonçalves', company: '', country: 'PT' },
    {
      firstname: 'Marc-André',
      lastname: 'Bérubé',
      company: 'Bérubé Gérance SA',
      country: 'CH',
      projectCountry: 'FR',
    },
  ],
  projects: [
    { name: 'Appartement Niçoise', country: 'FR', city: 'Nice' },
    { name: 'Casa Peña', country: 'ES' },
    { name: 'Cuisine Garçon', country: 'FR' },
    { name: 'Salle de bain Lefèvre', country: 'FR' },
    { name: 'Maison de maître à Angoulême', country: 'FR', city: 'Angoulême' },
    { name: 'Loft Bérénice – Lyon', country: 'FR', city: 'Lyon' },
    { name: 'Apartamento Muñoz, Madrid', country: 'ES', city: 'Madrid' },
    { name: 'Casa do Conceição – Porto', country: 'PT', city: 'Porto' },
    { name: 'Studio Montmartre', country: 'FR', city: 'Paris', street: '14 Rue des Abbesses' },
    { name: 'Rénovation Château Crèvecœur', country: 'FR' },
    { name: 'Boulangerie-Pâtisserie Noël', country: 'FR' },
    { name: 'Piso Ibáñez', country: 'ES' },
    { name: 'Duplex Côte d’Azur', country: 'FR', city: 'Nice' },
    { name: 'Villa Estoril', country: 'PT', city: 'Lisboa' },
    { name: 'Cabinet médical Hélène', country: 'FR' },
    { name: 'Quinta da Ribeira', country: 'PT' },
    { name: 'Atelier d’artiste Bastille', country: 'FR', city: 'Paris', street: '8 Rue de la Roquette' },
    { name: 'Chambre d’hôtes « Les Glycines »', country: 'FR' },
    { name: 'Ático Barcelona Gràcia', country: 'ES', city: 'Barcelona', street: 'Carrer de Verdi 71' },
    { name: 'Maison Zoë – extension', country: 'FR' },
    { name: 'Cuisine ouverte Benoît', country: 'FR' },
    { name: 'Salle d’eau Éloïse', country: 'FR' },
    { name: 'Chalet Annecy-le-Vieux', country: 'FR', city: 'Annecy' },
    { name: 'Casa Begoña – baño', country: 'ES' },
    {
      name: 'Appartement haussmannien rue de Rivoli',
      country: 'FR',
      city: 'Paris',
      street: '112 Rue de Rivoli',
    },
    { name: 'Rénovation énergétique Pérignon', country: 'FR' },
    { name: 'Moradia Gonçalves', country: 'PT' },
    { name: 'Jørgensen atelier parisien', country: 'FR' },
    { name: 'Péniche Quai Saint-Antoine', country: 'FR', city: 'Lyon', street: 'Quai Saint-Antoine' },
    { name: 'Pousada São João', country: 'PT' },
  ],
  externalRefs: [42, 210, 211, 215, 219, 222, 230, 231, 236, 240, 244, 251, 257, 263, 268, 270, 275, 282],
  estimateNames: [
    'Devis rénovation complète',
    'Devis cuisine',
    'Avenant n°1 – électricité',
    'Devis salle de bain',
    'Estimation revêtements de sol',
    'Devis peinture',
    'Variante B – finitions haut de gamme',
    'Presupuesto reforma baño',
    'Orçamento remodelação',
  ],
  fileNames: [
    'Métré.pdf',
    'site-photo-1.jpg',
    'Devis carrelage.xlsx',
    'floor.png',
    'Contrat.docx',
    'Liste des réserves.csv',
    'Échantillons peinture.webp',
    'Croquis façade.svg',
    'Présentation client.pptx',
    'Photo chantier – cuisine.jpeg',
    'Cahier des charges.pdf',
  ],
};

const CONTENT_TYPES: Record<string, string> = {
  pdf: 'application/pdf',
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  png: 'image/png',
  gif: 'image/gif',
  bmp: 'image/bmp',
  svg: 'image/svg+xml',
  webp: 'image/webp',
  csv: 'text/csv',
  doc: 'application/msword',
  docx: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  xls: 'application/vnd.ms-excel',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  ppt: 'application/vnd.ms-powerpoint',
  pptx: 'application/vnd.openxmlformats-officedocument.presentationml.presentation',
  usdz: 'model/vnd.usdz+zip',
};
const FILE_SIZES: Record<string, [number, number]> = {
  pdf: [24_000, 900_000],
  jpg: [80_000, 900_000],
  jpeg: [80_000, 900_000],
  png: [30_000, 700_000],
  webp: [20_000, 400_000],
  svg: [4_000, 120_000],
  csv: [1_000, 18_000],
  docx: [12_000, 160_000],
  xlsx: [8_000, 90_000],
  pptx: [200_000, 900_000],
};

// ---------------------------------------------------------------------------------------------
// Generation context
// ---------------------------------------------------------------------------------------------

interface Gen {
  /** Content randomness. */
  rng: Prng;
  /** Identifier stream (shared by the whole data set so identifiers never repeat). */
  ids: Prng;
  lang: Lang;
}

interface Customer {
  id: string;
  spec: CustomerSpec;
  city: City;
  street: string;
  email: string;
  phone: string;
  fax: string;
  taxId: string;
}

// ---------------------------------------------------------------------------------------------
// Plans
// ---------------------------------------------------------------------------------------------

interface PlanOptions {
  floors: [number, number];
  rooms: [number, number];
  /** Fewer objects per room (large data set). */
  sparse: boolean;
}

interface Stats {
  area: number;
  perimeter: number;
  volume: number;
  walls: number;
}

function toStatistics(s: Stats): SimStatistics {
  return {
    area: h2n(s.area),
    perimeter: h2n(s.perimeter),
    volume: h2n(s.volume),
    walls_surface: h2n(s.walls),
    floor_surface: h2n(s.area),
    ceiling_surface: h2n(s.area),
  };
}

/** A rectangle for a room of w × l units, centred in the box, as [x1, y1, x2, y2] pixels. */
function fitRect(
  w: number,
  l: number,
  x: number,
  y: number,
  boxW: number,
  boxH: number,
  margin: number,
): number[] {
  const scale = Math.min((boxW - 2 * margin) / w, (boxH - 2 * margin) / l);
  const rw = Math.round(w * scale);
  const rh = Math.round(l * scale);
  const x1 = Math.round(x + (boxW - rw) / 2);
  const y1 = Math.round(y + (boxH - rh) / 2);
  return [x1, y1, x1 + rw, y1 + rh];
}

function objectValues(
  spec: ObjectSpec,
  units: UnitSystem,
  rng: Prng,
): { width: number; height: number; depth: number } {
  const f = units === 'imperial' ? FEET_PER_METRE : 1;
  // ±10 % variation keeps furniture from all looking the same.
  const vary = (x: number): number => round2(x * f * (0.9 + rng.int(0, 20) / 100));
  return { width: vary(spec.w), height: vary(spec.h), depth: vary(spec.d) };
}

function buildRoom(
  g: Gen,
  planId: string,
  type: RoomType,
  name: string,
  units: UnitSystem,
  floorCeiling: number,
  sparse: boolean,
): { room: SimRoom; stats: Stats; doors: number; windows: number } {
  const { rng, ids, lang } = g;
  const roomId = ids.uuid();
  const [minW, maxW, minL, maxL] = ROOM_SIZES[type];
  // Dimensions in hundredths of the plan's unit.
  const toUnit = (cm: number): number => (units === 'imperial' ? Math.round(cm * FEET_PER_METRE) : cm);
  const wH = toUnit(rng.int(minW, maxW));
  const lH = toUnit(rng.int(minL, maxL));
  const ceilH = rng.chance(0.2)
    ? floorCeiling + (units === 'imperial' ? rng.int(-50, 50) : rng.int(-15, 15))
    : floorCeiling;

  const area = Math.round((wH * lH) / 100);
  const perimeter = 2 * (wH + lH);
  const volume = Math.round((area * ceilH) / 100);
  const walls = Math.round((perimeter * ceilH) / 100);
  const stats: Stats = { area, perimeter, volume, walls };

  // Walls: the four sides, one or two of them split in two (L-shapes keep the bounding perimeter).
  const sides = [wH, lH, wH, lH];
  const wallCount = sparse ? 4 : rng.weighted([4, 5, 6], [10, 2, 1]);
  const lengths: number[] = [];
  sides.forEach((len, i) => {
    const split = (wallCount >= 5 && i === 1) || (wallCount === 6 && i === 2);
    if (split) {
      const a = rng.int(Math.round(len * 0.3), Math.round(len * 0.7));
      lengths.push(a, len - a);
    } else {
      lengths.push(len);
    }
  });
  const thicknessChoices =
    units === 'imperial' ? [0.33, 0.5, 0.75, 1] : [0.1, 0.115, 0.175, 0.24, 0.3, 0.365];
  const wallList: SimWall[] = lengths.map((len) => ({
    uid: ids.uuid(),
    values: [
      { key: 'length', value: h2n(len) },
      { key: 'height', value: h2n(ceilH) },
      { key: 'thickness', value: rng.pick(thicknessChoices) },
      { key: 'material', value: rng.pick(WALL_MATERIALS) },
    ],
  }));
  const wallLen = (i: number): number => h2n(lengths[i] ?? 0);
  const wallFor = (width: number): string => {
    const candidates = wallList.filter((_, i) => wallLen(i) >= width + 0.2);
    return rng.pick(candidates.length > 0 ? candidates : wallList).uid;
  };

  const objects: SimObject[] = [];
  let doors = 0;
  let windows = 0;
  const doorCount = sparse ? 1 : type === 'hallway' ? rng.int(2, 3) : type === 'living' ? rng.int(1, 2) : 1;
  for (let i = 0; i < doorCount; i++) {
    const spec = rng.weighted(DOORS, [6, 1, 2]);
    const values = objectValues(spec, units, rng);
    objects.push({
      uid: ids.uuid(),
      symbol_id: spec.symbol,
      name: spec.name[lang],
      category: 'door',
      wall_uid: wallFor(values.width),
      values,
    });
    doors++;
  }
  const windowCount = sparse
    ? rng.int(0, 1)
    : type === 'hallway' || type === 'bathroom'
      ? rng.int(0, 1)
      : rng.int(1, type === 'living' ? 3 : 2);
  for (let i = 0; i < windowCount; i++) {
    const spec = rng.pick(WINDOWS);
    const values = objectValues(spec, units, rng);
    objects.push({
      uid: ids.uuid(),
      symbol_id: spec.symbol,
      name: spec.name[lang],
      category: 'window',
      wall_uid: wallFor(values.width),
      values,
    });
    windows++;
  }
  const furnitureCount = sparse ? rng.int(0, 1) : rng.weighted([0, 1, 2], [4, 4, 2]);
  for (const spec of rng.sample(FURNITURE[type], furnitureCount)) {
    const values = objectValues(spec, units, rng);
    objects.push({
      uid: ids.uuid(),
      symbol_id: spec.symbol,
      name: spec.name[lang],
      category: 'furniture',
      wall_uid: spec.onWall ? wallFor(values.width) : null,
      values,
    });
  }
  if (!sparse && rng.chance(0.3)) {
    const wallIndex = rng.int(0, wallList.length - 1);
    const maxWidth = Math.max(30, Math.min(lengths[wallIndex] ?? 0, units === 'imperial' ? 1000 : 300));
    objects.push({
      uid: ids.uuid(),
      symbol_id: 'partial_area',
      name: rng.pick(AFFECTED_AREAS)[lang],
      category: 'affected_area',
      wall_uid: (wallList[wallIndex] as SimWall).uid,
      values: {
        color: rng.pick(AFFECTED_COLORS),
        dimensions: {
          width: h2n(rng.int(Math.min(30, maxWidth), maxWidth)),
          height: h2n(rng.int(Math.min(30, ceilH), ceilH)),
        },
      },
    });
  }

  const roomImage: SimImageMap = {
    url: `{base}/plans/${planId}/rooms/${roomId}/image.png`,
    width: 800,
    height: 600,
    areas: [{ room_id: roomId, coords: fitRect(wH, lH, 0, 0, 800, 600, 40) }],
  };

  const room: SimRoom = {
    id: roomId,
    name,
    statistics: toStatistics(stats),
    image_map: roomImage,
    notes: sparse ? [] : rng.sample(ROOM_NOTES[lang], rng.weighted([0, 1, 2], [5, 3, 1])),
    dimensions: { width: h2n(wH), length: h2n(lH) },
    walls: wallList,
    values: {
      ceilingHeight: h2n(ceilH),
      roomType: type,
      ground: { color: rng.pick(COLORS) },
      notes: sparse || rng.chance(0.6) ? '' : rng.pick(ROOM_NOTES[lang]),
    },
    objects,
  };
  return { room, stats, doors, windows };
}

const GROUND_FLOOR_TYPES: RoomType[] = ['hallway', 'living', 'kitchen', 'bathroom', 'office', 'bedroom'];
const UPPER_FLOOR_TYPES: RoomType[] = ['hallway', 'bedroom', 'bathroom', 'bedroom', 'office', 'living'];

function buildPlan(
  g: Gen,
  name: string,
  units: UnitSystem,
  createdMs: number,
  modifiedMs: number,
  opts: PlanOptions,
): SimPlan {
  const { rng, ids, lang } = g;
  const planId = ids.uuid();
  const floorChoices: number[] = [];
  for (let n = opts.floors[0]; n <= opts.floors[1]; n++) floorChoices.push(n);
  // Mostly one or two floors.
  const floorCount = rng.weighted(
    floorChoices,
    floorChoices.map((n) => (n === 1 ? 6 : n === 2 ? 3 : 1)),
  );
  const startLevel = floorCount > 1 && rng.chance(0.2) ? -1 : 0;
  const floors: SimFloor[] = [];
  const planStats: Stats = { area: 0, perimeter: 0, volume: 0, walls: 0 };
  let doorCount = 0;
  let windowCount = 0;
  for (let f = 0; f < floorCount; f++) {
    const level = startLevel + f;
    const floorId = ids.uuid();
    const ceiling =
      units === 'imperial'
        ? rng.pick([800, 850, 900, 1000])
        : rng.pick([240, 250, 255, 260, 275, 280, 300, 320]);
    const roomChoices: number[] = [];
    for (let n = opts.rooms[0]; n <= opts.rooms[1]; n++) roomChoices.push(n);
    const roomCount = rng.weighted(
      roomChoices,
      roomChoices.map((n) => (n <= 3 ? 4 : n === 4 ? 2 : 1)),
    );
    const types = level === 0 ? GROUND_FLOOR_TYPES : UPPER_FLOOR_TYPES;
    const first = types[0] as RoomType;
    const chosen: RoomType[] = [first, ...rng.sample(types.slice(1), roomCount - 1)].slice(0, roomCount);
    const usedNames = new Map<string, number>();
    const floorStats: Stats = { area: 0, perimeter: 0, volume: 0, walls: 0 };
    const rooms: SimRoom[] = [];
    for (const type of chosen) {
      let roomName = rng.pick(ROOM_NAMES[type][lang]);
      const seen = usedNames.get(roomName) ?? 0;
      usedNames.set(roomName, seen + 1);
      if (seen > 0) roomName = `${roomName} ${seen + 1}`;
      const built = buildRoom(g, planId, type, roomName, units, ceiling, opts.sparse);
      rooms.push(built.room);
      floorStats.area += built.stats.area;
      floorStats.perimeter += built.stats.perimeter;
      floorStats.volume += built.stats.volume;
      floorStats.walls += built.stats.walls;
      doorCount += built.doors;
      windowCount += built.windows;
    }
    planStats.area += floorStats.area;
    planStats.perimeter += floorStats.perimeter;
    planStats.volume += floorStats.volume;
    planStats.walls += floorStats.walls;

    // Floor image: the rooms laid out on a grid, one rectangle each.
    const cols = Math.min(3, rooms.length);
    const rows = Math.ceil(rooms.length / cols);
    const cellW = 1600 / cols;
    const cellH = 1000 / rows;
    const areas = rooms.map((room, i) => ({
      room_id: room.id,
      coords: fitRect(
        room.dimensions.width,
        room.dimensions.length,
        (i % cols) * cellW,
        Math.floor(i / cols) * cellH,
        cellW,
        cellH,
        20,
      ),
    }));
    floors.push({
      id: floorId,
      name: floorName(lang, level),
      level,
      statistics: toStatistics(floorStats),
      image_map: {
        url: `{base}/plans/${planId}/floors/${floorId}/image.png`,
        width: 1600,
        height: 1000,
        areas,
      },
      notes: opts.sparse ? [] : rng.sample(FLOOR_NOTES[lang], rng.weighted([0, 1, 2], [4, 3, 1])),
      values: {
        ceilingHeight: h2n(ceiling),
        notes: opts.sparse || rng.chance(0.5) ? '' : rng.pick(FLOOR_NOTES[lang]),
      },
      rooms,
    });
  }
  return {
    id: planId,
    name,
    unit_system: units,
    created: isoOffset(createdMs),
    modified: isoOffset(modifiedMs),
    statistics: toStatistics(planStats),
    door_count: doorCount,
    windows_count: windowCount,
    floors,
  };
}

// ---------------------------------------------------------------------------------------------
// Estimates
// ---------------------------------------------------------------------------------------------

interface ItemNode {
  item: SimEstimateItem;
  parent: ItemNode | null;
  depth: number;
  trade: Trade;
  location: string;
  childCount: number;
  /** Names of child groups (groups only). */
  usedNames: Set<string> | null;
  /** Group: accumulated children's totals. Position: its own total. */
  total: Decimal;
}

interface ItemOptions {
  count: number;
  roomNames: string[];
  taxRate: string;
  /** A rarely used second rate (e.g. 7 % in Germany), or null. */
  altTaxRate: string | null;
  markupRate: Decimal;
  createdMs: number;
  modifiedMs: number;
  /** Probability that a new item is a group (with one position), 0.1–0.3. */
  groupShare: number;
}

function quantityHundredths(rng: Prng, unit: Unit): number {
  switch (unit) {
    case 'm²':
      return rng.chance(0.3) ? rng.int(150, 6500) : rng.int(4, 240) * 25;
    case 'm':
      return rng.int(2, 80) * 50;
    case 'pcs':
      return rng.int(1, 8) * 100;
    case 'h':
      return rng.int(2, 60) * 50;
  }
}

/** Builds the flat item list (shuffled), with exact group totals. */
function buildEstimateItems(g: Gen, opts: ItemOptions): SimEstimateItem[] {
  const { rng, ids, lang } = g;
  const nodes: ItemNode[] = [];
  const groupsByDepth: ItemNode[][] = [[], [], [], [], []];
  const topUsed = new Set<string>();
  let topCount = 0;
  const fallbackCounters = [0, 0, 0, 0];
  const tax = Decimal.parse(opts.taxRate);
  const altTax = opts.altTaxRate === null ? null : Decimal.parse(opts.altTaxRate);
  const span = Math.max(0, opts.modifiedMs - opts.createdMs);

  const times = (): { created: string; modified: string } => {
    const created = opts.createdMs + Math.floor((rng.next() * span) / 2000) * 1000;
    const modified = timeBetween(rng, created, opts.modifiedMs);
    return { created: sqlTime(created), modified: sqlTime(modified) };
  };

  const nextSort = (parent: ItemNode | null): number => {
    if (parent) return ++parent.childCount;
    return ++topCount;
  };

  // Big estimates run out of real group names; small ones add a position instead.
  const fallbackNames = opts.count > 200;
  const groupName = (
    parent: ItemNode | null,
    depth: number,
  ): { name: string; trade: Trade | null } | null => {
    const used = parent?.usedNames ?? topUsed;
    let candidates: { name: string; trade: Trade | null }[];
    if (depth === 1) candidates = TRADES.map((t) => ({ name: t.name[lang], trade: t }));
    else if (depth === 2) candidates = opts.roomNames.map((n) => ({ name: n, trade: null }));
    else if (depth === 3) candidates = ELEMENT_GROUPS.map((e) => ({ name: e[lang], trade: null }));
    else candidates = PHASE_GROUPS.map((e) => ({ name: e[lang], trade: null }));
    const free = candidates.filter((c) => !used.has(c.name));
    if (free.length > 0) return rng.pick(free);
    if (!fallbackNames) return null;
    const k = Math.min(depth, 4) - 1;
    fallbackCounters[k] = (fallbackCounters[k] ?? 0) + 1;
    return { name: `${(FALLBACK_GROUP[k] as Localized)[lang]} ${fallbackCounters[k]}`, trade: null };
  };

  const baseItem = (
    parent: ItemNode | null,
    type: 'group' | 'position',
    code: string,
    name: string,
    sort: number,
  ): SimEstimateItem => ({
    id: ids.uuid(),
    parent_id: parent ? parent.item.id : null,
    type,
    code,
    name,
    description: '',
    category: '',
    location: '',
    internal_notes: '',
    quantity: null,
    unit: null,
    sort,
    labor_unit_price: null,
    equipment_unit_price: null,
    material_unit_price: null,
    other_unit_price: null,
    labor_cost: null,
    equipment_cost: null,
    material_cost: null,
    other_cost: null,
    total_cost: null,
    markup: null,
    discount: null,
    tax: null,
    total: '',
    ...times(),
  });

  const addGroup = (parent: ItemNode | null): ItemNode | null => {
    const depth = parent ? parent.depth + 1 : 1;
    const named = groupName(parent, depth);
    if (named === null) return null;
    const { name, trade } = named;
    (parent?.usedNames ?? topUsed).add(name);
    const sort = nextSort(parent);
    const code = parent ? `${parent.item.code}.${pad(sort, 2)}` : pad(sort, 2);
    const item = baseItem(parent, 'group', code, name, sort);
    const nodeTrade = trade ?? parent?.trade ?? rng.pick(TRADES);
    const location = depth === 2 ? name : (parent?.location ?? '');
    item.category = nodeTrade.name[lang];
    item.location = location;
    const node: ItemNode = {
      item,
      parent,
      depth,
      trade: nodeTrade,
      location,
      childCount: 0,
      usedNames: new Set(),
      total: Decimal.ZERO,
    };
    nodes.push(node);
    (groupsByDepth[depth] as ItemNode[]).push(node);
    return node;
  };

  const addPosition = (parent: ItemNode | null): void => {
    const trade = parent ? parent.trade : rng.pick(TRADES);
    const tpl = rng.pick(trade.positions);
    const sort = nextSort(parent);
    const code = parent ? `${parent.item.code}.${pad(sort, 3)}` : pad(sort, 3);
    const item = baseItem(parent, 'position', code, tpl.name[lang], sort);
    const q = fromHundredths(quantityHundredths(rng, tpl.unit));
    const price = (range: [number, number] | undefined, p: number): Decimal =>
      range && rng.chance(p) ? fromHundredths(rng.int(range[0], range[1])) : Decimal.ZERO;
    const laborPrice = price(tpl.labor, 1);
    const materialPrice = price(tpl.material, 1);
    const equipmentPrice = price(tpl.equipment, 0.6);
    const otherPrice = price(tpl.other, 0.8);
    const labor = q.mul(laborPrice).round(2);
    const material = q.mul(materialPrice).round(2);
    const equipment = q.mul(equipmentPrice).round(2);
    const other = q.mul(otherPrice).round(2);
    const totalCost = labor.add(equipment).add(material).add(other);
    const markup = rng.chance(0.1) ? Decimal.ZERO : totalCost.mul(opts.markupRate).round(2);
    const discount = rng.chance(0.15) ? totalCost.mul(rng.pick(DISCOUNT_RATES)).round(2) : Decimal.ZERO;
    const rate = altTax && rng.chance(0.05) ? altTax : tax;
    const total = totalCost.add(markup).sub(discount).mul(ONE.add(rate)).round(2);

    item.description = tpl.description && rng.chance(0.7) ? tpl.description[lang] : '';
    item.category = trade.name[lang];
    item.location = parent?.location ?? '';
    item.internal_notes = rng.chance(0.08) ? rng.pick(INTERNAL_NOTES)[lang] : '';
    item.quantity = fx(q);
    item.unit = tpl.unit;
    item.labor_unit_price = fx(laborPrice);
    item.equipment_unit_price = fx(equipmentPrice);
    item.material_unit_price = fx(materialPrice);
    item.other_unit_price = fx(otherPrice);
    item.labor_cost = fx(labor);
    item.equipment_cost = fx(equipment);
    item.material_cost = fx(material);
    item.other_cost = fx(other);
    item.total_cost = fx(totalCost);
    item.markup = fx(markup);
    item.discount = fx(discount);
    item.tax = fx(rate);
    item.total = fx(total);
    nodes.push({
      item,
      parent,
      depth: parent ? parent.depth + 1 : 1,
      trade,
      location: item.location,
      childCount: 0,
      usedNames: null,
      total,
    });
  };

  const groupAt = (depth: number): ItemNode | null => {
    if (depth === 0) return null;
    for (let d = depth; d >= 1; d--) {
      const list = groupsByDepth[d] as ItemNode[];
      if (list.length > 0) return rng.pick(list);
    }
    return null;
  };

  // The skeleton: the first trade with the guaranteed chain trade > room > element > position
  // (three levels of groups), further trades with a room and a position each.
  const addChain = (levels: number): void => {
    let parent: ItemNode | null = null;
    for (let level = 0; level < levels; level++) {
      const group = addGroup(parent);
      if (group === null) break;
      parent = group;
    }
    addPosition(parent);
  };
  addChain(3);
  let remaining = opts.count - 4;
  const trades = opts.count >= 10 ? Math.min(TRADES.length, Math.max(2, Math.floor(opts.count / 8))) : 1;
  for (let t = 1; t < trades; t++) {
    addChain(2);
    remaining -= 3;
  }
  while (remaining > 0) {
    const group =
      remaining >= 2 && rng.chance(opts.groupShare)
        ? addGroup(groupAt(rng.weighted([0, 1, 2, 3], [1, 3, 4, 2])))
        : null;
    if (group !== null) {
      addPosition(group);
      remaining -= 2;
    } else {
      addPosition(groupAt(rng.weighted([0, 1, 2, 3, 4], [1, 3, 5, 9, 2])));
      remaining -= 1;
    }
  }

  // Group totals: children are always created after their parent, so walking backwards sees every
  // child before its parent.
  for (let i = nodes.length - 1; i >= 0; i--) {
    const node = nodes[i] as ItemNode;
    if (node.item.type === 'group') node.item.total = fx(node.total);
    if (node.parent) node.parent.total = node.parent.total.add(node.total);
  }

  return rng.shuffle(nodes.map((n) => n.item));
}

interface EstimateContext {
  project: SimProject;
  projectDescription: string;
  addressId: string;
  customer: Customer;
  company: Omit<SimEstimate['company'], 'logo_url' | 'watermark_url'>;
  users: SimUser[];
  workspaceHasLogo: boolean;
  country: Country;
}

const OPENING: Record<Lang, string[]> = {
  de: [
    'Sehr geehrte Damen und Herren,\nvielen Dank für Ihre Anfrage. Gerne unterbreiten wir Ihnen folgendes Angebot:',
    'Guten Tag,\nwie besprochen erhalten Sie unser Angebot für die Arbeiten vor Ort.',
    '',
  ],
  fr: [
    'Madame, Monsieur,\nsuite à notre visite, nous avons le plaisir de vous adresser notre devis.',
    'Bonjour,\nveuillez trouver ci-dessous notre proposition détaillée pour les travaux.',
    '',
  ],
};
const CLOSING: Record<Lang, string[]> = {
  de: [
    'Dieses Angebot ist 30 Tage gültig. Zahlbar innerhalb von 14 Tagen ohne Abzug.\nMit freundlichen Grüßen',
    'Wir freuen uns auf Ihren Auftrag. Änderungen und Irrtümer vorbehalten.',
  ],
  fr: [
    'Devis valable 30 jours. Acompte de 30 % à la commande.\nCordialement,',
    'Dans l’attente de votre accord, nous restons à votre disposition. Bon pour accord.',
  ],
};

function fullName(u: SimUser): string {
  return `${u.firstname} ${u.lastname}`;
}

function buildEstimate(
  g: Gen,
  ctx: EstimateContext,
  name: string,
  uniqueIdentifier: string,
  itemCount: number,
  currency: string,
  createdMs: number,
  modifiedMs: number,
  groupShare: number,
): SimEstimate {
  const { rng, ids, lang } = g;
  const id = ids.uuid();
  const roomNames: string[] = [];
  for (const floor of ctx.project.plan.floors) for (const room of floor.rooms) roomNames.push(room.name);
  const items = buildEstimateItems(g, {
    count: itemCount,
    roomNames: [...new Set(roomNames)],
    taxRate: TAX_RATE[ctx.country],
    altTaxRate: ctx.country === 'DE' ? '0.07' : null,
    markupRate: Decimal.parse(`0.${pad(rng.int(5, 15), 2)}`),
    createdMs,
    modifiedMs,
    groupShare,
  });
  const creator = rng.pick(ctx.users);
  const modifier = rng.chance(0.6) ? creator : rng.pick(ctx.users);
  const c = ctx.customer;
  const address = ctx.project.address;
  const issue = startOfDay(createdMs) + 9 * HOUR;
  return {
    id,
    plan_id: ctx.project.plan.id,
    name,
    unique_identifier: uniqueIdentifier,
    creator: fullName(creator),
    last_modifier: fullName(modifier),
    status: rng.chance(0.55) ? 'draft' : 'final',
    currency,
    date_issue: sqlTime(issue),
    date_valid_until: sqlTime(issue + 30 * DAY),
    created: sqlTime(createdMs),
    modified: sqlTime(modifiedMs),
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

// ---------------------------------------------------------------------------------------------
// Files, forms, users
// ---------------------------------------------------------------------------------------------

function buildFile(g: Gen, name: string, createdMs: number): SimFile {
  const { rng, ids } = g;
  const id = ids.uuid();
  const dot = name.lastIndexOf('.');
  const ext = name.slice(dot + 1).toLowerCase();
  const [minSize, maxSize] = FILE_SIZES[ext] ?? [1_000, 900_000];
  return {
    id,
    name,
    file_type: ext,
    content_type: CONTENT_TYPES[ext] ?? 'application/octet-stream',
    size: rng.int(minSize, maxSize),
    created: isoOffset(createdMs),
    origin: 'upload',
    content_seed: id,
  };
}

function buildFiles(g: Gen, names: string[], count: number, fromMs: number, toMs: number): SimFile[] {
  const { rng } = g;
  const chosen: string[] = [];
  if (count <= names.length) {
    chosen.push(...rng.sample(names, count));
  } else {
    chosen.push(...names.filter((n) => !n.startsWith('site-photo-')));
    for (let i = 1; chosen.length < count; i++) chosen.push(`site-photo-${i}.jpg`);
  }
  const times = chosen.map(() => timeBetween(rng, fromMs, toMs)).sort((a, b) => a - b);
  return chosen.map((name, i) => buildFile(g, name, times[i] as number));
}

function buildFormElements(g: Gen, specs: FormSpecElement[]): SimFormElement[] {
  return specs.map((s) => {
    if (s.section !== undefined) {
      return {
        id: g.ids.uuid(),
        type: 'section',
        label: s.section,
        children: buildFormElements(g, s.children ?? []),
      };
    }
    const el: SimFormElement = {
      id: g.ids.uuid(),
      type: 'question',
      label: s.question ?? '',
      input: s.input ?? 'text',
      required: s.required ?? false,
    };
    if (s.options) el.options = [...s.options];
    return el;
  });
}

function buildForms(g: Gen, specs: FormSpec[]): SimForm[] {
  return specs.map((spec) => {
    const created = BASE_MS - g.rng.int(20, 90) * DAY + g.rng.int(0, 8 * 3600) * 1000;
    const modified = timeBetween(g.rng, created, BASE_MS);
    return {
      id: g.ids.uuid(),
      name: spec.name,
      context: [...spec.context],
      children: buildFormElements(g, spec.children),
      created: isoOffset(created),
      modified: isoOffset(modified),
    };
  });
}

function buildUsers(g: Gen, specs: UserSpec[]): SimUser[] {
  return specs.map((u, i) => ({
    id: g.ids.uuid(),
    email: u.email,
    firstname: u.firstname,
    lastname: u.lastname,
    role: i === 0 ? 'admin' : 'member',
  }));
}

function buildTeams(g: Gen, users: SimUser[], specs: { name: string; members: number[] }[]): SimTeam[] {
  return specs.map((t) => ({
    id: g.ids.uuid(),
    name: t.name,
    member_ids: t.members.map((i) => (users[i] as SimUser).id),
  }));
}

function randomDigits(rng: Prng, n: number): string {
  let s = '';
  for (let i = 0; i < n; i++) s += String(rng.int(0, 9));
  return s;
}

function phoneNumber(rng: Prng, country: Country): string {
  return `${PHONE_PREFIX[country]} ${rng.int(10, 99)} ${randomDigits(rng, 3)} ${randomDigits(rng, 4)}`;
}

function taxIdFor(rng: Prng, country: Country): string {
  switch (country) {
    case 'DE':
      return `DE${randomDigits(rng, 9)}`;
    case 'FR':
      return `FR${randomDigits(rng, 11)}`;
    case 'ES':
      return `ESB${randomDigits(rng, 8)}`;
    case 'PT':
      return `PT${randomDigits(rng, 9)}`;
    case 'CH':
      return `CHE-${randomDigits(rng, 3)}.${randomDigits(rng, 3)}.${randomDigits(rng, 3)} MWST`;
  }
}

function buildCustomers(g: Gen, specs: CustomerSpec[]): Customer[] {
  const { rng, ids } = g;
  return specs.map((spec) => {
    const city = rng.pick(citiesOf(spec.country));
    const hasCompany = spec.company !== '';
    return {
      id: ids.uuid(),
      spec,
      city,
      street: `${rng.pick(city.streets)} ${rng.int(1, 120)}`,
      email: `${slug(spec.firstname)}.${slug(spec.lastname)}@${hasCompany ? slug(spec.company).slice(0, 24).replace(/-$/, '') : 'mail'}.example`,
      phone: phoneNumber(rng, spec.country),
      fax: hasCompany && rng.chance(0.5) ? phoneNumber(rng, spec.country) : '',
      taxId: hasCompany ? taxIdFor(rng, spec.country) : '',
    };
  });
}

function buildAddress(
  rng: Prng,
  country: Country,
  geocoded: boolean,
  override: { city?: string; street?: string } = {},
): SimAddress {
  const city = CITIES.find((c) => c.city === override.city) ?? rng.pick(citiesOf(country));
  const street = rng.pick(city.streets);
  const number = rng.int(1, 140);
  const jitter = (): number => rng.int(-2500, 2500) / 100000;
  const fmt = (x: number): number => Math.round(x * 1e6) / 1e6;
  const streetLine =
    override.street ?? (city.country === 'FR' ? `${number} ${street}` : `${street} ${number}`);
  return {
    street: streetLine,
    city: city.city,
    country: city.country,
    postal_code: city.postal,
    latitude: geocoded ? fmt(city.lat + jitter()) : null,
    longitude: geocoded ? fmt(city.lon + jitter()) : null,
  };
}

// ---------------------------------------------------------------------------------------------
// Workspaces
// ---------------------------------------------------------------------------------------------

const PROJECT_DESCRIPTIONS: Record<Lang, string[]> = {
  de: [
    'Komplettsanierung inkl. Elektrik und Sanitär',
    'Kunde wohnt während der Bauphase im Objekt',
    'Schlüsselübergabe über die Hausverwaltung',
    '',
  ],
  fr: [
    'Rénovation complète, électricité et plomberie comprises',
    'Le client reste dans les lieux pendant les travaux',
    'Remise des clés par le syndic',
    '',
  ],
};

function companyFor(g: Gen, spec: WorkspaceSpec): EstimateContext['company'] {
  return { id: g.ids.uuid(), company: spec.name, ...spec.company };
}

interface DemoCounters {
  estimateNumber: number;
  chfUsed: boolean;
}

function buildDemoWorkspace(
  seed: number,
  ids: Prng,
  spec: WorkspaceSpec,
  counters: DemoCounters,
): SimWorkspace {
  const rng = new Prng(seed).fork(`workspace:${spec.label}`);
  const g: Gen = { rng, ids, lang: spec.lang };
  const workspaceId = ids.uuid();
  const users = buildUsers(g, spec.users);
  const teams = buildTeams(g, users, spec.teams);
  const forms = buildForms(g, spec.forms);
  const customers = buildCustomers(g, spec.customers);
  const company = companyFor(g, spec);

  const n = spec.projects.length;
  const indices = Array.from({ length: n }, (_, i) => i);
  const archived = new Set(rng.sample(indices, spec.lang === 'de' ? 5 : 4));
  const imperial = new Set(rng.sample(indices, 3));
  const withRef = rng.sample(indices, Math.round(n * 0.6));
  const refs = new Map<number, string>();
  withRef.forEach((projectIndex, i) => {
    const number = spec.externalRefs[i] ?? 300 + i;
    refs.set(projectIndex, `CRM-2026-${pad(number, 4)}`);
  });
  // Paging edge cases for the files list (10 per page): exactly 10, 12 and 23 files.
  const manyFiles = rng.sample(indices, 3);
  const fileCounts = new Map<number, number>([
    [manyFiles[0] as number, 12],
    [manyFiles[1] as number, 23],
    [manyFiles[2] as number, 10],
  ]);

  const projects: SimProject[] = spec.projects.map((p, index) => {
    // Each part of a project draws from its own sub-stream, so tuning one part (say, estimate
    // sizes) leaves the others unchanged.
    const planGen: Gen = { ...g, rng: rng.fork(`plan:${index}`) };
    const estimateGen: Gen = { ...g, rng: rng.fork(`estimates:${index}`) };
    const fileGen: Gen = { ...g, rng: rng.fork(`files:${index}`) };
    const customer = rng.pick(customers);
    const cityOverride = CITIES.find((c) => c.city === p.city);
    const country =
      cityOverride?.country ?? p.country ?? customer.spec.projectCountry ?? customer.spec.country;
    const projectId = ids.uuid();
    const created = BASE_MS + rng.int(0, 75 * 24 * 3600) * 1000;
    let modified = created + rng.int(3600, 20 * 24 * 3600) * 1000;
    let archivedAt: string | null = null;
    if (archived.has(index)) {
      modified += rng.int(600, 5 * 24 * 3600) * 1000;
      archivedAt = isoMicro(modified, rng.int(0, 999_999));
    }
    const units: UnitSystem = imperial.has(index) ? 'imperial' : 'metric';
    const plan = buildPlan(planGen, p.name, units, created + 5000, modified, {
      floors: [1, 3],
      rooms: [2, 6],
      sparse: false,
    });
    const address = buildAddress(rng, country, rng.chance(0.9), p);
    const firstFloor = plan.floors[0] as SimFloor;
    const project: SimProject = {
      id: projectId,
      name: p.name,
      external_reference_id: refs.get(index) ?? null,
      thumbnail_url: rng.chance(0.85) ? firstFloor.image_map.url : null,
      assignee_id: rng.pick(users).id,
      creator_id: rng.chance(0.5) ? (users[0] as SimUser).id : rng.pick(users).id,
      team_id: rng.chance(0.7) ? rng.pick(teams).id : null,
      user_created: isoMicro(created, rng.int(0, 999_999)),
      user_modified: archivedAt ?? isoMicro(modified, rng.int(0, 999_999)),
      archived_at: archivedAt,
      address,
      plan,
      estimates: [],
      files: [],
    };

    const estimateCount = estimateGen.rng.weighted([0, 1, 2, 3], [1, 8, 2, 1]);
    const ctx: EstimateContext = {
      project,
      projectDescription: rng.pick(PROJECT_DESCRIPTIONS[spec.lang]),
      addressId: ids.uuid(),
      customer,
      company,
      users,
      workspaceHasLogo: spec.logo !== null,
      country: country,
    };
    const er = estimateGen.rng;
    const names = er.sample(spec.estimateNames, estimateCount);
    for (const name of names) {
      const estCreated = timeBetween(er, created + HOUR, created + 10 * DAY);
      const estModified = timeBetween(er, estCreated + MINUTE, estCreated + 12 * DAY);
      const itemCount = er.chance(0.85) ? er.int(15, 19) : er.int(20, 80);
      let currency = 'EUR';
      if (customer.spec.country === 'CH' && !counters.chfUsed) {
        currency = 'CHF';
        counters.chfUsed = true;
      }
      counters.estimateNumber += 1;
      project.estimates.push(
        buildEstimate(
          estimateGen,
          ctx,
          name,
          `E2026${pad(counters.estimateNumber, 5)}`,
          itemCount,
          currency,
          estCreated,
          estModified,
          0.22,
        ),
      );
    }

    const fileCount = fileCounts.get(index) ?? fileGen.rng.int(1, 4);
    project.files = buildFiles(fileGen, spec.fileNames, fileCount, created + HOUR, created + 30 * DAY);
    return project;
  });

  return {
    id: workspaceId,
    name: spec.name,
    customer: spec.customer,
    key: spec.key,
    owner_id: (users[0] as SimUser).id,
    users,
    teams,
    webhook_url: null,
    formats: [...spec.formats],
    logo: spec.logo,
    forms,
    projects,
  };
}

/** The demo data set: two workspaces, ~30 projects each. Deterministic. */
export function generateDemoDataset(): SimDataset {
  const ids = new Prng(DEMO_SEED).fork('ids');
  const counters: DemoCounters = { estimateNumber: 0, chfUsed: false };
  const nordlicht = buildDemoWorkspace(DEMO_SEED, ids, NORDLICHT, counters);
  // Each workspace numbers its estimates on its own.
  counters.estimateNumber = 0;
  const lumiere = buildDemoWorkspace(DEMO_SEED, ids, LUMIERE, counters);
  return { version: 1, seed: DEMO_SEED, workspaces: [nordlicht, lumiere] };
}

// ---------------------------------------------------------------------------------------------
// Large benchmark data set
// ---------------------------------------------------------------------------------------------

const LARGE_PROJECT_COUNT = 5_000;
const LARGE_ESTIMATE_ITEMS = 20_000;
const LARGE_KINDS = ['Wohnung', 'Küche', 'Bad', 'Büro', 'Loft', 'Praxis', 'Laden', 'Keller', 'Dachgeschoss'];
const LARGE_FILES = ['Aufmaß.pdf', 'site-photo-1.jpg', 'floor.png', 'Angebot.xlsx'];

/**
 * The benchmark data set: one workspace with 5,000 projects (the first, "Benchmark Tower", has an
 * estimate of exactly 20,000 items). Deterministic.
 */
export function generateLargeDataset(): SimDataset {
  const rng = new Prng(LARGE_SEED).fork('content');
  const ids = new Prng(LARGE_SEED).fork('ids');
  const g: Gen = { rng, ids, lang: 'de' };
  const workspaceId = ids.uuid();
  const users = buildUsers(g, [
    { firstname: 'Bench', lastname: 'Admin', email: 'bench.admin@large.example' },
    { firstname: 'Grete', lastname: 'Größer', email: 'grete.groesser@large.example' },
    { firstname: 'Ömer', lastname: 'Çelik', email: 'oemer.celik@large.example' },
  ]);
  const teams = buildTeams(g, users, [
    { name: 'Benchmark Team', members: [0, 1, 2] },
    { name: 'Team Süd', members: [1] },
  ]);
  const forms = buildForms(g, (NORDLICHT.forms as FormSpec[]).slice(0, 1));
  const spec: WorkspaceSpec = {
    ...NORDLICHT,
    label: 'large',
    name: 'Large Workspace',
    customer: 'large-customer',
    key: 'large-key-0000000000',
  };
  const customers = buildCustomers(g, NORDLICHT.customers);
  const company = companyFor(g, spec);

  const projects: SimProject[] = [];
  let estimateNumber = 0;
  for (let i = 0; i < LARGE_PROJECT_COUNT; i++) {
    const bench = i === 0;
    const name = bench ? 'Benchmark Tower' : `${rng.pick(LARGE_KINDS)} ${pad(i, 5)}`;
    const customer = rng.pick(customers);
    const created = BASE_MS + rng.int(0, 90 * 24 * 3600) * 1000;
    const modified = created + rng.int(3600, 20 * 24 * 3600) * 1000;
    const archived = !bench && rng.chance(0.05);
    const plan = buildPlan(
      g,
      name,
      !bench && rng.chance(0.05) ? 'imperial' : 'metric',
      created + 5000,
      modified,
      {
        floors: bench ? [3, 3] : [1, 1],
        rooms: bench ? [4, 6] : [1, 2],
        sparse: !bench,
      },
    );
    const project: SimProject = {
      id: ids.uuid(),
      name,
      external_reference_id: bench ? 'BENCH-20000' : rng.chance(0.6) ? `BENCH-${pad(i, 5)}` : null,
      thumbnail_url: (plan.floors[0] as SimFloor).image_map.url,
      assignee_id: rng.pick(users).id,
      creator_id: (users[0] as SimUser).id,
      team_id: rng.chance(0.5) ? rng.pick(teams).id : null,
      user_created: isoMicro(created, rng.int(0, 999_999)),
      user_modified: isoMicro(modified, rng.int(0, 999_999)),
      archived_at: archived ? isoMicro(modified, rng.int(0, 999_999)) : null,
      address: buildAddress(rng, 'DE', true),
      plan,
      estimates: [],
      files: [],
    };
    const ctx: EstimateContext = {
      project,
      projectDescription: '',
      addressId: ids.uuid(),
      customer,
      company,
      users,
      workspaceHasLogo: true,
      country: 'DE',
    };
    const estimateCount = bench ? 1 : rng.chance(0.6) ? 1 : 0;
    for (let e = 0; e < estimateCount; e++) {
      const estCreated = timeBetween(rng, created + HOUR, created + 10 * DAY);
      const estModified = timeBetween(rng, estCreated + MINUTE, estCreated + 12 * DAY);
      estimateNumber += 1;
      project.estimates.push(
        buildEstimate(
          g,
          ctx,
          bench ? 'Benchmark estimate 20k' : rng.pick(NORDLICHT.estimateNames),
          `E2026${pad(estimateNumber, 5)}`,
          bench ? LARGE_ESTIMATE_ITEMS : rng.int(5, 12),
          'EUR',
          estCreated,
          estModified,
          bench ? 0.1 : 0.2,
        ),
      );
    }
    project.files = buildFiles(g, LARGE_FILES, rng.int(0, 2), created + HOUR, created + 30 * DAY);
    projects.push(project);
  }

  return {
    version: 1,
    seed: LARGE_SEED,
    workspaces: [
      {
        id: workspaceId,
        name: 'Large Workspace',
        customer: 'large-customer',
        key: 'large-key-0000000000',
        owner_id: (users[0] as SimUser).id,
        users,
        teams,
        webhook_url: null,
        formats: ['pdf', 'jpg', 'png', 'svg', 'dxf', 'xml'],
        logo: '{base}/workspace/logo.png',
        forms,
        projects,
      },
    ],
  };
}
