import { cleanText } from '../parties';

/** The quote's colours: dark text, muted labels, one accent, light rules and group fills. */
export const COLORS = {
  text: '#1f2937',
  muted: '#6b7280',
  accent: '#1e3a5f',
  rule: '#d1d5db',
  headerFill: '#e5e7eb',
  groupFill: ['#eef2f7', '#f4f6f9', '#f8f9fb'],
  note: '#9a3412',
};

/** Points: the items table's font size. */
export const TABLE_FONT = 8;

/**
 * Text for the PDF: Roboto has no U+202F (narrow no-break space, which Intl puts in French numbers),
 * so it becomes U+00A0; words longer than a column get break opportunities (zero-width spaces) so
 * pdfmake can wrap them instead of running over the next column.
 */
export function pdfText(value: unknown, max = 4_000): string {
  return cleanText(value, max)
    .replace(/\u202f/g, '\u00a0')
    .replace(/[^\s\u200b]{30,}/g, (word) => word.replace(/(.{20})/gu, '$1\u200b'));
}

/** Roughly how wide Roboto sets `text` at `size` pt (for column widths; the table wraps anyway). */
export function textWidth(text: string, size: number): number {
  let em = 0;
  for (const ch of text) {
    if (ch >= '0' && ch <= '9') em += 0.562;
    else if (ch === '.' || ch === ',' || ch === "'" || ch === ':') em += 0.25;
    else if (/\s/u.test(ch)) em += 0.25;
    else if (ch >= 'A' && ch <= 'Z') em += 0.65;
    else em += 0.56;
  }
  return em * size;
}
