/**
 * A PDF of more pages than this is not written without asking: the app and the CLI say how many pages
 * it would have and offer the Excel workbook instead (easier to read, filter and sum at that size).
 */
export const LARGE_PDF_PAGES = 200;
