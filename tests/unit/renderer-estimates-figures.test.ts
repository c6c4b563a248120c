import { beforeAll, describe, expect, it } from 'vitest';
import type { EstimateWarning, TotalField } from '../../src-shared/estimates/types';
import type { UiLanguage } from '../../src-shared/i18n/languages';

/* Loaded at run time for the reason given in renderer-i18n.test.ts (tsconfig.node.json does not include src-renderer). */
interface RowTotals {
  type: 'group' | 'position';
  total: string | null;
  computed_total: string | null;
}
type Totals = Partial<Record<TotalField, string>>;
interface FiguresModule {
  percentFromDecimal: (text: string | null | undefined) => string | null;
  decimalEquals: (a: string, b: string) => boolean;
  groupMismatch: (row: RowTotals) => boolean;
  compareTotal: (service: Totals, computed: Totals, field: TotalField) => 'match' | 'mismatch' | 'not-sent';
}
interface CellsModule {
  formatRate: (value: string, lang: UiLanguage) => string;
  formatQuantity: (value: string, lang: UiLanguage) => string;
}
interface ColumnsModule {
  TREE_COLUMN_KEYS: readonly string[];
  normalizeTreeColumns: (columns: readonly string[]) => string[];
  toggleTreeColumn: (columns: readonly string[], key: string) => string[];
}
interface WarningsModule {
  totalsFieldOf: (warning: EstimateWarning) => TotalField | null;
  warningText: (
    warning: EstimateWarning,
    ctx: {
      view: { rows: unknown[]; service_totals: Totals; computed_totals: Totals };
      ids: Map<string, number>;
      currency: string;
      lang: UiLanguage;
    },
  ) => string;
  indexById: (rows: unknown[]) => Map<string, number>;
}
interface PartyModule {
  summarizeParty: (party: Record<string, unknown> | null) => {
    name: string | null;
    company: string | null;
    address: string[];
    email: string | null;
    phone: string | null;
  } | null;
}

const RENDERER = '../../src-renderer/src';
async function load<T>(path: string): Promise<T> {
  const specifier = `${RENDERER}/${path}`;
  return (await import(/* @vite-ignore */ specifier)) as T;
}

let fig: FiguresModule;
let cells: CellsModule;
let cols: ColumnsModule;
let warn: WarningsModule;
let party: PartyModule;
beforeAll(async () => {
  [fig, cells, cols, warn, party] = await Promise.all([
    load<FiguresModule>('features/estimates/figures.ts'),
    load<CellsModule>('features/estimates/cells.ts'),
    load<ColumnsModule>('features/estimates/columns.ts'),
    load<WarningsModule>('features/estimates/warnings.ts'),
    load<PartyModule>('features/estimates/party.ts'),
  ]);
  // The renderer has a language's words once it is shown (i18n/store.ts); these tests show German.
  const messages = await load<{ loadLanguage: (lang: 'de-DE') => Promise<boolean> }>('i18n/messages.ts');
  expect(await messages.loadLanguage('de-DE')).toBe(true);
});

const norm = (s: string) => s.replace(/[\u00a0\u202f]/g, ' ');

describe('percentFromDecimal', () => {
  it('moves the decimal point two places in the text', () => {
    expect(fig.percentFromDecimal('0.190000000000')).toBe('19');
    expect(fig.percentFromDecimal('0.070000000000')).toBe('7');
    expect(fig.percentFromDecimal('0.075')).toBe('7.5');
    expect(fig.percentFromDecimal('0.5')).toBe('50');
    expect(fig.percentFromDecimal('1')).toBe('100');
    expect(fig.percentFromDecimal('1.000000000000')).toBe('100');
    expect(fig.percentFromDecimal('12.5')).toBe('1250');
    expect(fig.percentFromDecimal('.2')).toBe('20');
    expect(fig.percentFromDecimal('0')).toBe('0');
    expect(fig.percentFromDecimal('0.000000000000')).toBe('0');
    expect(fig.percentFromDecimal('-0.000')).toBe('0');
    expect(fig.percentFromDecimal('-0.05')).toBe('-5');
    expect(fig.percentFromDecimal('+0.16')).toBe('16');
  });

  it('keeps every digit, where a float would not', () => {
    // 0.07 * 100 is 7.000000000000001 in floating point.
    expect(fig.percentFromDecimal('0.07')).toBe('7');
    expect(0.07 * 100).not.toBe(7);
    expect(fig.percentFromDecimal('0.000000000001')).toBe('0.0000000001');
    expect(fig.percentFromDecimal('0.123456789012')).toBe('12.3456789012');
    expect(fig.percentFromDecimal('123456789012345678.9')).toBe('12345678901234567890');
  });

  it('refuses what is not a plain decimal number', () => {
    expect(fig.percentFromDecimal(null)).toBeNull();
    expect(fig.percentFromDecimal(undefined)).toBeNull();
    expect(fig.percentFromDecimal('')).toBeNull();
    expect(fig.percentFromDecimal('.')).toBeNull();
    expect(fig.percentFromDecimal('abc')).toBeNull();
    expect(fig.percentFromDecimal('1e-2')).toBeNull();
    expect(fig.percentFromDecimal('1.2.3')).toBeNull();
  });

  it('is shown with the language’s percent sign', () => {
    expect(norm(cells.formatRate('0.190000000000', 'de-DE'))).toBe('19 %');
    expect(norm(cells.formatRate('0.190000000000', 'fr-FR'))).toBe('19 %');
    expect(cells.formatRate('0.190000000000', 'en-US')).toBe('19%');
    expect(norm(cells.formatRate('0.075000000000', 'de-DE'))).toBe('7,5 %');
    expect(cells.formatRate('n/a', 'en-US')).toBe('n/a');
    expect(cells.formatQuantity('25.250000000000', 'de-DE')).toBe('25,25');
    expect(cells.formatQuantity('3.000000000000', 'en-US')).toBe('3');
  });
});

describe('mismatch detection', () => {
  it('compares decimal texts as numbers, exactly', () => {
    expect(fig.decimalEquals('1.500000000000', '1.500000000000')).toBe(true);
    expect(fig.decimalEquals('1.5', '1.500000000000')).toBe(true);
    expect(fig.decimalEquals('-0.000000000000', '0')).toBe(true);
    expect(fig.decimalEquals('1234.500000000000', '1234.500000000001')).toBe(false);
    expect(fig.decimalEquals('0.300000000000', '0.3')).toBe(true);
    expect(fig.decimalEquals('x', 'x')).toBe(true);
    expect(fig.decimalEquals('x', '1')).toBe(false);
  });

  it('flags a group whose service total differs from what its items add up to', () => {
    expect(
      fig.groupMismatch({ type: 'group', total: '1234.500000000000', computed_total: '1230.000000000000' }),
    ).toBe(true);
    expect(
      fig.groupMismatch({ type: 'group', total: '10.000000000000', computed_total: '10.000000000000' }),
    ).toBe(false);
    expect(fig.groupMismatch({ type: 'group', total: '10.00', computed_total: '10.000000000000' })).toBe(
      false,
    );
    // A last-digit difference is a difference.
    expect(
      fig.groupMismatch({ type: 'group', total: '10.000000000001', computed_total: '10.000000000000' }),
    ).toBe(true);
    // Nothing sent, nothing computed, or a position: nothing to contradict.
    expect(fig.groupMismatch({ type: 'group', total: null, computed_total: '10.000000000000' })).toBe(false);
    expect(fig.groupMismatch({ type: 'group', total: '10.000000000000', computed_total: null })).toBe(false);
    expect(
      fig.groupMismatch({ type: 'position', total: '1.000000000000', computed_total: '2.000000000000' }),
    ).toBe(false);
  });

  it('compares each estimate total the service sent', () => {
    const computed = { total: '100.000000000000', tax_total: '19.000000000000' };
    expect(fig.compareTotal({ total: '100.000000000000' }, computed, 'total')).toBe('match');
    expect(fig.compareTotal({ total: '100.010000000000' }, computed, 'total')).toBe('mismatch');
    expect(fig.compareTotal({}, computed, 'tax_total')).toBe('not-sent');
  });
});

describe('warnings in the UI language', () => {
  const rows = [
    {
      id: 'g1',
      code: '01',
      name: 'Kitchen',
      total: '1234.500000000000',
      computed_total: '1230.000000000000',
    },
    { id: 'p1', code: null, name: null, total: '5.000000000000', computed_total: null },
  ];
  const ctx = () => ({
    view: {
      rows,
      service_totals: { total: '1300.000000000000' },
      computed_totals: { total: '1235.000000000000' },
    },
    ids: warn.indexById(rows),
    currency: 'EUR',
    lang: 'de-DE' as UiLanguage,
  });

  it('names the item and gives both figures of a group mismatch', () => {
    const text = warn.warningText(
      { code: 'group-total-mismatch', item_id: 'g1', message: 'Group "01 Kitchen" (g1): …' },
      ctx(),
    );
    expect(norm(text)).toBe(
      'Gruppe 01 Kitchen: Die Summe laut Dienst ist 1.234,50 €, die Positionen ergeben aber 1.230,00 €.',
    );
  });

  it('reads which estimate total a totals-mismatch is about', () => {
    const warning: EstimateWarning = {
      code: 'totals-mismatch',
      message:
        'Estimate total: the service says 1300.000000000000, but the items add up to 1235.000000000000.',
    };
    expect(warn.totalsFieldOf(warning)).toBe('total');
    expect(norm(warn.warningText(warning, ctx()))).toBe(
      'Gesamtbetrag: Der Dienst meldet 1.300,00 €, die Positionen ergeben aber 1.235,00 €.',
    );
    expect(warn.totalsFieldOf({ code: 'totals-mismatch', message: 'something else' })).toBeNull();
    expect(warn.warningText({ code: 'totals-mismatch', message: 'x' }, ctx())).toMatch(/Summen/);
  });

  it('falls back to the id for an item without code and name', () => {
    expect(warn.warningText({ code: 'orphan', item_id: 'p1', message: '' }, ctx())).toContain('p1');
    expect(warn.warningText({ code: 'duplicate-id', item_id: 'zz', message: '' }, ctx())).toContain('zz');
  });
});

describe('columns', () => {
  it('the tree offers the net columns but never the internal notes', () => {
    expect(cols.TREE_COLUMN_KEYS).toContain('net_unit_price');
    expect(cols.TREE_COLUMN_KEYS).toContain('net_amount');
    expect(cols.TREE_COLUMN_KEYS).not.toContain('internal_notes');
  });

  it('tree columns keep the canonical order and always the name', () => {
    expect(cols.normalizeTreeColumns(['total', 'code', 'bogus'])).toEqual(['code', 'name', 'total']);
    expect(cols.toggleTreeColumn(['code', 'name'], 'name')).toEqual(['code', 'name']);
    expect(cols.toggleTreeColumn(['code', 'name'], 'tax')).toEqual(['code', 'name', 'tax']);
    expect(cols.toggleTreeColumn(['code', 'name', 'tax'], 'code')).toEqual(['name', 'tax']);
  });
});

describe('parties', () => {
  it('reads the service’s customer, company and project shapes', () => {
    expect(
      party.summarizeParty({
        firstname: 'Anna',
        lastname: 'Berger',
        company: 'Berger Bau',
        address: 'Hauptstr. 1',
        zip: '10115',
        city: 'Berlin',
        country: 'DE',
        email: 'anna@example.com',
        phone: '+49 30 1',
      }),
    ).toEqual({
      name: 'Anna Berger',
      company: 'Berger Bau',
      address: ['Hauptstr. 1', '10115 Berlin', 'DE'],
      email: 'anna@example.com',
      phone: '+49 30 1',
      website: null,
    });
    const project = party.summarizeParty({
      name: 'Loft',
      address: { street: 'Rua A 2', postal_code: '1000-001', city: 'Lisboa', country: 'PT', latitude: 1 },
    });
    expect(project?.name).toBe('Loft');
    expect(project?.address).toEqual(['Rua A 2', '1000-001 Lisboa', 'PT']);
    expect(party.summarizeParty({})).toBeNull();
    expect(party.summarizeParty(null)).toBeNull();
  });
});
