import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { cleanSheetName, MAX_SHEET_NAME, SheetNamer } from '../../src-main/exports/sheet-names';

function assertValid(name: string): void {
  expect(name.length, name).toBeLessThanOrEqual(MAX_SHEET_NAME);
  expect(name, name).not.toMatch(/[\\/?*[\]:]/);
  expect(name.trim(), name).not.toBe('');
  expect(name.startsWith("'") || name.endsWith("'"), name).toBe(false);
  expect(name.toLowerCase(), name).not.toBe('history');
  // No lone surrogate halves from cutting an emoji in two.
  expect(name, name).toBe(Buffer.from(name, 'utf8').toString('utf8'));
}

describe('sheet names', () => {
  it('replaces forbidden characters and trims', () => {
    expect(cleanSheetName('Q1/Q2: Bad*Name?[x]')).toBe('Q1_Q2_ Bad_Name__x_');
    expect(cleanSheetName("  'Quoted'  ")).toBe('Quoted');
    expect(cleanSheetName('tab\there\nnewline')).toBe('tab here newline');
  });

  it('shortens to 31 characters, keeps suffixes whole and numbers repeats', () => {
    const namer = new SheetNamer();
    const forty = 'A very long estimate name, forty chars!!';
    expect(namer.take(forty, 'x')).toBe('A very long estimate name, fort');
    expect(namer.take(forty, 'x')).toBe('A very long estimate name (2)');
    expect(namer.take(forty, 'x', '(flat)')).toBe('A very long estimate nam (flat)');
    expect(namer.take(forty, 'x', '(flat)')).toBe('A very long estimate (2) (flat)');
  });

  it('refuses blank, History and names differing only in case', () => {
    const namer = new SheetNamer();
    expect(namer.take('   ', 'Quote')).toBe('Quote');
    expect(namer.take('', '')).toBe('Sheet');
    expect(namer.take('History', 'x')).toBe('History (2)');
    expect(namer.take('HISTORY', 'x')).toBe('HISTORY (3)');
    expect(namer.take('Küche', 'x')).toBe('Küche');
    expect(namer.take('KÜCHE', 'x')).toBe('KÜCHE (2)');
  });

  it('never splits an emoji', () => {
    const namer = new SheetNamer();
    const name = namer.take('x'.repeat(30) + '😀😀', 'q');
    assertValid(name);
    expect(name).toBe('x'.repeat(30));
  });

  it('hands out valid, unique names for any input', () => {
    fc.assert(
      fc.property(
        fc.array(fc.string({ maxLength: 60, unit: 'grapheme' }), { minLength: 1, maxLength: 30 }),
        (names) => {
          const namer = new SheetNamer();
          const seen = new Set<string>();
          for (const n of names) {
            for (const suffix of ['', '(flat)']) {
              const name = namer.take(n, 'Quote', suffix);
              assertValid(name);
              expect(seen.has(name.toLowerCase())).toBe(false);
              seen.add(name.toLowerCase());
            }
          }
        },
      ),
    );
  });
});
