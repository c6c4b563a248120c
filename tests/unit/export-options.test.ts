import { describe, expect, it } from 'vitest';
import { columnsFor, resolveExportOptions, resolvePreset } from '../../src-main/exports/options';
import {
  CLIENT_COLUMNS,
  EXPORT_COLUMNS,
  INTERNAL_COLUMNS,
  columnSpec,
} from '../../src-shared/estimates/columns';
import type { EstimateRow } from '../../src-shared/estimates/types';
import {
  QUOTE_COLUMNS,
  normalizePreset,
  paperFor,
  type ExportPreset,
} from '../../src-shared/exports/presets';
import { translate } from '../../src-shared/i18n/catalogue';
import { LANGUAGES } from '../../src-shared/i18n/languages';

const saved: ExportPreset = {
  id: 'p1',
  name: 'Kurzangebot',
  kind: 'client',
  // A hand-edited settings file: internal columns asked for in a client preset.
  columns: ['code', 'name', 'total_cost', 'markup', 'internal_notes', 'net_amount'],
  language: 'de-DE',
  paper: 'auto',
  statements: false,
};

describe('export presets and options', () => {
  it('is the client quote by default, in English: net prices, no internal column', () => {
    const opts = resolveExportOptions();
    expect(opts).toEqual({
      kind: 'client',
      columns: [...QUOTE_COLUMNS],
      language: 'en-US',
      paper: 'Letter',
      statements: true,
      roomsCosts: false,
    });
    expect(opts.columns.some((c) => INTERNAL_COLUMNS.includes(c))).toBe(false);
    // The old switch still means the same documents.
    expect(resolveExportOptions({ clientCopy: true }).kind).toBe('client');
    expect(resolveExportOptions({ clientCopy: false }).kind).toBe('internal');
  });

  it('the internal worksheet has every column', () => {
    expect(resolveExportOptions({ preset: 'internal' }).columns).toEqual([...EXPORT_COLUMNS]);
  });

  it('the costs per room: off by default, in the internal worksheet when asked, never in a client document', () => {
    expect(resolveExportOptions({ preset: 'internal' }).roomsCosts).toBe(false);
    expect(resolveExportOptions({ preset: 'internal', roomsCosts: true }).roomsCosts).toBe(true);
    expect(resolveExportOptions({ preset: 'quote', roomsCosts: true }).roomsCosts).toBe(false);
    expect(
      resolveExportOptions({ preset: 'Kurzangebot', savedPresets: [saved], roomsCosts: true }).roomsCosts,
    ).toBe(false);
  });

  it('never puts an internal column into a client document, whatever was asked', () => {
    expect(
      resolveExportOptions({ preset: 'quote', columns: ['name', 'internal_notes', 'markup', 'net_amount'] })
        .columns,
    ).toEqual(['name', 'net_amount']);
    const fromSaved = resolveExportOptions({ preset: 'Kurzangebot', savedPresets: [saved] });
    expect(fromSaved.columns).toEqual(['code', 'name', 'net_amount']);
    expect(fromSaved).toMatchObject({ kind: 'client', language: 'de-DE', paper: 'A4', statements: false });
    expect(normalizePreset(saved).columns).toEqual(['code', 'name', 'net_amount']);
    expect(CLIENT_COLUMNS.every((c) => !columnSpec(c).internal)).toBe(true);
    // Internal documents keep what was chosen.
    expect(resolveExportOptions({ preset: 'internal', columns: ['internal_notes'] }).columns).toEqual([
      'internal_notes',
    ]);
  });

  it('finds presets by id or name, and says so when there is none', () => {
    expect(resolvePreset({ preset: 'kurzangebot', savedPresets: [saved] }).id).toBe('p1');
    expect(resolvePreset({ preset: 'internal' }).kind).toBe('internal');
    expect(() => resolvePreset({ preset: 'nope' })).toThrow(/no export preset called "nope"/);
  });

  it('orders columns canonically, drops unknown ones, falls back to the name', () => {
    expect(
      resolveExportOptions({ preset: 'internal', columns: ['total', 'bogus', 'code', 'total'] }).columns,
    ).toEqual(['code', 'total']);
    expect(resolveExportOptions({ columns: [] }).columns).toEqual(['name']);
    expect(resolveExportOptions({ columns: ['nope'] }).columns).toEqual(['name']);
  });

  it('shows the discount column only when some position has a discount', () => {
    const row = (discount: string | null, type: 'group' | 'position' = 'position') =>
      ({ type, discount }) as EstimateRow;
    const opts = resolveExportOptions();
    expect(
      columnsFor(opts, [row(null), row('0.000000000000'), row('5.000000000000', 'group')]),
    ).not.toContain('discount');
    expect(columnsFor(opts, [row(null), row('2.500000000000')])).toContain('discount');
  });

  it('takes the paper and the language of the document, A4 everywhere but en-US', () => {
    for (const lang of LANGUAGES) {
      const opts = resolveExportOptions({ language: lang });
      expect(opts.language).toBe(lang);
      expect(opts.paper).toBe(lang === 'en-US' ? 'Letter' : 'A4');
    }
    expect(resolveExportOptions({ language: 'xx-XX' }).language).toBe('en-US');
    expect(resolveExportOptions({ language: 'de-DE', paper: 'Letter' }).paper).toBe('Letter');
    expect(paperFor('auto', 'fr-FR')).toBe('A4');
  });

  it('has every label in every language', () => {
    for (const lang of LANGUAGES) {
      for (const c of EXPORT_COLUMNS)
        expect(translate(lang, columnSpec(c).docLabel), `${lang} ${c}`).toMatch(/\S/);
      expect(translate(lang, 'doc.page', { page: 2, pages: 9 })).toMatch(/2.*9/);
    }
    expect(translate('de-DE', 'doc.page', { page: 1, pages: 3 })).toBe('Seite 1 von 3');
    expect(translate('fr-FR', 'doc.page', { page: 1, pages: 3 })).toBe('Page 1 sur 3');
    expect(translate('es-ES', 'doc.page', { page: 1, pages: 3 })).toBe('Página 1 de 3');
    expect(translate('de-DE', 'doc.quote')).toBe('Angebot');
    expect(translate('pt-PT', 'doc.quote')).toBe('Orçamento');
  });
});
