import { Button } from '../../components/Button';
import { Notice } from '../../components/Notice';
import { formatNumber } from '../../i18n/format';
import { useLang, useT } from '../../i18n/store';

/**
 * Before a PDF of hundreds of pages is written (main counted them: more than LARGE_PDF_PAGES): how
 * many pages it would have, and the Excel workbook offered instead. Nothing was written yet; the
 * user picks one, or closes the dialog.
 */
export function LargePdfWarning({
  pages,
  disabled,
  onExcel,
  onPdf,
}: {
  pages: number;
  disabled: boolean;
  onExcel: () => void;
  onPdf: () => void;
}) {
  const t = useT();
  const lang = useLang();
  return (
    <Notice
      tone="warning"
      testId="export-large-pdf"
      className="export-large-pdf"
      actions={
        <>
          <Button
            variant="primary"
            disabled={disabled}
            onClick={onExcel}
            data-testid="export-large-pdf-excel"
          >
            {t('export.largePdfExcel')}
          </Button>
          <Button disabled={disabled} onClick={onPdf} data-testid="export-large-pdf-anyway">
            {t('export.largePdfAnyway')}
          </Button>
        </>
      }
    >
      {t('export.largePdf', { pages: formatNumber(pages, lang) })}
    </Notice>
  );
}
