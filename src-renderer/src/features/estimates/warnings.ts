/**
 * The estimate's warnings in the UI language. Main's `message` is English and meant for logs and
 * support; the screen builds its own sentence per code, naming the item and, for mismatches, both
 * figures formatted for the estimate's currency.
 */
import {
  TOTAL_FIELDS,
  type EstimateWarning,
  type TotalField,
  type EstimateRow,
  type EstimateView,
} from '../../../../src-shared/estimates/types';
import { formatMoney } from '../../i18n/format';
import type { UiLanguage } from '../../i18n/languages';
import { translate, type MessageKey } from '../../i18n/messages';

export const TOTAL_LABEL: Record<TotalField, MessageKey> = {
  labor_costs_total: 'totals.labor_costs_total',
  equipment_costs_total: 'totals.equipment_costs_total',
  material_costs_total: 'totals.material_costs_total',
  other_costs_total: 'totals.other_costs_total',
  costs_total: 'totals.costs_total',
  markup_total: 'totals.markup_total',
  discount_total: 'totals.discount_total',
  subtotal_without_tax: 'totals.subtotal_without_tax',
  tax_total: 'totals.tax_total',
  total: 'totals.total',
};

const ITEM_WARNING_KEYS: Partial<Record<EstimateWarning['code'], MessageKey>> = {
  orphan: 'warning.orphan',
  cycle: 'warning.cycle',
  'unknown-type': 'warning.unknown-type',
  'group-with-quantities': 'warning.group-with-quantities',
  'duplicate-id': 'warning.duplicate-id',
};

/** The estimate total a `totals-mismatch` warning is about, read from main's message ("Estimate total: …"). */
export function totalsFieldOf(warning: EstimateWarning): TotalField | null {
  if (warning.code !== 'totals-mismatch') return null;
  const m = /^Estimate (\w+):/.exec(warning.message ?? '');
  const field = m?.[1];
  return field && (TOTAL_FIELDS as readonly string[]).includes(field) ? (field as TotalField) : null;
}

/** How a warning names an item: "01.02 Kitchen", or the id when it has neither code nor name. */
export function itemLabel(row: Pick<EstimateRow, 'id' | 'code' | 'name'> | undefined, id: string): string {
  if (!row) return id;
  const label = [row.code, row.name]
    .filter((s) => s !== null && s !== undefined && s.trim() !== '')
    .join(' ');
  return label || id;
}

/** Row index by item id; built once per estimate, only when there are warnings to resolve. */
export function indexById(rows: readonly EstimateRow[]): Map<string, number> {
  const map = new Map<string, number>();
  for (let i = 0; i < rows.length; i++) {
    const id = rows[i]!.id;
    if (!map.has(id)) map.set(id, i);
  }
  return map;
}

export interface WarningContext {
  view: Pick<EstimateView, 'rows' | 'service_totals' | 'computed_totals'>;
  ids: Map<string, number>;
  currency: string;
  lang: UiLanguage;
}

/** The warning as a sentence in the UI language. */
export function warningText(warning: EstimateWarning, ctx: WarningContext): string {
  const { view, ids, currency, lang } = ctx;
  const money = (value: string | null | undefined) => (value ? formatMoney(value, currency, lang) : '—');
  const index = warning.item_id !== undefined ? ids.get(warning.item_id) : undefined;
  const row = index !== undefined ? view.rows[index] : undefined;
  const item = warning.item_id !== undefined ? itemLabel(row, warning.item_id) : '';

  switch (warning.code) {
    case 'group-total-mismatch':
      return translate(lang, 'warning.group-total-mismatch', {
        item,
        service: money(row?.total),
        computed: money(row?.computed_total),
      });
    case 'totals-mismatch': {
      const field = totalsFieldOf(warning);
      if (!field) return translate(lang, 'warning.totals-mismatch-general');
      return translate(lang, 'warning.totals-mismatch', {
        field: translate(lang, TOTAL_LABEL[field]),
        service: money(view.service_totals[field]),
        computed: money(view.computed_totals[field]),
      });
    }
    default: {
      const key = ITEM_WARNING_KEYS[warning.code];
      return key ? translate(lang, key, { item: item || '—' }) : warning.message;
    }
  }
}
