/**
 * An estimate's document with what everything that shows or writes it works out first: its rows in
 * tree order and its client totals. Worked out once per read: an export's read makes them for the
 * list's totals and keeps them for the writer on the same thread (exports/prepared-documents.ts),
 * and a workbook's summary and sheets share them.
 */
import { quoteTotals, type QuoteTotals } from '../../src-shared/estimates/quote-totals';
import type { EstimateDocument, EstimateRow } from '../../src-shared/estimates/types';
import { currencyDigits } from '../../src-shared/money/currency';
import { flattenTree } from './flatten';

export interface EstimateParts {
  doc: EstimateDocument;
  rows: EstimateRow[];
  quote: QuoteTotals;
}

export function estimateParts(doc: EstimateDocument): EstimateParts {
  const rows = flattenTree(doc.tree);
  const quote = quoteTotals(rows, doc.service_totals ?? {}, currencyDigits(doc.estimate?.currency));
  return { doc, rows, quote };
}

/** A writer's input either way: parts worked out before, or a document to work them out of. */
export function partsOf(estimate: EstimateDocument | EstimateParts): EstimateParts {
  return isParts(estimate) ? estimate : estimateParts(estimate);
}

function isParts(e: EstimateDocument | EstimateParts): e is EstimateParts {
  return 'doc' in e && 'rows' in e && 'quote' in e;
}
