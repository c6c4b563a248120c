import { beforeAll, describe, expect, it } from 'vitest';
import { EXPORT_COLUMNS, INTERNAL_COLUMNS } from '../../src-shared/estimates/columns';
import type { EstimateRow, EstimateSummary } from '../../src-shared/estimates/types';
import { BUILT_IN_PRESETS, type ExportPreset, type PresetList } from '../../src-shared/exports/presets';
import type { UiLanguage } from '../../src-shared/i18n/languages';
import { loadRendererModule } from '../helpers/renderer-module';

/* Loaded at run time for the reason given in tests/helpers/renderer-module.ts. */
interface Choice {
  presetId: string;
  kind: 'client' | 'internal';
  columns: string[];
  language: UiLanguage | null;
  paper: 'auto' | 'A4' | 'Letter';
  statements: boolean;
}
interface ExportChoiceModule {
  choiceFromPreset: (preset: ExportPreset) => Choice;
  orderedPresets: (list: PresetList | null, lang: UiLanguage) => ExportPreset[];
  initialPreset: (list: PresetList | null) => ExportPreset;
  columnLocked: (kind: Choice['kind'], key: string) => boolean;
  toggleColumn: (choice: Choice, key: string) => Choice;
  documentLanguage: (choice: Pick<Choice, 'language'>, uiLang: UiLanguage) => UiLanguage;
  automaticPaper: (choice: Pick<Choice, 'language'>, uiLang: UiLanguage) => 'A4' | 'Letter';
  exportArgs: (
    choice: Choice,
    uiLang: UiLanguage,
  ) => { presetId: string; columns: string[]; language: UiLanguage; paper: string; statements: boolean };
  presetInput: (
    choice: Choice,
    name: string,
    kind: Choice['kind'],
  ) => { name: string; kind: string; columns: string[]; language: UiLanguage | null };
  presetNamed: (list: PresetList | null, name: string) => ExportPreset | null;
}
interface ProjectSumsModule {
  projectSum: (summaries: readonly (EstimateSummary | null)[]) => {
    known: number;
    count: number;
    sums: { currency: string; net: string; gross: string; estimates: number }[];
  };
}
interface ColumnsModule {
  DEFAULT_TREE_COLUMNS: readonly string[];
  stickyPlaces: (columns: readonly string[]) => Map<string, { side: string; offset: number; edge: boolean }>;
}
interface FiguresModule {
  vatTotal: (quote: { net: string; gross: string }) => string;
}
interface CellsModule {
  formatCell: (row: EstimateRow, key: string, currency: string, lang: UiLanguage) => string;
}

let choice: ExportChoiceModule;
let sums: ProjectSumsModule;
let cols: ColumnsModule;
let fig: FiguresModule;
let cells: CellsModule;
beforeAll(async () => {
  [choice, sums, cols, fig, cells] = await Promise.all([
    loadRendererModule<ExportChoiceModule>('features/estimates/export-choice.ts'),
    loadRendererModule<ProjectSumsModule>('features/estimates/project-sums.ts'),
    loadRendererModule<ColumnsModule>('features/estimates/columns.ts'),
    loadRendererModule<FiguresModule>('features/estimates/figures.ts'),
    loadRendererModule<CellsModule>('features/estimates/cells.ts'),
  ]);
});

const norm = (s: string) => s.replace(/[\u00a0\u202f]/g, ' ');

function saved(id: string, name: string, over: Partial<ExportPreset> = {}): ExportPreset {
  return {
    id,
    name,
    kind: 'client',
    columns: ['code', 'name', 'net_amount'],
    language: null,
    paper: 'auto',
    statements: true,
    ...over,
  };
}

const [QUOTE, INTERNAL] = BUILT_IN_PRESETS as [ExportPreset, ExportPreset];

describe('export dialog: presets', () => {
  it('a preset sets columns, language, paper and statements; a client one never an internal column', () => {
    const c = choice.choiceFromPreset(
      saved('s1', 'Kurz', { columns: ['markup', 'name', 'total_cost'], language: 'de-DE', paper: 'A4' }),
    );
    expect(c).toEqual({
      presetId: 's1',
      kind: 'client',
      columns: ['name'],
      language: 'de-DE',
      paper: 'A4',
      statements: true,
    });
    expect(choice.choiceFromPreset(INTERNAL).columns).toEqual([...EXPORT_COLUMNS]);
    const quote = choice.choiceFromPreset(QUOTE);
    expect(quote.kind).toBe('client');
    expect(quote.language).toBeNull();
    for (const key of INTERNAL_COLUMNS) expect(quote.columns).not.toContain(key);
  });

  it('lists the client quote, the internal worksheet, then the saved ones by name', () => {
    const list: PresetList = {
      presets: [INTERNAL, saved('b', 'Zimmer 10'), QUOTE, saved('c', 'ändern'), saved('a', 'Zimmer 9')],
      lastUsed: 'quote',
    };
    expect(choice.orderedPresets(list, 'de-DE').map((p) => p.id)).toEqual([
      'quote',
      'internal',
      'c',
      'a',
      'b',
    ]);
    expect(choice.orderedPresets(null, 'en-US').map((p) => p.id)).toEqual(['quote', 'internal']);
  });

  it('opens with the preset last used, else the client quote', () => {
    const list: PresetList = { presets: [QUOTE, INTERNAL, saved('s1', 'Kurz')], lastUsed: 's1' };
    expect(choice.initialPreset(list).id).toBe('s1');
    expect(choice.initialPreset({ ...list, lastUsed: 'gone' }).id).toBe('quote');
    expect(choice.initialPreset(null).id).toBe('quote');
  });

  it('an internal column cannot be ticked in a client document, only in an internal one', () => {
    const quote = choice.choiceFromPreset(QUOTE);
    for (const key of INTERNAL_COLUMNS) {
      expect(choice.columnLocked('client', key)).toBe(true);
      expect(choice.toggleColumn(quote, key)).toEqual(quote);
    }
    const withoutTax = choice.toggleColumn(quote, 'tax');
    expect(withoutTax.columns).not.toContain('tax');
    expect(choice.toggleColumn(withoutTax, 'tax').columns).toEqual(quote.columns);
    const internal = { ...choice.choiceFromPreset(INTERNAL), columns: ['name'] };
    expect(choice.columnLocked('internal', 'markup')).toBe(false);
    // Ticked columns keep the canonical order, whatever order they were ticked in.
    expect(choice.toggleColumn(choice.toggleColumn(internal, 'total'), 'code').columns).toEqual([
      'code',
      'name',
      'total',
    ]);
  });

  it('the document’s language is the UI’s unless chosen; automatic paper follows it', () => {
    const quote = choice.choiceFromPreset(QUOTE);
    expect(choice.documentLanguage(quote, 'fr-FR')).toBe('fr-FR');
    expect(choice.automaticPaper(quote, 'en-US')).toBe('Letter');
    expect(choice.automaticPaper(quote, 'pt-PT')).toBe('A4');
    const german = { ...quote, language: 'de-DE' as const };
    expect(choice.documentLanguage(german, 'en-US')).toBe('de-DE');
    expect(choice.automaticPaper(german, 'en-US')).toBe('A4');
  });

  it('the request names the preset and asks a client document for no internal column', () => {
    const quote = { ...choice.choiceFromPreset(QUOTE), columns: ['name', 'markup'] };
    expect(choice.exportArgs(quote, 'es-ES')).toEqual({
      presetId: 'quote',
      columns: ['name'],
      language: 'es-ES',
      paper: 'auto',
      statements: true,
    });
    const internal = choice.choiceFromPreset(INTERNAL);
    expect(choice.exportArgs(internal, 'en-US').columns).toEqual([...EXPORT_COLUMNS]);
  });

  it('saving: a client preset drops internal columns; a name is matched without case', () => {
    const internal = { ...choice.choiceFromPreset(INTERNAL), language: 'de-DE' as const };
    const asClient = choice.presetInput(internal, '  Kurz  ', 'client');
    expect(asClient.name).toBe('Kurz');
    expect(asClient.language).toBe('de-DE');
    for (const key of INTERNAL_COLUMNS) expect(asClient.columns).not.toContain(key);
    expect(choice.presetInput(internal, 'Alles', 'internal').columns).toEqual([...EXPORT_COLUMNS]);

    const list: PresetList = { presets: [QUOTE, INTERNAL, saved('s1', 'Kurz')], lastUsed: 'quote' };
    expect(choice.presetNamed(list, 'KURZ ')?.id).toBe('s1');
    expect(choice.presetNamed(list, 'Client quote')).toBeNull();
    expect(choice.presetNamed(list, '  ')).toBeNull();
  });
});

function summary(currency: string | null, net: string, gross: string): EstimateSummary {
  return {
    currency,
    quote: { digits: 2, net, gross, vat: [], rounding: '0.00', source: 'service', mismatch: null },
  };
}

describe('project sums', () => {
  it('adds exactly, where floats would not', () => {
    const s = sums.projectSum([summary('EUR', '0.10', '0.12'), summary('EUR', '0.20', '0.24')]);
    expect(0.1 + 0.2).not.toBe(0.3);
    expect(s).toEqual({
      known: 2,
      count: 2,
      sums: [{ currency: 'EUR', net: '0.3', gross: '0.36', estimates: 2 }],
    });
    const big = sums.projectSum([summary('EUR', '9007199254740993.01', '1'), summary('EUR', '0.01', '1')]);
    expect(big.sums[0]!.net).toBe('9007199254740993.02');
  });

  it('sums each currency apart, the most common first; unknown ones make it partial', () => {
    const s = sums.projectSum([
      summary('chf', '100.00', '108.10'),
      null,
      summary('EUR', '1.00', '1.19'),
      summary('EUR', '2.00', '2.38'),
      summary(null, '5.00', '5.00'),
      summary('EUR', 'n/a', '1'),
    ]);
    expect(s.known).toBe(4);
    expect(s.count).toBe(6);
    expect(s.sums).toEqual([
      { currency: 'EUR', net: '3', gross: '3.57', estimates: 2 },
      { currency: '', net: '5', gross: '5', estimates: 1 },
      { currency: 'CHF', net: '100', gross: '108.1', estimates: 1 },
    ]);
    expect(sums.projectSum([])).toEqual({ known: 0, count: 0, sums: [] });
  });
});

describe('tree: columns that stay in view', () => {
  it('code and name at the left, the total at the right', () => {
    const places = cols.stickyPlaces(cols.DEFAULT_TREE_COLUMNS);
    expect(Object.fromEntries(places)).toEqual({
      code: { side: 'left', offset: 0, edge: false },
      name: { side: 'left', offset: 104, edge: true },
      total: { side: 'right', offset: 0, edge: true },
    });
  });

  it('only the columns shown, and only at the edges', () => {
    expect(Object.fromEntries(cols.stickyPlaces(['name', 'quantity', 'tax']))).toEqual({
      name: { side: 'left', offset: 0, edge: true },
    });
    // The code column after a column that scrolls does not stick.
    expect([...cols.stickyPlaces(['name', 'total']).keys()]).toEqual(['name', 'total']);
    expect(cols.stickyPlaces([]).size).toBe(0);
  });
});

describe('figures of the totals bar and the tree', () => {
  it('VAT is what lies between net and gross, exactly', () => {
    expect(fig.vatTotal({ net: '52166.56', gross: '61999.38' })).toBe('9832.82');
    expect(fig.vatTotal({ net: '0.10', gross: '0.30' })).toBe('0.2');
  });

  it('the net unit price cell is the net amount ÷ quantity, shown in the currency’s minor unit', () => {
    const row = {
      type: 'position',
      quantity: '3.000000000000',
      net_amount: '100.000000000000',
      total: '119.000000000000',
    } as EstimateRow;
    expect(norm(cells.formatCell(row, 'net_unit_price', 'EUR', 'de-DE'))).toBe('33,33 €');
    expect(norm(cells.formatCell(row, 'net_amount', 'EUR', 'de-DE'))).toBe('100,00 €');
    expect(cells.formatCell({ ...row, type: 'group' } as EstimateRow, 'net_unit_price', 'EUR', 'en-US')).toBe(
      '',
    );
  });
});
