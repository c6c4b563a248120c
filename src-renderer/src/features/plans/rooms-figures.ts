import type { MeasureCell, MeasureColumn } from '../../../../src-shared/plans/types';
import { tableDecimals, type Dimension, type UnitSystem } from '../../../../src-shared/plans/units';
import { formatNumber } from '../../i18n/format';
import type { UiLanguage } from '../../i18n/languages';

/*
 * The rooms table's figures with one number of decimals per column, the totals row included: the
 * decimals come from the plan's unit system (units.ts tableDecimals), and a total is the sum of the
 * figures as shown, so the column adds up on a calculator.
 */

const DIMENSIONS: Record<MeasureColumn, Dimension> = {
  area: 'area',
  wallArea: 'area',
  perimeter: 'length',
  ceilingHeight: 'length',
  volume: 'volume',
};

export function columnDecimals(column: MeasureColumn, system: UnitSystem | null): number {
  return tableDecimals(DIMENSIONS[column], system);
}

function fixed(value: number, decimals: number, lang: UiLanguage): string {
  return formatNumber(value, lang, { minimumFractionDigits: decimals, maximumFractionDigits: decimals });
}

const plain = new Map<number, Intl.NumberFormat>();

/**
 * A figure as shown, in units of its last decimal: rounded by the same Intl rounding that writes it
 * (half away from zero on its decimal text: 1.005 shows 1.01, where Math.round(1.005 × 100) is 100).
 */
function shownUnits(value: number, decimals: number): number {
  let f = plain.get(decimals);
  if (!f) {
    f = new Intl.NumberFormat('en-US', {
      useGrouping: false,
      minimumFractionDigits: decimals,
      maximumFractionDigits: decimals,
    });
    plain.set(decimals, f);
  }
  return Number(f.format(value).replace('.', ''));
}

/**
 * A cell as shown: its number with the column's decimals and its unit; the service's text where it
 * gave no number (or a unit PlanDesk cannot read); null when there is nothing.
 */
export function figureText(cell: MeasureCell, decimals: number, lang: UiLanguage): string | null {
  if (cell.value !== null && Number.isFinite(cell.value)) {
    if (cell.formatted && !cell.unit) return cell.formatted;
    const number = fixed(cell.value, decimals, lang);
    return cell.unit ? `${number}\u00a0${cell.unit}` : number;
  }
  return cell.text;
}

/**
 * The column's total as shown: the sum of its cells' figures as shown, added in units of the last
 * decimal shown (whole numbers: no binary fractions). For the rooms table and the costs per room.
 */
export function totalText(
  cells: readonly MeasureCell[],
  unit: string | null,
  decimals: number,
  lang: UiLanguage,
): string {
  let units = 0;
  for (const { value } of cells) {
    if (value !== null && Number.isFinite(value)) units += shownUnits(value, decimals);
  }
  const number = fixed(units / 10 ** decimals, decimals, lang);
  return unit ? `${number}\u00a0${unit}` : number;
}
