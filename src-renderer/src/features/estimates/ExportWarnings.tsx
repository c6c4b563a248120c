import type { ExportWarning } from '../../../../src-shared/exports/warnings';
import { exportWarningText } from '../../../../src-shared/exports/warnings';
import { useLang, useT } from '../../i18n/store';

/**
 * What the user should know about a document just written (no currency, several currencies, an image
 * left out: it was written all the same), in their words; nothing when there is nothing.
 */
export function ExportWarnings({ warnings }: { warnings: readonly ExportWarning[] | undefined }) {
  const t = useT();
  const lang = useLang();
  if (!warnings || warnings.length === 0) return null;
  return (
    <ul className="export-warnings" data-testid="export-warnings">
      {warnings.map((w, i) => (
        <li key={i}>{exportWarningText(w, t, lang)}</li>
      ))}
    </ul>
  );
}
