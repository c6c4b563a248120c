import type { EstimateDocument } from '../../src-shared/estimates/types';
import { isDraft } from '../../src-shared/estimates/status';
import type { DocumentKind } from '../../src-shared/exports/presets';
import type { Translate } from '../../src-shared/i18n/catalogue';
import { cleanText } from './parties';

/**
 * The document's title: "Quote E2026… – name" (an internal worksheet's: "Internal worksheet …"), with
 * the draft mark when the estimate is a draft.
 */
export function documentTitle(
  doc: Pick<EstimateDocument, 'estimate'>,
  t: Translate,
  kind: DocumentKind = 'client',
): string {
  const est = doc.estimate ?? ({} as Partial<EstimateDocument['estimate']>);
  const title = [cleanText(est.unique_identifier, 200), cleanText(est.name, 500)].filter(Boolean).join(' – ');
  const draft = isDraft(est.status) ? ` (${t('doc.draft')})` : '';
  return `${t(documentWord(kind))} ${title}`.trim() + draft;
}

/** What a document of this kind is called: the client's quote, the contractor's worksheet. */
export function documentWord(kind: DocumentKind): 'doc.quote' | 'doc.worksheet' {
  return kind === 'internal' ? 'doc.worksheet' : 'doc.quote';
}
