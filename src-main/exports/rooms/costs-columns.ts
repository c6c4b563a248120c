/**
 * The costs per room as a sheet's columns: the screen's table (src-shared/plans/rooms-costs-table.ts)
 * with a cell of the right kind for each figure. A measure is a number where the plan's figures are
 * (its unit, when they all share one, in the header), else the service's text; counts, quantities and
 * money are numbers; a note says why a room has no amount. Nothing here rounds money of its own: a
 * row's amount is the model's printed one (`netShown`, at the currency's digits, apportioned).
 */
import { unitText } from '../../../src-shared/estimates/units';
import type { Translate } from '../../../src-shared/i18n/catalogue';
import { Decimal } from '../../../src-shared/money/decimal';
import { visibleText } from '../../../src-shared/plans/match-text';
import type { CostsTable, CostsTableRow } from '../../../src-shared/plans/rooms-costs-table';
import type { RoomMeasureKey, RoomsCosts } from '../../../src-shared/plans/rooms-costs-types';
import { cellNumber, cellText, type CellSpec } from '../excel/cells';
import type { Style, Styles } from '../excel/styles';
import { QUANTITY_DIGITS } from '../formats';

export type SheetColumnKind = 'text' | 'number' | 'money' | 'note';

export interface SheetColumn {
  /** The screen table's column key ("positions", "net", …), or "note". */
  key: string;
  header: string;
  kind: SheetColumnKind;
  /** The cell of one row; undefined leaves it empty. */
  cell: (row: CostsTableRow) => CellSpec | undefined;
  /** What the totals row's SUM of this column comes to (the cells' own values added up); null: no sum. */
  total: number | null;
  /** The widest text in the column, in characters (for its width). */
  width: number;
  /** The number format of its figures (the totals row takes it too). */
  numFmt?: string;
}

/** Decimals of a measure (area, wall area, perimeter), as the plan's own formatted figures have them. */
const MEASURE_DIGITS = 2;
const MEASURE_FORMAT = `#,##0.${'0'.repeat(MEASURE_DIGITS)}`;
const MEASURES: readonly RoomMeasureKey[] = ['area', 'wallArea', 'perimeter'];

/** The values a column's cells hold, added up exactly (decimal text in, the sum as a cell number out). */
function sumOf(values: readonly (number | null)[]): number {
  return Number(Decimal.sum(values.flatMap((v) => (v === null ? [] : [Decimal.of(v)]))).toString());
}

export function costsColumns(
  costs: RoomsCosts,
  table: CostsTable,
  t: Translate,
  styles: Styles,
): SheetColumn[] {
  const rows = table.rows;
  const measureStyle: Style = { numFmt: MEASURE_FORMAT };
  const columns: SheetColumn[] = [];
  const text = (key: string, header: string, of: (r: CostsTableRow) => string | null): SheetColumn => {
    const values = rows.map(of);
    return {
      key,
      header,
      kind: 'text',
      // Text stays text: a room called "=SUM(…)" never becomes a formula.
      cell: (r) => {
        const v = cellText(of(r));
        return v === null ? undefined : { v, s: styles.textOnly };
      },
      total: null,
      width: Math.max(header.length, ...values.map((v) => (v ?? '').length)),
    };
  };
  const numbers = (
    key: string,
    header: string,
    of: (r: CostsTableRow) => number | null,
    style: Style,
    summed: boolean,
  ): SheetColumn => {
    const values = rows.map(of);
    return {
      key,
      header,
      kind: 'number',
      cell: (r) => {
        const v = of(r);
        return v === null ? undefined : { v, s: style };
      },
      total: summed && values.some((v) => v !== null) ? sumOf(values) : null,
      width: Math.max(header.length, ...values.map((v) => (v === null ? 0 : String(v).length + 4))),
      ...(style.numFmt ? { numFmt: style.numFmt } : {}),
    };
  };

  columns.push(text('floor', t('plan.colFloor'), (r) => (r.floor === null ? null : visibleText(r.floor))));
  columns.push(
    text('room', t('plan.colName'), (r) =>
      r.kind === 'not-on-plan' ? t('roomsCosts.notOnPlan') : visibleText(r.name ?? t('plan.unnamedRoom')),
    ),
  );
  for (const key of MEASURES) {
    const label = t(table.columns.find((c) => c.key === key)!.label);
    const unit = costs.plan?.measures.units[key] ?? { mode: 'text', unit: null };
    const summed = costs.plan?.measures.totals[key] !== undefined;
    if (unit.mode === 'text') {
      columns.push(text(key, label, (r) => r.measures?.[key].text ?? null));
    } else {
      const header = unit.mode === 'numeric-unit' && unit.unit ? `${label} (${unit.unit})` : label;
      columns.push(numbers(key, header, (r) => r.measures?.[key].value ?? null, measureStyle, summed));
    }
  }
  columns.push(numbers('doors', t('plan.doors'), (r) => r.measures?.doors ?? null, {}, true));
  columns.push(numbers('windows', t('plan.windows'), (r) => r.measures?.windows ?? null, {}, true));
  columns.push(numbers('positions', t('roomsCosts.colPositions'), (r) => r.positions, {}, true));
  table.units.forEach((unit, i) => {
    const header = `${t('roomsCosts.colQuantity')} (${unitText(unit, t) || t('roomsCosts.noUnit')})`;
    columns.push(
      numbers(
        `quantity-${i}`,
        header,
        (r) => cellNumber(r.quantities[i], QUANTITY_DIGITS),
        styles.quantity,
        true,
      ),
    );
  });
  const net = (r: CostsTableRow) => (r.kind === 'not-priced' ? null : cellNumber(r.netShown, costs.digits));
  columns.push({ ...numbers('net', t('roomsCosts.colNet'), net, styles.money, true), kind: 'money' });
  columns.push(noteColumn(costs, rows, t));
  return columns;
}

/** Why a room has no amount: not priced, and why no position can name it when that is so. */
function noteColumn(costs: RoomsCosts, rows: readonly CostsTableRow[], t: Translate): SheetColumn {
  const note = (r: CostsTableRow): string | null => {
    if (r.kind !== 'not-priced' || r.room === null) return null;
    const problem = costs.rooms[r.room]!.nameProblem;
    const why =
      problem === 'unnamed'
        ? t('roomsCosts.unnamedNote')
        : problem === 'hidden-characters'
          ? t('roomsCosts.hiddenNameNote')
          : null;
    return why ? `${t('roomsCosts.notPriced')}. ${why}` : t('roomsCosts.notPriced');
  };
  const header = t('roomsCosts.colNote');
  return {
    key: 'note',
    header,
    kind: 'note',
    cell: (r) => {
      const v = note(r);
      return v === null ? undefined : { v, s: NOTE };
    },
    total: null,
    width: Math.max(header.length, ...rows.map((r) => (note(r) ?? '').length)),
  };
}

const NOTE: Style = { font: { italic: true, color: { argb: 'FF4B5563' } } };
