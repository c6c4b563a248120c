/**
 * A font's standard ligatures ("fi", "fl", "ffi", …) as the font itself defines them: its GSUB
 * table's `liga` feature, ligature substitutions only. The check of a kept shaped word
 * (shaped-words-file.ts) takes a ligature glyph only if it is the one the font substitutes for
 * exactly the characters it stands for, so a kept "Fliesen" shows "Fliesen".
 *
 * Reading these few lookups costs a fraction of shaping a first word, which sets up every
 * substitution and positioning table of the font: that setup is what keeping words spares a run.
 * fontkit parses the tables on demand (restructure's lazy arrays); anything here it does not show as
 * expected (another table format, an extension lookup) only means no ligature is known, and words
 * with one are shaped afresh.
 */

/** The parts of a fontkit font read here. */
export interface LigatureFont {
  GSUB?: unknown;
  _cmapProcessor?: { codePointsForGlyph?(id: number): number[] };
}

/** GSUB's lookup type of a ligature substitution. */
const LIGATURE_SUBSTITUTION = 4;

type Lazy = { toArray?(): unknown[]; get?(index: number): unknown } | undefined;

function list(value: unknown): unknown[] {
  if (Array.isArray(value)) return value;
  const lazy = value as Lazy;
  return typeof lazy?.toArray === 'function' ? lazy.toArray() : [];
}

/** One item of a list, decoding only it when the list is lazy. */
function item(value: unknown, index: number): unknown {
  if (Array.isArray(value)) return value[index];
  const lazy = value as Lazy;
  return typeof lazy?.get === 'function' ? lazy.get(index) : undefined;
}

function field<T = unknown>(value: unknown, name: string): T | undefined {
  return typeof value === 'object' && value !== null
    ? ((value as Record<string, unknown>)[name] as T)
    : undefined;
}

/** The glyphs a coverage table lists, in coverage order (the index of its ligature set). */
function coveredGlyphs(coverage: unknown): number[] {
  if (field(coverage, 'version') === 1) return list(field(coverage, 'glyphs')) as number[];
  const glyphs: number[] = [];
  for (const range of list(field(coverage, 'rangeRecords'))) {
    const start = field<number>(range, 'start')!;
    const end = field<number>(range, 'end')!;
    const index = field<number>(range, 'startCoverageIndex')!;
    if (![start, end, index].every(Number.isInteger) || end - start > 0xffff) return [];
    for (let g = start; g <= end; g++) glyphs[index + g - start] = g;
  }
  return glyphs;
}

/**
 * The font's `liga` ligatures: the characters of each (code points joined by ",") → its glyph. Only
 * ligatures of glyphs that each stand for one character alone in the font's character map. Never
 * throws: a font it cannot read has none.
 */
export function fontLigatures(font: LigatureFont): Map<string, number> {
  const ligatures = new Map<string, number>();
  try {
    const cmap = font._cmapProcessor;
    const gsub = font.GSUB;
    if (!gsub || typeof cmap?.codePointsForGlyph !== 'function') return ligatures;
    const charOf = (glyph: unknown): number | null => {
      if (!Number.isInteger(glyph)) return null;
      const cps = cmap.codePointsForGlyph!(glyph as number);
      return cps.length === 1 ? cps[0]! : null;
    };
    const lookups = field(gsub, 'lookupList');
    const reached = new Map<number, number>();
    const indexes = new Set<number>();
    for (const feature of list(field(gsub, 'featureList'))) {
      if (field(feature, 'tag') !== 'liga') continue;
      for (const i of list(field(field(feature, 'feature'), 'lookupListIndexes'))) indexes.add(i as number);
    }
    for (const i of indexes) {
      const lookup = Number.isInteger(i) ? item(lookups, i) : undefined;
      if (field(lookup, 'lookupType') !== LIGATURE_SUBSTITUTION) continue;
      for (const table of list(field(lookup, 'subTables'))) {
        const firsts = coveredGlyphs(field(table, 'coverage'));
        list(field(table, 'ligatureSets')).forEach((set, index) => {
          const first = charOf(firsts[index]);
          if (first === null) return;
          for (const ligature of list(set)) {
            const chars = [first, ...list(field(ligature, 'components')).map(charOf)];
            const glyph = field(ligature, 'glyph');
            if (chars.some((c) => c === null) || !Number.isInteger(glyph)) continue;
            const key = chars.join(',');
            // The first ligature a font lists for the characters is the one it substitutes.
            if (!ligatures.has(key)) ligatures.set(key, glyph as number);
            reached.set(glyph as number, (reached.get(glyph as number) ?? 0) + 1);
          }
        });
      }
    }
    // A ligature glyph that also stands for a character of its own, or for other characters too,
    // would carry into the PDF's text whichever code points fontkit first made it with: left out.
    for (const [key, glyph] of ligatures) {
      if (reached.get(glyph) !== 1 || cmap.codePointsForGlyph(glyph).length > 0) ligatures.delete(key);
    }
  } catch {
    // A table fontkit reads otherwise: no ligature known.
    ligatures.clear();
  }
  return ligatures;
}
