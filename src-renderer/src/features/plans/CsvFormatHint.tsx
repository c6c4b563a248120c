import { LANGUAGE_NAMES } from '../../i18n/languages';
import { useT } from '../../i18n/store';
import { useDocumentDefaults } from '../estimates/use-document-defaults';

/**
 * What the rooms CSV is written as: the workspace's documents language, its separator and decimal
 * mark (so the user knows which spreadsheet opens it right).
 */
export function CsvFormatHint({ id }: { id: string }) {
  const t = useT();
  const defaults = useDocumentDefaults();
  if (!defaults) return null;
  return (
    <p id={id} className="rooms-csv-hint" data-testid="rooms-csv-format">
      {t('plan.csvFormat', {
        language: LANGUAGE_NAMES[defaults.language],
        separator: defaults.csv.separator,
        decimal: defaults.csv.decimal,
      })}
    </p>
  );
}
