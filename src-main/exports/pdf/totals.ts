import type { Content, TableCell } from 'pdfmake/interfaces';
import type { EstimateDocument, TotalField } from '../../../src-shared/estimates/types';
import type { QuoteTotals } from '../../../src-shared/estimates/quote-totals';
import type { Translate } from '../../../src-shared/i18n/catalogue';
import { amountOrNull } from '../../../src-shared/money/amounts';
import type { Decimal } from '../../../src-shared/money/decimal';
import type { ResolvedExportOptions } from '../options';
import type { Formats } from '../formats';
import { COLORS, pdfText } from './text';

/** The service's figure (its own totals), else the one computed from the items. */
export function totalFigure(doc: EstimateDocument, field: TotalField): Decimal | null {
  return amountOrNull(doc.service_totals?.[field]) ?? amountOrNull(doc.computed_totals?.[field]);
}

/** One line of a totals block: a label and its figure (the last, strong one is the total). */
export interface TotalsLine {
  label: string;
  value: string;
  strong?: boolean;
  muted?: boolean;
}

/**
 * The totals block, right-aligned under the table and kept on one page: in an internal document the
 * costs and markup first; then for everyone the net subtotal, VAT per rate on its base, a rounding
 * line when one is needed, and the gross total. Every figure is printed as `quote` computed it, so
 * the block adds up as printed.
 */
export function totalsBlock(
  doc: EstimateDocument,
  quote: QuoteTotals,
  opts: ResolvedExportOptions,
  t: Translate,
  formats: Formats,
): Content {
  const money = (minor: bigint): string => formats.money.formatMinor(minor);
  const lines: TotalsLine[] = [];
  if (opts.kind === 'internal') {
    const figure = (field: TotalField): Decimal | null => totalFigure(doc, field);
    const costs = figure('costs_total');
    const markup = figure('markup_total');
    const discount = figure('discount_total');
    if (costs)
      lines.push({ label: t('totals.costs_total'), value: formats.money.format(costs), muted: true });
    if (markup && !markup.isZero())
      lines.push({ label: t('totals.markup_total'), value: formats.money.format(markup), muted: true });
    if (discount && !discount.isZero())
      lines.push({
        label: t('totals.discount_total'),
        value: formats.money.format(discount.neg()),
        muted: true,
      });
  }
  lines.push({ label: t('doc.netSubtotal'), value: money(quote.net) });
  for (const vat of quote.vat) {
    lines.push({
      label: t('doc.vatOn', { rate: formats.rate.format(vat.rate), base: money(vat.base) }),
      value: money(vat.amount),
    });
  }
  if (quote.rounding !== 0n) lines.push({ label: t('doc.rounding'), value: money(quote.rounding) });
  lines.push({ label: t('doc.grossTotal'), value: money(quote.gross), strong: true });

  return totalsTable(lines);
}

/** Totals lines right-aligned under a table, kept on one page, the strong total ruled above and below. */
export function totalsTable(lines: readonly TotalsLine[]): Content {
  const body: TableCell[][] = lines.map((l) => [
    {
      text: pdfText(l.label),
      bold: l.strong === true,
      fontSize: l.strong ? 11 : 9,
      color: l.muted ? COLORS.muted : undefined,
    },
    {
      text: pdfText(l.value),
      bold: l.strong === true,
      fontSize: l.strong ? 11 : 9,
      color: l.muted ? COLORS.muted : undefined,
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
