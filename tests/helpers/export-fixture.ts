/**
 * Hand-made EstimateDocuments for the export tests and the benchmark (independent of
 * src-main/estimates): positions are priced the way the service prices them, by the simulator's own
 * rule (simulator/data/estimate-item.ts: cost = quantity × unit price rounded to the cent, markup
 * and discount on the cost, total = (cost + markup − discount) × (1 + tax) rounded to the cent),
 * group totals are the sums of their children, and the totals are the simulator's
 * (computeEstimateTotals). Every money value is a string with exactly twelve fractional digits.
 */
import type {
  EstimateDocument,
  EstimateHeader,
  EstimateNode,
  EstimateTotals,
} from '../../src-shared/estimates/types';
import { Decimal, amountText } from '../../src-shared/money/amounts';
import { pricePosition, UNPRICED } from '../../simulator/data/estimate-item';
import { computeEstimateTotals } from '../../simulator/data/estimate-totals';
import { NO_TEXTS } from './estimate-items';

export interface PositionSpec {
  kind: 'position';
  name: string | null;
  code?: string | null;
  description?: string | null;
  internal_notes?: string | null;
  quantity: string;
  unit: string;
  labor?: string;
  equipment?: string;
  material?: string;
  other?: string;
  /** Markup as a fraction of the cost. */
  markupRate?: string;
  /** Discount amount. */
  discount?: string;
  tax?: string;
}

export interface GroupSpec {
  kind: 'group';
  name: string | null;
  code?: string | null;
  description?: string | null;
  internal_notes?: string | null;
  children: ItemSpec[];
}

export type ItemSpec = PositionSpec | GroupSpec;

export function group(name: string | null, children: ItemSpec[], extra: Partial<GroupSpec> = {}): GroupSpec {
  return { kind: 'group', name, children, ...extra };
}

export function position(
  name: string | null,
  quantity: string,
  unit: string,
  prices: Omit<PositionSpec, 'kind' | 'name' | 'quantity' | 'unit'>,
): PositionSpec {
  return { kind: 'position', name, quantity, unit, ...prices };
}

const D = (s: string | undefined): Decimal | undefined => (s === undefined ? undefined : Decimal.parse(s));

let idCounter = 0;
function nextId(prefix: string): string {
  idCounter++;
  return `${prefix}-${idCounter.toString(36).padStart(5, '0')}`;
}

function emptyNode(
  id: string,
  parent: string | null,
  type: 'group' | 'position',
  sort: number,
): EstimateNode {
  return {
    id,
    parent_id: parent,
    type,
    service_type: type,
    ...NO_TEXTS,
    sort,
    ...UNPRICED,
    total: null,
    computed_total: null,
    children: [],
  };
}

function buildNode(
  spec: ItemSpec,
  parent: string | null,
  sort: number,
  code: string,
  digits = 2,
): EstimateNode {
  const node = emptyNode(nextId(spec.kind === 'group' ? 'g' : 'p'), parent, spec.kind, sort);
  node.code = spec.code === undefined ? code : spec.code;
  node.name = spec.name;
  node.description = spec.description ?? null;
  node.internal_notes = spec.internal_notes ?? null;
  if (spec.kind === 'group') {
    node.children = spec.children.map((c, i) =>
      buildNode(c, node.id, i + 1, `${code}.${String(i + 1).padStart(2, '0')}`, digits),
    );
    const sum = amountText(Decimal.sum(node.children.map((c) => Decimal.parse(c.total ?? '0'))));
    node.total = sum;
    node.computed_total = sum;
    return node;
  }
  const { fields } = pricePosition({
    quantity: Decimal.parse(spec.quantity),
    labor: D(spec.labor),
    equipment: D(spec.equipment),
    material: D(spec.material),
    other: D(spec.other),
    markupRate: D(spec.markupRate),
    discount: spec.discount === undefined ? undefined : { amount: Decimal.parse(spec.discount) },
    tax: Decimal.parse(spec.tax ?? '0.19'),
    digits,
  });
  Object.assign(node, fields, { unit: spec.unit });
  return node;
}

/** The service's totals (the simulator's computeEstimateTotals) over every node of the tree. */
export function totalsOf(tree: EstimateNode[]): EstimateTotals {
  const nodes: EstimateNode[] = [];
  const stack = [...tree];
  while (stack.length > 0) {
    const n = stack.pop() as EstimateNode;
    nodes.push(n);
    stack.push(...n.children);
  }
  return computeEstimateTotals(nodes);
}

export interface DocumentSpec {
  items: ItemSpec[];
  header?: Partial<EstimateHeader>;
  /** The currency's minor-unit digits the service prices at (2 for EUR, 0 for JPY, 3 for KWD). */
  digits?: number;
}

export const SAMPLE_COMPANY = {
  id: 'co-1',
  logo_url: 'https://service.example/workspace/logo.png',
  watermark_url: 'https://service.example/workspace/watermark.png',
  company: 'Bäckström & Søn Ausbau GmbH',
  email: 'angebote@baeckstroem-son.example',
  phone: '+49 30 1234567',
  fax: null,
  website: 'www.baeckstroem-son.example',
  street: 'Große Straße 12',
  city: 'Köln',
  postal_code: '50667',
  country: 'Deutschland',
  province: 'NRW',
};

export const SAMPLE_CUSTOMER = {
  id: 'cu-1',
  firstname: 'François',
  lastname: 'Muñoz-Weiß',
  company: 'Façonnerie Ørsted S.L.',
  email: 'f.munoz@example.org',
  phone: '+34 91 555 0101',
  fax: null,
  tax_id: 'ESB12345678',
  address: 'Calle de la Peña 7',
  city: 'Düsseldorf',
  zip: '40213',
  area: null,
  country: 'Deutschland',
};

export function makeDocument(spec: DocumentSpec): EstimateDocument {
  const tree = spec.items.map((item, i) =>
    buildNode(item, null, i + 1, String(i + 1).padStart(2, '0'), spec.digits),
  );
  const totals = totalsOf(tree);
  const estimate: EstimateHeader = {
    id: nextId('est'),
    plan_id: 'plan-1',
    name: 'Angebot Komplettsanierung Küche & Bad',
    unique_identifier: 'A-2025-0042',
    creator: 'Jürgen Groß',
    last_modifier: 'Jürgen Groß',
    status: 'final',
    currency: 'EUR',
    date_issue: '2025-11-03 09:00:00',
    date_valid_until: '2025-12-03 09:00:00',
    created: '2025-11-01 08:12:00',
    modified: '2025-11-03 08:59:00',
    opening_statement:
      'Sehr geehrter Herr Muñoz-Weiß,\nvielen Dank für Ihre Anfrage. Gerne unterbreiten wir Ihnen folgendes Angebot:',
    closing_statement: 'Dieses Angebot ist 30 Tage gültig.\nMit freundlichen Grüßen\nJürgen Groß',
    customer: { ...SAMPLE_CUSTOMER },
    project: {
      id: 'pr-1',
      name: 'Sanierung Haus Ødegaard',
      description: 'Küche, Bad und Böden',
      address: {
        id: 'ad-1',
        street: 'Schöne Aussicht 3',
        city: 'Köln',
        country: 'Deutschland',
        postal_code: '50670',
        latitude: 50.95,
        longitude: 6.96,
      },
    },
    company: { ...SAMPLE_COMPANY },
    ...spec.header,
  };
  return { estimate, tree, service_totals: { ...totals }, computed_totals: totals, warnings: [] };
}

/** Internal note text that must never reach a client copy. */
export const SECRET_NOTE = 'INTERN: Einkauf bei Ødegaard, 12 % Rabatt verhandeln';
export const SECRET_NOTE_2 = 'Restposten vom Lager nehmen (Marge ça va)';

/**
 * A small estimate: groups nested three deep, a top-level position, accents (ä ß é ø ñ ç) in names,
 * internal notes on two positions. Its service total is 6.195,35 € (checked by hand: see export-pdf.test.ts).
 */
export function sampleDocument(header: Partial<EstimateHeader> = {}): EstimateDocument {
  return makeDocument({
    header,
    items: [
      group('Rohbau & Maßnahmen – Außenbereich', [
        group('Küche (Erdgeschoß)', [
          group('Wände & Decken', [
            position('Putz auf Mauerwerk, geglättet', '12.5', 'm²', {
              labor: '20.00',
              material: '8.40',
              markupRate: '0.10',
              description: 'Kalkzementputz, zweilagig – Qualität Q3',
              internal_notes: SECRET_NOTE,
            }),
            position('Façade-Anstrich Crépi', '30', 'm²', {
              labor: '7.50',
              material: '2.35',
              equipment: '0.80',
              markupRate: '0.10',
              discount: '25.00',
            }),
          ]),
          position('Fliesenspiegel Peña (Keramik)', '4.25', 'm²', {
            labor: '45.00',
            material: '32.90',
            markupRate: '0.10',
          }),
        ]),
        position('Baustelleneinrichtung', '1', 'pcs', { equipment: '350.00', other: '80.00' }),
      ]),
      group('Ausbau: Fußböden', [
        group('Wohnzimmer Ødegaard', [
          position('Parkett Eiche geölt, Garçon-Muster', '38.6', 'm²', {
            labor: '18.00',
            material: '54.95',
            markupRate: '0.12',
            internal_notes: SECRET_NOTE_2,
          }),
        ]),
        position('Sockelleisten', '42.5', 'm', { labor: '3.20', material: '4.10' }),
      ]),
      position('Endreinigung ñandú', '6', 'h', { labor: '38.50' }),
    ],
  });
}

/** A deterministic pseudo-random generator (mulberry32). */
function rng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const TRADES = [
  'Maurerarbeiten',
  'Malerarbeiten',
  'Fliesenarbeiten',
  'Bodenbeläge',
  'Elektro',
  'Sanitär',
  'Trockenbau',
  'Türen & Fenster',
];
const ROOMS = ['Küche', 'Bad', 'Wohnzimmer', 'Schlafzimmer', 'Flur', 'Büro', 'Gäste-WC', 'Keller'];
const ELEMENTS = ['Wände', 'Decken', 'Böden', 'Öffnungen', 'Installationen'];
const POSITIONS = [
  'Untergrund prüfen und grundieren',
  'Spachtelung Q2, geschliffen',
  'Dispersionsfarbe weiß, zweimal',
  'Fliesen 30×60 verlegen, Fuge grau',
  'Silikonfuge erneuern (Façade ø 6 mm)',
  'Steckdose setzen, Schalterprogramm Peña',
  'Gipskarton 12,5 mm, einfach beplankt',
  'Parkett Eiche, Muster Garçon, geölt',
  'Sockelleiste Buche, genagelt',
  'Türzarge einbauen, Straße',
];

/**
 * A large estimate for the benchmark and the streaming tests: `count` items, about 15 % groups nested
 * up to four levels deep (positions at most five), deterministic.
 */
export function largeDocument(count: number, seed = 42): EstimateDocument {
  const random = rng(seed);
  const pick = <T>(list: readonly T[]): T => list[Math.floor(random() * list.length)] as T;
  interface Open {
    spec: GroupSpec;
    depth: number;
  }
  const top: ItemSpec[] = [];
  const groups: Open[] = [];
  let made = 0;
  const addTo = (parent: Open | null, item: ItemSpec): void => {
    (parent ? parent.spec.children : top).push(item);
    made++;
  };
  for (const trade of TRADES) {
    const g: GroupSpec = group(trade, []);
    addTo(null, g);
    groups.push({ spec: g, depth: 0 });
  }
  while (made < count) {
    const parent = random() < 0.03 ? null : pick(groups);
    const depth = parent ? parent.depth + 1 : 0;
    if (depth < 4 && random() < 0.15) {
      const names =
        depth === 1
          ? ROOMS
          : depth === 2
            ? ELEMENTS
            : ['Abschnitt Süd', 'Abschnitt Nord', 'Phase 1', 'Phase 2'];
      const g = group(`${pick(names)} ${made}`, []);
      addTo(parent, g);
      groups.push({ spec: g, depth });
      continue;
    }
    const cents = (lo: number, hi: number): string =>
      (Math.floor(lo + random() * (hi - lo)) / 100).toFixed(2);
    addTo(
      parent,
      position(
        `${pick(POSITIONS)} #${made}`,
        (Math.floor(random() * 4000 + 25) / 100).toFixed(2),
        pick(['m²', 'm', 'pcs', 'h']),
        {
          labor: cents(500, 6000),
          material: cents(0, 9000),
          equipment: random() < 0.4 ? cents(0, 2000) : undefined,
          other: random() < 0.2 ? cents(0, 1500) : undefined,
          markupRate: random() < 0.9 ? '0.12' : undefined,
          discount: random() < 0.1 ? cents(100, 2000) : undefined,
          tax: random() < 0.05 ? '0.07' : '0.19',
          description:
            random() < 0.5 ? 'Inklusive Nebenarbeiten, Schutz angrenzender Bauteile und Reinigung.' : null,
          internal_notes: random() < 0.08 ? 'Nachkalkulation prüfen' : null,
        },
      ),
    );
  }
  return makeDocument({
    items: top,
    header: { name: `Großauftrag ${count} Positionen`, unique_identifier: `BIG-${count}` },
  });
}

/** Every node of a document, depth first. */
export function allNodes(doc: EstimateDocument): EstimateNode[] {
  const out: EstimateNode[] = [];
  const walk = (nodes: EstimateNode[]): void => {
    for (const n of nodes) {
      out.push(n);
      walk(n.children);
    }
  };
  walk(doc.tree);
  return out;
}
