import type ExcelJS from 'exceljs';
import type { UiLanguage } from '../../../src-shared/i18n/languages';
import { currencyDigits } from '../../../src-shared/money/currency';
import { excelMoneyFormat } from '../../../src-shared/money/format';
import { excelDateFormat, QUANTITY_DIGITS } from '../formats';
import { UNIT_PRICE_EXTRA_DIGITS } from '../../../src-shared/estimates/net';

export type Style = Partial<ExcelJS.Style>;

export interface Styles {
  /** The currency's minor-unit digits: money cells hold their values rounded to these. */
  digits: number;
  title: Style;
  label: Style;
  value: Style;
  date: Style;
  header: Style;
  headerRight: Style;
  text: Style;
  bold: Style;
  /** Item names by depth, plain and bold (groups). */
  name: Style[];
  nameBold: Style[];
  money: Style;
  moneyBold: Style;
  moneyTotal: Style;
  /** Money whose zero stays blank (a discount column where most lines have none). */
  moneyOrBlank: Style;
  moneyOrBlankBold: Style;
  unitPrice: Style;
  /**
   * The client's unit price, by the digits it has beyond the currency's (0 to 4: estimates/net.ts
   * `printedUnitPrice`): each cell shows exactly the digits the PDF prints.
   */
  clientUnitPrice: Style[];
  quantity: Style;
  rate: Style;
  totalsHeader: Style;
  /** Totals labels: right-aligned, so they stand right beside their figures. */
  totalsLabel: Style;
  totalsLabelBold: Style;
  warning: Style;
  /** Text that wraps in its cell (long names on the summary). */
  wrapped: Style;
  /** Text that must stay text (never read as a formula or a number). */
  textOnly: Style;
}

/**
 * Quantities with two decimals at least (a fraction of optional digits only shows 12 as "12."), up
 * to the quantity's own digits.
 */
const QUANTITY_FORMAT = `#,##0.${'0'.repeat(2)}${'#'.repeat(QUANTITY_DIGITS - 2)}`;

/**
 * One object per style, shared by every cell that has it: exceljs then maps it to its style id
 * through a WeakMap instead of serialising it again for each cell.
 */
export function makeStyles(language: UiLanguage, currency: string | null): Styles {
  const money = excelMoneyFormat(language, currency);
  const grey = { argb: 'FF4B5563' };
  const headerBase: Style = {
    font: { bold: true, color: { argb: 'FF111827' } },
    fill: { type: 'pattern', pattern: 'solid', fgColor: { argb: 'FFE5E7EB' } },
    border: { bottom: { style: 'thin', color: { argb: 'FF6B7280' } } },
    alignment: { vertical: 'middle', wrapText: true },
  };
  const name: Style[] = [];
  const nameBold: Style[] = [];
  for (let depth = 0; depth <= 15; depth++) {
    name.push({ alignment: { indent: depth } });
    nameBold.push({ font: { bold: true }, alignment: { indent: depth } });
  }
  return {
    digits: currencyDigits(currency),
    title: { font: { bold: true, size: 14 } },
    label: { font: { bold: true, color: grey } },
    value: {},
    date: { numFmt: excelDateFormat(language), alignment: { horizontal: 'left' } },
    header: headerBase,
    headerRight: { ...headerBase, alignment: { vertical: 'middle', horizontal: 'right', wrapText: true } },
    text: {},
    bold: { font: { bold: true } },
    name,
    nameBold,
    money: { numFmt: money },
    moneyBold: { numFmt: money, font: { bold: true } },
    moneyTotal: {
      numFmt: money,
      font: { bold: true },
      border: { top: { style: 'thin' }, bottom: { style: 'double' } },
    },
    moneyOrBlank: { numFmt: excelMoneyFormat(language, currency, { hideZero: true }) },
    moneyOrBlankBold: {
      numFmt: excelMoneyFormat(language, currency, { hideZero: true }),
      font: { bold: true },
    },
    unitPrice: { numFmt: excelMoneyFormat(language, currency, { extraDigits: 2 }) },
    clientUnitPrice: Array.from({ length: UNIT_PRICE_EXTRA_DIGITS + 1 }, (_, extra) => ({
      numFmt: excelMoneyFormat(language, currency, { extraDigits: extra }),
    })),
    quantity: { numFmt: QUANTITY_FORMAT },
    rate: { numFmt: '0.0#%' },
    totalsHeader: { font: { bold: true, color: grey }, alignment: { horizontal: 'right' } },
    totalsLabel: { alignment: { horizontal: 'right' } },
    totalsLabelBold: { font: { bold: true }, alignment: { horizontal: 'right' } },
    warning: { font: { color: { argb: 'FF9A3412' } } },
    wrapped: { alignment: { wrapText: true, vertical: 'top' } },
    textOnly: { numFmt: '@' },
  };
}
