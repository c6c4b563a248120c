import type { Content, TableCell } from 'pdfmake/interfaces';
import { isDraft, statusLabelKey } from '../../../src-shared/estimates/status';
import type { EstimateDocument } from '../../../src-shared/estimates/types';
import type { Translate } from '../../../src-shared/i18n/catalogue';
import type { CheckedImage } from '../images';
import { formatDate } from '../formats';
import { documentWord } from '../titles';
import type { ResolvedExportOptions } from '../options';
import { cleanText, companyLines, customerLines, projectLines } from '../parties';
import { COLORS, pdfText } from './text';

/** A known status in the document's language; any other as sent. */
function statusText(t: Translate, status: string | null | undefined): string {
  const key = statusLabelKey(status);
  return key ? t(key) : cleanText(status ?? '', 200);
}

/** Points per pixel at 150 dpi: an image is never printed larger than that, so it never looks blocky. */
const PT_PER_PX = 72 / 150;

/** A box for `fit`: at most `maxW` × `maxH` points, and at most the image's own size at 150 dpi. */
export function fitAtMost(image: CheckedImage, maxW: number, maxH: number): [number, number] {
  return [Math.min(maxW, image.width * PT_PER_PX), Math.min(maxH, image.height * PT_PER_PX)];
}

/** What a document other than the quote puts in the title block: its title and its details. */
export interface HeaderTitle {
  title: string;
  meta: [label: string, value: string][];
}

/**
 * Company with logo, the quote's title and details (or `title`'s), customer and project, the opening
 * statement.
 */
export function headerBlock(
  doc: Pick<EstimateDocument, 'estimate'>,
  opts: ResolvedExportOptions,
  t: Translate,
  logo: CheckedImage | null,
  width: number,
  title?: HeaderTitle,
): Content[] {
  const est = doc.estimate ?? ({} as Partial<EstimateDocument['estimate']>);
  const company = companyLines(est.company, opts.language);
  const customer = customerLines(est.customer, opts.language);
  const project = projectLines(est.project, opts.language);
  const companyStack: Content[] = [];
  if (logo) companyStack.push({ image: 'logo', fit: fitAtMost(logo, 170, 60), margin: [0, 0, 0, 6] });
  if (company.name) companyStack.push({ text: pdfText(company.name), style: 'companyName' });
  for (const line of [company.street, company.place, company.country]) {
    if (line) companyStack.push({ text: pdfText(line) });
  }
  // Phone, e-mail and website each on its own line, so an address is never broken in the middle.
  const contact = [company.phone && `${t('doc.phone')} ${company.phone}`, company.email, company.website];
  contact.filter(Boolean).forEach((line, i) => {
    companyStack.push({ text: pdfText(line), color: COLORS.muted, margin: [0, i === 0 ? 2 : 0, 0, 0] });
  });

  const meta: [string, string][] = title?.meta ?? [
    [t('doc.estimateNumber'), cleanText(est.unique_identifier, 200)],
    [t('doc.issueDate'), formatDate(opts.language, est.date_issue)],
    [t('doc.validUntil'), formatDate(opts.language, est.date_valid_until)],
    // The service's status word is internal; a client sees only whether the quote is a draft.
    ...(opts.kind === 'internal'
      ? ([[t('doc.status'), statusText(t, est.status)]] as [string, string][])
      : []),
    [t('doc.currency'), cleanText(est.currency, 20)],
  ];
  const metaBody: TableCell[][] = meta
    .filter(([, v]) => v !== '')
    .map(([l, v]) => [
      { text: pdfText(l), color: COLORS.muted },
      { text: pdfText(v), alignment: 'right', bold: l === t('doc.estimateNumber') },
    ]);

  const partyBlock = (title: string, lines: string[]): Content => ({
    stack: [
      { text: pdfText(title).toUpperCase(), style: 'blockLabel' },
      ...lines.filter(Boolean).map((l, i): Content => ({ text: pdfText(l), bold: i === 0 })),
    ],
  });
  const customerBlock = partyBlock(t('doc.customer'), [
    customer.name,
    customer.company,
    customer.street,
    customer.place,
    customer.country,
    customer.email,
    customer.phone,
    customer.taxId && `${t('doc.taxId')} ${customer.taxId}`,
  ]);
  const projectBlock = partyBlock(t('doc.project'), [project.name, project.address]);

  const blocks: Content[] = [
    {
      columns: [
        { width: '*', stack: companyStack },
        {
          width: 210,
          stack: [
            {
              text: pdfText(title?.title ?? t(documentWord(opts.kind))),
              style: 'docTitle',
              alignment: 'right',
            },
            ...(isDraft(est.status)
              ? [{ text: pdfText(t('doc.draft')), style: 'draftMark', alignment: 'right' } as Content]
              : []),
            metaBody.length > 0
              ? {
                  table: { widths: ['*', 'auto'], body: metaBody },
                  layout: 'noBorders',
                  margin: [0, 4, 0, 0],
                }
              : { text: '' },
          ],
        },
      ],
      columnGap: 20,
    },
    {
      canvas: [{ type: 'line', x1: 0, y1: 0, x2: width, y2: 0, lineWidth: 0.8, lineColor: COLORS.rule }],
      margin: [0, 10, 0, 10],
    },
    { columns: [customerBlock, projectBlock], columnGap: 20, margin: [0, 0, 0, 14] },
  ];
  const name = cleanText(est.name, 500);
  if (name) blocks.push({ text: pdfText(name), style: 'estimateName' });
  const opening = opts.statements ? cleanText(est.opening_statement, 10_000) : '';
  if (opening) blocks.push({ text: pdfText(opening, 10_000), margin: [0, 0, 0, 10] });
  return blocks;
}
