/**
 * Display text of the tree's cells, made only for the rows on screen and kept for a while: scrolling
 * back and forth formats each row once, and a 20,000-row estimate never formats rows nobody looks at.
 */
import { formatMoney, formatNumber, formatPercent } from '../../i18n/format';
import type { UiLanguage } from '../../i18n/languages';
import { displayKind, TREE_COLUMN_KEYS, type TreeColumnKey } from './columns';
import { groupMismatch, percentFromDecimal } from './figures';
import type { EstimateRow } from '../../../../src-shared/estimates/types';
import { columnValue } from '../../../../src-shared/estimates/net';

export interface RowCells {
  text: Record<TreeColumnKey, string>;
  /** The group's service total differs from what its items add up to. */
  mismatch: boolean;
  /** What the items add up to (groups), formatted; '' for positions. */
  computedTotal: string;
}

/** How many rows' texts are kept; far more than a screen, far less than a big estimate. */
const MAX_CACHED_ROWS = 3000;

export function formatQuantity(value: string, lang: UiLanguage): string {
  return formatNumber(value, lang, { maximumFractionDigits: 12 });
}

/** A rate (`"0.190000000000"`) as a percentage (`19 %`); unreadable text as it came. */
export function formatRate(value: string, lang: UiLanguage): string {
  const percent = percentFromDecimal(value);
  return percent === null ? value : formatPercent(percent, lang);
}

export function formatCell(row: EstimateRow, key: TreeColumnKey, currency: string, lang: UiLanguage): string {
  const value = columnValue(row, key);
  if (value === null || value === undefined || value === '') return '';
  switch (displayKind(key)) {
    case 'money':
      return formatMoney(value, currency, lang);
    case 'quantity':
      return formatQuantity(value, lang);
    case 'rate':
      return formatRate(value, lang);
    default:
      return value;
  }
}

/** Formats rows on demand for one estimate, currency and language. */
export class RowFormatter {
  private readonly cache = new Map<number, RowCells>();

  constructor(
    private readonly rows: readonly EstimateRow[],
    readonly currency: string,
    readonly lang: UiLanguage,
  ) {}

  cells(index: number): RowCells | null {
    const hit = this.cache.get(index);
    if (hit) return hit;
    const row = this.rows[index];
    if (!row) return null;
    const text = {} as Record<TreeColumnKey, string>;
    for (const key of TREE_COLUMN_KEYS) text[key] = formatCell(row, key, this.currency, this.lang);
    const cells: RowCells = {
      text,
      mismatch: groupMismatch(row),
      computedTotal:
        row.type === 'group' && row.computed_total !== null
          ? formatMoney(row.computed_total, this.currency, this.lang)
          : '',
    };
    if (this.cache.size >= MAX_CACHED_ROWS) this.cache.clear();
    this.cache.set(index, cells);
    return cells;
  }
}
