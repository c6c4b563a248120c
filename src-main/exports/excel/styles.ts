import type ExcelJS from 'exceljs';
import type { UiLanguage } from '../../../src-shared/i18n/languages';
import { currencyInfo, excelDateFormat } from '../formats';

export type Style = Partial<ExcelJS.Style>;

export interface Styles {
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
  unitPrice: Style;
  quantity: Style;
  rate: Style;
  totalsHeader: Style;
  /** Totals labels: right-aligned, so they stand right beside their figures. */
  totalsLabel: Style;
  totalsLabelBold: Style;
  warning: Style;
}

/** Excel number format for money in this currency: `#,##0.00 "€"`, `"$"#,##0.00`, or plain. */
function moneyFormat(language: UiLanguage, currency: string | null, extraDigits: number): string {
  const info = currencyInfo(language, currency);
  const digits = info ? info.digits : 2;
  const number =
    '#,##0' + (digits + extraDigits > 0 ? '.' + '0'.repeat(digits) + '#'.repeat(extraDigits) : '');
  if (!info) return number;
  const symbol = `"${info.symbol.replace(/"/g, '')}"`;
  return info.prefix
    ? `${symbol}${info.gap ? '" "' : ''}${number}`
    : `${number}${info.gap ? '" "' : ''}${symbol}`;
}

/**
 * One object per style, shared by every cell that has it: exceljs then maps it to its style id
 * through a WeakMap instead of serialising it again for each cell.
 */
export function makeStyles(language: UiLanguage, currency: string | null): Styles {
  const money = moneyFormat(language, currency, 0);
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
    unitPrice: { numFmt: moneyFormat(language, currency, 2) },
    quantity: { numFmt: '#,##0.00#' },
    rate: { numFmt: '0.0#%' },
    totalsHeader: { font: { bold: true, color: grey }, alignment: { horizontal: 'right' } },
    totalsLabel: { alignment: { horizontal: 'right' } },
    totalsLabelBold: { font: { bold: true }, alignment: { horizontal: 'right' } },
    warning: { font: { color: { argb: 'FF9A3412' } } },
  };
}
