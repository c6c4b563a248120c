import type { Content, TableCell } from 'pdfmake/interfaces';
import type { EstimateDocument, EstimateRow, TotalField } from '../../../src-shared/estimates/types';
import type { Translate } from '../../../src-shared/i18n/catalogue';
import { amountOrNull } from '../../../src-shared/money/amounts';
import type { Decimal } from '../../../src-shared/money/decimal';
import type { ResolvedExportOptions } from '../options';
import { singleTaxRate } from '../sums';
import type { Formats } from './formats';
import { COLORS, pdfText } from './text';

/** The service's figure (its own totals), else the one computed from the items. */
export function totalFigure(doc: EstimateDocument, field: TotalField): Decimal | null {
  return amountOrNull(doc.service_totals?.[field]) ?? amountOrNull(doc.computed_totals?.[field]);
}

/** The totals block, right-aligned under the table and kept on one page. */
export function totalsBlock(
  doc: EstimateDocument,
  rows: readonly EstimateRow[],
  opts: ResolvedExportOptions,
  t: Translate,
  formats: Formats,
): Content {
  const figure = (field: TotalField): Decimal | null => totalFigure(doc, field);
  const lines: { label: string; value: Decimal | null; strong?: boolean }[] = [];
  if (opts.columns.includes('total_cost'))
    lines.push({ label: t('totals.costs_total'), value: figure('costs_total') });
  const markup = figure('markup_total');
  if (opts.columns.includes('markup') && markup && !markup.isZero()) {
    lines.push({ label: t('totals.markup_total'), value: markup });
  }
  const discount = figure('discount_total');
  if (discount && !discount.isZero())
    lines.push({ label: t('totals.discount_total'), value: discount.neg() });
  lines.push({ label: t('totals.subtotal_without_tax'), value: figure('subtotal_without_tax') });
  const rate = singleTaxRate(rows);
  lines.push({
    label:
      rate && !rate.isZero()
        ? t('doc.taxWithRate', { rate: formats.rate.format(rate) })
        : t('totals.tax_total'),
    value: figure('tax_total'),
  });
  lines.push({ label: t('totals.total'), value: figure('total'), strong: true });
  const body: TableCell[][] = lines.map((l) => [
    { text: pdfText(l.label), bold: l.strong === true, fontSize: l.strong ? 11 : 9 },
    {
      text: pdfText(formats.money.format(l.value)),
      bold: l.strong === true,
      fontSize: l.strong ? 11 : 9,
      alignment: 'right',
      noWrap: true,
    },
  ]);
  return {
    columns: [
      { width: '*', text: '' },
      {
        width: 'auto',
        table: { widths: ['auto', 'auto'], body, dontBreakRows: true },
        layout: {
          hLineWidth: (i: number, node: { table: { body: unknown[] } }) =>
            i === node.table.body.length - 1 ? 1 : i === node.table.body.length ? 1.5 : 0,
          vLineWidth: () => 0,
          hLineColor: () => COLORS.text,
          paddingLeft: (i: number) => (i === 0 ? 0 : 24),
          paddingRight: () => 0,
          paddingTop: () => 2,
          paddingBottom: () => 2,
        },
      },
    ],
    margin: [0, 4, 0, 14],
    unbreakable: true,
  };
}
