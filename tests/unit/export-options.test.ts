import { describe, expect, it } from 'vitest';
import { CLIENT_COPY_COLUMNS, EXPORT_COLUMNS, resolveExportOptions } from '../../src-main/exports/options';
import { labelsFor } from '../../src-main/exports/labels';
import { LANGUAGES } from '../../src-shared/ipc/contract';

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
      const labels = labelsFor(lang);
      for (const c of EXPORT_COLUMNS) expect(labels.columns[c], `${lang} ${c}`).toMatch(/\S/);
      expect(labels.page(2, 9)).toMatch(/2.*9/);
    }
    expect(labelsFor('de-DE').page(1, 3)).toBe('Seite 1 von 3');
    expect(labelsFor('fr-FR').page(1, 3)).toBe('Page 1 sur 3');
    expect(labelsFor('es-ES').page(1, 3)).toBe('Página 1 de 3');
  });
});
