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
 * Characters that print nothing of their own: line breaks, tabs, and the zero-width spaces pdfText
 * adds as break opportunities. The layout handles them; no glyph is drawn.
 */
const NOT_DRAWN = /[\n\r\t\u200b]/gu;

/** The ranges every check first asks the font about: when it has all of them, texts in them pass at once. */
const COMMON = [
  [0x20, 0x7e],
  [0xa0, 0x17f],
] as const;
const BEYOND_COMMON = /[^\u0020-\u007e\u00a0-\u017f\n\r\t\u200b]/u;

function isCommon(cp: number): boolean {
  return COMMON.some(([from, to]) => cp >= from && cp <= to);
}

/** Where pdfmake content holds text: the text itself, and the nodes nested in stacks, columns and tables. */
const NESTED = ['text', 'stack', 'columns', 'table', 'body'] as const;

/** The distinct characters without a glyph among the texts scanned, in the order first met. */
export class MissingGlyphs {
  private readonly checked = new Map<number, boolean>();
  private readonly missing: string[] = [];
  private count = 0;
  private readonly commonCovered: boolean;

  constructor(private readonly has: HasGlyph) {
    this.commonCovered = COMMON.every(([from, to]) => {
      for (let c = from; c <= to; c++) if (!has(c)) return false;
      return true;
    });
  }

  scan(text: string): void {
    if (this.commonCovered && !BEYOND_COMMON.test(text)) return;
    for (const ch of text.replace(NOT_DRAWN, '')) {
      const cp = ch.codePointAt(0)!;
      if (this.commonCovered && isCommon(cp)) continue;
      let known = this.checked.get(cp);
      if (known === undefined) {
        known = this.has(cp);
        this.checked.set(cp, known);
        if (!known) {
          this.count++;
          if (this.missing.length < MISSING_SHOWN) this.missing.push(ch);
        }
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
