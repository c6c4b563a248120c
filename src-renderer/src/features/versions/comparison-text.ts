/**
 * A comparison in words for the screen: each changed field as "Quantity: 22.75 m² → 17.25 m²" (money,
 * rates and quantities from their exact text, in the UI language), what a row's change is, and how a
 * version is named ("Version 3 of 12 May 2026 · sent to client").
 */
import { isExportColumn } from '../../../../src-shared/estimates/columns';
import type {
  ComparedField,
  ComparisonRow,
  FieldChange,
  VersionRef,
} from '../../../../src-shared/versions/types';
import { formatDateTime, formatMoney, formatNumber, formatPercent } from '../../i18n/format';
import type { UiLanguage } from '../../i18n/languages';
import type { MessageKey } from '../../i18n/messages';
import type { TFunction } from '../../i18n/store';
import { columnLabel, displayKind } from '../estimates/columns';
import { percentFromDecimal } from '../estimates/figures';

const NONE = '—';

const OTHER_FIELDS: Partial<Record<ComparedField, MessageKey>> = {
  type: 'compare.field.type',
  category: 'compare.field.category',
  location: 'compare.field.location',
};

export function fieldLabel(field: ComparedField, t: TFunction): string {
  if (isExportColumn(field)) return t(columnLabel(field));
  return t(OTHER_FIELDS[field] ?? 'compare.field.type');
}

export function fieldValue(
  field: ComparedField,
  value: string | null,
  unit: string | null,
  currency: string,
  lang: UiLanguage,
): string {
  if (value === null || value === '') return NONE;
  const kind = isExportColumn(field) ? displayKind(field) : 'text';
  if (kind === 'money') return formatMoney(value, currency, lang);
  if (kind === 'rate') return formatPercent(percentFromDecimal(value) ?? value, lang);
  if (kind === 'quantity') return [formatNumber(value, lang), unit].filter(Boolean).join(' ');
  return value.length > 80 ? `“${value.slice(0, 79)}…”` : `“${value}”`;
}

export function fieldChangeText(
  field: ComparedField,
  change: FieldChange,
  row: Pick<ComparisonRow, 'unit' | 'fields'>,
  currency: string,
  lang: UiLanguage,
  t: TFunction,
): string {
  const unitFrom = row.fields.unit?.from ?? row.unit;
  return t('compare.fieldChange', {
    field: fieldLabel(field, t),
    from: fieldValue(field, change.from, unitFrom, currency, lang),
    to: fieldValue(field, change.to, row.unit, currency, lang),
  });
}

/** Every change of a row, one line each (the detail panel). */
export function changeLines(row: ComparisonRow, currency: string, lang: UiLanguage, t: TFunction): string[] {
  const lines: string[] = [];
  if (row.kind === 'added') lines.push(t('compare.kind.added'));
  if (row.kind === 'removed') lines.push(t('compare.kind.removed'));
  for (const [field, change] of Object.entries(row.fields) as [ComparedField, FieldChange][]) {
    lines.push(fieldChangeText(field, change, row, currency, lang, t));
  }
  if (row.moved) {
    lines.push(
      t('compare.movedFromTo', {
        from: row.moved.fromPath || t('compare.topLevel'),
        to: row.moved.toPath || t('compare.topLevel'),
      }),
    );
  }
  if (row.matchedBy === 'code-name') lines.push(t('compare.matchedByCodeName'));
  return lines;
}

/**
 * The one line a row shows in the tree: its changes without the kind (shown as a label beside it);
 * a group's total is left out (its subtotals are in the row's figures).
 */
export function changeSummary(row: ComparisonRow, currency: string, lang: UiLanguage, t: TFunction): string {
  const { total: _total, ...own } = row.fields;
  return changeLines(row.type === 'group' ? { ...row, fields: own } : row, currency, lang, t)
    .filter((line) => line !== t('compare.kind.added') && line !== t('compare.kind.removed'))
    .join(' · ');
}

/**
 * "Version 3 of 12 May 2026, 10:04 · sent to client" — dated by when the service last changed the
 * estimate (its `modified`; when PlanDesk fetched it only if the service never said) — or the
 * estimate's name for two estimates.
 */
export function versionLabel(ref: VersionRef, lang: UiLanguage, t: TFunction, withEstimate: boolean): string {
  const parts: string[] = [];
  if (withEstimate) parts.push([ref.uniqueIdentifier, ref.estimateName].filter(Boolean).join(' '));
  if (ref.seq !== null) {
    parts.push(
      t('compare.versionLabel', { seq: ref.seq, date: formatDateTime(ref.modified ?? ref.fetchedAt, lang) }),
    );
  }
  if (ref.name) parts.push(t('common.quoted', { text: ref.name }));
  return parts.join(' · ');
}

/** "+1.234,50 €" / "-75,68 €" / "0,00 €": a difference with its sign. */
export function signedMoney(delta: string, currency: string, lang: UiLanguage): string {
  const text = delta.trim();
  if (/^[+-]?0*(\.0*)?$/.test(text)) return formatMoney('0', currency, lang);
  const formatted = formatMoney(text, currency, lang);
  return text.startsWith('-') ? formatted : `+${formatted}`;
}
