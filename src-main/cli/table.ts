import { withoutHiddenCharacters } from '../../src-shared/text/hidden-characters';

/**
 * A plain-text table: columns padded to their widest cell, a rule under the header. Cells come from
 * the service: each is one line without hidden characters (src-shared/text/hidden-characters.ts).
 */
export function renderTable(headers: string[], rows: (string | number | null | undefined)[][]): string {
  const cells = rows.map((r) =>
    r.map((c) => (c === null || c === undefined ? '' : withoutHiddenCharacters(String(c)))),
  );
  const widths = headers.map((h, i) => Math.max(width(h), ...cells.map((r) => width(r[i] ?? ''))));
  const line = (r: string[]) =>
    r
      .map((c, i) => c + ' '.repeat(Math.max(0, widths[i]! - width(c))))
      .join('  ')
      .trimEnd();
  return [line(headers), widths.map((w) => '-'.repeat(w)).join('  '), ...cells.map(line)].join('\n');
}

/** Display width: counts code points, so "Müller" pads like "Muller". */
function width(s: string): number {
  return [...s.normalize('NFC')].length;
}
