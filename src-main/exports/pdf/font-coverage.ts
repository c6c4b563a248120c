/**
 * The characters a PDF prints that its font has no glyph for. Roboto covers Latin, Greek and
 * Cyrillic; a client's name in Chinese, Arabic or Hebrew, or an emoji in an item's description,
 * would print as empty boxes. The document is written all the same (the Excel workbook shows every
 * character), and the user is told which characters, before the PDF goes to the client.
 */
import type { Content } from 'pdfmake/interfaces';
import type { ExportWarning } from '../../../src-shared/exports/warnings';
import type { TableRowModel } from './items-table';

/** What the font answers: whether it has a glyph for a code point (fontkit's Font does). */
export type HasGlyph = (codePoint: number) => boolean;

/** The first few distinct characters without a glyph, and how many distinct ones there are. */
export interface MissingGlyphsFound {
  characters: string[];
  count: number;
}

/** How many distinct missing characters a warning names. */
export const MISSING_SHOWN = 12;

/**
 * Characters that print nothing of their own: line breaks and tabs (the layout handles them), and
 * the default-ignorable ones, which the font's shaping hides (zero width, no box): the zero-width
 * spaces pdfText adds as break points, joiners, direction marks, variation selectors (U+FE0F
 * after an emoji). Lone surrogates too: half a pair, left where a text was cut.
 */
const NOT_DRAWN = /[\n\r\t\p{Default_Ignorable_Code_Point}\p{Surrogate}]/u;

/**
 * What nearly every document prints: Latin letters, the dashes and quotes of the five languages, €.
 * When the font has every one of them (asked once), a text of nothing else passes at once.
 */
const COMMON: readonly (readonly [number, number])[] = [
  [0x20, 0x7e],
  [0xa0, 0x17f],
  [0x2013, 0x2014],
  [0x2018, 0x201e],
  [0x2020, 0x2022],
  [0x2026, 0x2026],
  [0x2030, 0x2030],
  [0x2039, 0x203a],
  [0x20ac, 0x20ac],
];
const hex = (cp: number): string => `\\u${cp.toString(16).padStart(4, '0')}`;
const BEYOND_COMMON = new RegExp(
  `[^${COMMON.map(([from, to]) => `${hex(from)}-${hex(to)}`).join('')}\\n\\r\\t\\u200b]`,
  'u',
);

/** Where pdfmake content holds text: the text itself, and the nodes nested in stacks, columns and tables. */
const NESTED = ['text', 'stack', 'columns', 'table', 'body'] as const;

/** The distinct characters without a glyph among the texts scanned, in the order first met. */
export class MissingGlyphs {
  /** Per code point asked about: whether the font has it. */
  private readonly checked = new Map<number, boolean>();
  private readonly missing: string[] = [];
  private count = 0;
  /** Whether the font has every COMMON character (texts of only those are not looked into). */
  readonly commonCovered: boolean;

  constructor(private readonly has: HasGlyph) {
    this.commonCovered = COMMON.every(([from, to]) => {
      for (let c = from; c <= to; c++) if (!has(c)) return false;
      return true;
    });
    if (this.commonCovered)
      for (const [from, to] of COMMON) for (let c = from; c <= to; c++) this.checked.set(c, true);
  }

  scan(text: string): void {
    if (this.commonCovered && !BEYOND_COMMON.test(text)) return;
    for (let i = 0; i < text.length; i++) {
      const cp = text.codePointAt(i)!;
      if (cp > 0xffff) i++;
      let known = this.checked.get(cp);
      if (known !== undefined) continue;
      const ch = String.fromCodePoint(cp);
      known = NOT_DRAWN.test(ch) || this.has(cp);
      this.checked.set(cp, known);
      if (!known) {
        this.count++;
        if (this.missing.length < MISSING_SHOWN) this.missing.push(ch);
      }
    }
  }

  /** Every text of pdfmake content (`text` values, nested in stacks, columns and tables). */
  scanContent(content: Content | readonly Content[] | undefined): void {
    // Depth first, without recursion, in the order the document has them (a stack: pushed in reverse).
    const stack: unknown[] = [content];
    while (stack.length > 0) {
      const node = stack.pop();
      if (typeof node === 'string') this.scan(node);
      else if (Array.isArray(node)) for (let i = node.length - 1; i >= 0; i--) stack.push(node[i]);
      else if (node !== null && typeof node === 'object') {
        const record = node as Record<string, unknown>;
        for (let i = NESTED.length - 1; i >= 0; i--) if (NESTED[i]! in record) stack.push(record[NESTED[i]!]);
      }
    }
  }

  /** The texts of a row of the items table. */
  scanRow(row: TableRowModel): void {
    for (const cell of row.cells) for (const run of cell.runs) this.scan(run.text);
  }

  /** What was found: the first few missing characters, and how many distinct ones there are. */
  result(): MissingGlyphsFound {
    return { characters: [...this.missing], count: this.count };
  }
}

/** The warning for characters a document prints that its font has not, if there are any. */
export function warnOfMissingGlyphs(
  found: MissingGlyphsFound,
  onWarning: ((warning: ExportWarning) => void) | undefined,
): void {
  if (found.count > 0) onWarning?.({ code: 'characters-not-in-font', ...found });
}
