import { columnSpec, EXPORT_COLUMNS, type ExportColumnKey } from '../../src-shared/estimates/columns';
import { TOTAL_FIELDS, type TotalField } from '../../src-shared/estimates/types';
import { translate } from '../../src-shared/i18n/catalogue';
import type { UiLanguage } from '../../src-shared/i18n/languages';

/** The words an exported document prints, by role, from the label catalogue (for reading documents back). */
export function documentLabels(lang: UiLanguage) {
  const t = (key: Parameters<typeof translate>[1]) => translate(lang, key);
  return {
    columns: Object.fromEntries(EXPORT_COLUMNS.map((c) => [c, t(columnSpec(c).docLabel)])) as Record<
      ExportColumnKey,
      string
    >,
    totals: Object.fromEntries(TOTAL_FIELDS.map((f) => [f, t(`totals.${f}`)])) as Record<TotalField, string>,
    totalsHeading: t('doc.totalsHeading'),
    calculated: t('doc.calculated'),
    perService: t('doc.perService'),
  };
}
