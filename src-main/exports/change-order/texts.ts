/**
 * The words of a change order, the same in the PDF and the workbook: what changed about a position
 * ("Quantity: 12 m² → 14 m²"), the introduction, the details of the title block, and the totals'
 * labels. Values are exact until formatted in the document's language.
 */
import { columnKind, columnSpec } from '../../../src-shared/estimates/columns';
import { unitText } from '../../../src-shared/estimates/units';
import type { Translate } from '../../../src-shared/i18n/catalogue';
import type { UiLanguage } from '../../../src-shared/i18n/languages';
import { Decimal } from '../../../src-shared/money/decimal';
import { minorUnitsText } from '../../../src-shared/estimates/quote-totals';
import { cleanText } from '../parties';
import { formatDate, formatDateTime, serviceDate, type Formats } from '../formats';
import type { ChangeNote, ChangeOrder, ChangeOrderLine } from './model';

const NONE = '—';

/** Each language's quotation marks (French ones with their no-break spaces). */
const QUOTES: Record<UiLanguage, [string, string]> = {
  'en-US': ['“', '”'],
  'de-DE': ['„', '“'],
  'fr-FR': ['«\u00a0', '\u00a0»'],
  'pt-PT': ['«', '»'],
  'es-ES': ['«', '»'],
};

/** Text in the language's quotation marks. */
export function quoted(text: string, language: UiLanguage): string {
  const [open, close] = QUOTES[language];
  return `${open}${text}${close}`;
}

function shortText(value: string | null, language: UiLanguage): string {
  const text = cleanText(value ?? '', 200)
    .replace(/\s+/g, ' ')
    .trim();
  if (text === '') return NONE;
  return quoted(text.length > 60 ? `${text.slice(0, 59)}…` : text, language);
}

function valueText(
  note: Extract<ChangeNote, { kind: 'field' }>,
  value: string | null,
  unit: string | null,
  t: Translate,
  f: Formats,
  language: UiLanguage,
): string {
  if (value === null) return NONE;
  const kind = columnKind(note.field);
  if (kind === 'text') return note.field === 'unit' ? unitText(value, t) || NONE : shortText(value, language);
  const d = Decimal.tryParse(value);
  if (d === null) return value;
  if (kind === 'quantity') return [f.quantity.format(d), unitText(unit, t)].filter(Boolean).join(' ');
  if (kind === 'rate') return f.rate.format(d);
  return (note.field === 'net_unit_price' ? f.unitPrice : f.money).format(d);
}

/** Each change of a line in words; a new position's quantity, unit and unit price. */
export function noteTexts(line: ChangeOrderLine, t: Translate, f: Formats, language: UiLanguage): string[] {
  return line.notes.map((note) => {
    if (note.kind === 'moved') {
      return t('doc.changeMoved', { from: note.from || t('doc.topLevel'), to: note.to || t('doc.topLevel') });
    }
    if (note.kind === 'added') {
      const number = (v: string | null) => (v === null ? null : Decimal.tryParse(v));
      const quantity = [f.quantity.format(number(note.quantity)), unitText(note.unit, t)]
        .filter(Boolean)
        .join(' ');
      return t('doc.addedPosition', {
        quantity: quantity || NONE,
        price: note.unitPrice === null ? NONE : f.unitPrice.format(number(note.unitPrice)),
      });
    }
    return t('doc.fieldChange', {
      field: t(columnSpec(note.field).label),
      from: valueText(note, note.from, line.unit.from, t, f, language),
      to: valueText(note, note.to, line.unit.to, t, f, language),
    });
  });
}

/** "New" or "Removed" for a line that is one of those. */
export function kindText(line: ChangeOrderLine, t: Translate): string | null {
  if (line.kind === 'added') return t('doc.changeNew');
  if (line.kind === 'removed') return t('doc.changeRemoved');
  return null;
}

/** A version by when the service last changed it (when PlanDesk fetched it only if the service never said). */
function sideDate(order: ChangeOrder, side: 'from' | 'to'): string {
  const ref = order[side];
  return formatDateTime(order.opts.language, ref.modified ?? ref.fetchedAt);
}

/** The sentence under the title block. */
export function introText(order: ChangeOrder, t: Translate): string {
  const number = (side: 'from' | 'to') =>
    cleanText(order[side].uniqueIdentifier ?? order[side].estimateName, 200);
  if (!order.sameEstimate) {
    return t('doc.changeOrderIntroEstimates', {
      from: [number('from'), cleanText(order.from.estimateName, 200)].filter(Boolean).join(' – '),
      to: [number('to'), cleanText(order.to.estimateName, 200)].filter(Boolean).join(' – '),
    });
  }
  // The user's name for a version is theirs ("cheaper variant for haggling"): internal documents only.
  const name =
    order.opts.kind === 'internal' && order.from.name
      ? ` (${quoted(cleanText(order.from.name, 120), order.opts.language)})`
      : '';
  return t('doc.changeOrderIntro', { number: number('to'), date: `${sideDate(order, 'from')}${name}` });
}

/**
 * The change order's own number: the quote's number and the day the service last changed the
 * estimate ("A-2025-0042-20251117"), so two change orders of one quote are told apart by the version
 * they bring, and the same change order made twice gets the same number.
 */
export function changeOrderNumber(order: ChangeOrder): string {
  const quote = cleanText(order.estimate.unique_identifier ?? order.to.uniqueIdentifier, 200);
  const day = serviceDate(order.to.modified ?? order.estimate.modified ?? order.to.fetchedAt);
  const stamp = day ? day.toISOString().slice(0, 10).replace(/-/g, '') : '';
  return [quote, stamp].filter(Boolean).join('-');
}

/**
 * The details beside the title: the change order's number, the quote it changes, its date, the
 * version it compares with, the currency.
 */
export function metaPairs(order: ChangeOrder, t: Translate): [string, string][] {
  const pairs: [string, string][] = [
    [t('doc.changeOrderNumber'), changeOrderNumber(order)],
    [t('doc.forQuote'), cleanText(order.estimate.unique_identifier, 200)],
    [t('doc.date'), formatDate(order.opts.language, order.madeAt)],
    [t('doc.changesSince'), sideDate(order, 'from')],
    [t('doc.currency'), cleanText(order.estimate.currency, 20)],
  ];
  return pairs.filter(([, v]) => v !== '');
}

/** Minor units as exact decimal text. */
export function minorDecimal(order: ChangeOrder, value: bigint): Decimal {
  return Decimal.parse(minorUnitsText(value, order.digits));
}

export interface TotalsFigure {
  label: string;
  /** In minor units. */
  value: bigint;
  kind: 'previous' | 'lines' | 'vat' | 'rounding' | 'change' | 'new';
  /** VAT lines: the change of the base. */
  base?: bigint;
}

/**
 * The totals block: the previous total, the lines' differences, VAT by rate on the difference, a
 * rounding line when needed, the total change and the new total. The figures add up as printed.
 */
export function totalsFigures(order: ChangeOrder, t: Translate, f: Formats): TotalsFigure[] {
  const money = (v: bigint) => f.money.formatMinor(v);
  const figures: TotalsFigure[] = [
    { label: t('doc.previousTotal'), value: order.previous.gross, kind: 'previous' },
    { label: t('doc.changesNet'), value: order.linesTotal, kind: 'lines' },
  ];
  for (const v of order.vat) {
    figures.push({
      label: t('doc.vatOn', { rate: f.rate.format(v.rate), base: money(v.base) }),
      value: v.amount,
      kind: 'vat',
      base: v.base,
    });
  }
  if (order.rounding !== 0n)
    figures.push({ label: t('doc.rounding'), value: order.rounding, kind: 'rounding' });
  figures.push({ label: t('doc.totalChange'), value: order.grossChange, kind: 'change' });
  figures.push({ label: t('doc.newTotal'), value: order.next.gross, kind: 'new' });
  return figures;
}

/** The document's title for its footer and file properties: "Change order E2026…-20251117". */
export function documentTitle(order: ChangeOrder, t: Translate): string {
  return [t('doc.changeOrder'), changeOrderNumber(order)].filter(Boolean).join(' ');
}
