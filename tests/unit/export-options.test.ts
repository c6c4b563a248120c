import { describe, expect, it } from 'vitest';
import { resolveExportOptions } from '../../src-main/exports/options';
import { CLIENT_COPY_COLUMNS, EXPORT_COLUMNS, columnSpec } from '../../src-shared/estimates/columns';
import { translate } from '../../src-shared/i18n/catalogue';
import { LANGUAGES } from '../../src-shared/i18n/languages';

describe('export options', () => {
  it('exports every column by default, in English', () => {
    expect(resolveExportOptions()).toEqual({
      columns: [...EXPORT_COLUMNS],
      clientCopy: false,
      language: 'en-US',
    });
  });

  it('the client copy hides unit prices, internal costs, markup and internal notes', () => {
    const { columns } = resolveExportOptions({ clientCopy: true });
    expect(columns).toEqual(['code', 'name', 'description', 'quantity', 'unit', 'discount', 'tax', 'total']);
    expect(CLIENT_COPY_COLUMNS).toEqual(columns);
  });

  it('never puts internal notes into a client copy unless asked explicitly', () => {
    expect(
      resolveExportOptions({ clientCopy: true, columns: ['name', 'internal_notes', 'total'] }).columns,
    ).toEqual(['name', 'total']);
    expect(
      resolveExportOptions({
        clientCopy: true,
        columns: ['name', 'internal_notes'],
        includeInternalNotesInClientCopy: true,
      }).columns,
    ).toEqual(['name', 'internal_notes']);
    expect(
      resolveExportOptions({ clientCopy: true, includeInternalNotesInClientCopy: true }).columns,
    ).toContain('internal_notes');
    // Explicit columns without the notes stay without them.
    expect(
      resolveExportOptions({ clientCopy: true, columns: ['name'], includeInternalNotesInClientCopy: true })
        .columns,
    ).toEqual(['name']);
    // Internal exports keep them when chosen.
    expect(resolveExportOptions({ columns: ['internal_notes'] }).columns).toEqual(['internal_notes']);
  });

  it('orders columns canonically, drops unknown ones, falls back to the name', () => {
    expect(resolveExportOptions({ columns: ['total', 'bogus', 'code', 'total'] }).columns).toEqual([
      'code',
      'total',
    ]);
    expect(resolveExportOptions({ columns: [] }).columns).toEqual(['name']);
    expect(resolveExportOptions({ columns: ['nope'] }).columns).toEqual(['name']);
  });

  it('accepts the five UI languages and falls back to English', () => {
    for (const lang of LANGUAGES) expect(resolveExportOptions({ language: lang }).language).toBe(lang);
    expect(resolveExportOptions({ language: 'xx-XX' }).language).toBe('en-US');
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
  });
});
