import type ExcelJS from 'exceljs';
import type { Translate } from '../../../src-shared/i18n/catalogue';

/** Excel's paper size codes. */
const PAPER_CODE = { A4: 9, Letter: 1 } as const;

/**
 * How a sheet prints: the document's paper, fitted to one page wide, the header row repeated on
 * every page, and "Page n of m" (with the document's title) in the footer.
 */
export function printSetup(
  paper: 'A4' | 'Letter',
  t: Translate,
  options: { landscape: boolean; titlesRow?: number; title: string },
): { pageSetup: Partial<ExcelJS.PageSetup>; headerFooter: Partial<ExcelJS.HeaderFooter> } {
  // In header and footer text & starts a code: a literal ampersand is written twice.
  const footerText = (s: string): string => s.replace(/&/g, '&&');
  const page = t('doc.page', { page: '&P', pages: '&N' });
  const footer = `&L${footerText(options.title)}&R${page}`;
  return {
    pageSetup: {
      paperSize: PAPER_CODE[paper] as unknown as ExcelJS.PaperSize,
      orientation: options.landscape ? 'landscape' : 'portrait',
      fitToPage: true,
      fitToWidth: 1,
      fitToHeight: 0,
      margins: { left: 0.5, right: 0.5, top: 0.6, bottom: 0.7, header: 0.3, footer: 0.3 },
      ...(options.titlesRow ? { printTitlesRow: `${options.titlesRow}:${options.titlesRow}` } : {}),
    },
    headerFooter: { oddFooter: footer, evenFooter: footer, firstFooter: footer },
  };
}
