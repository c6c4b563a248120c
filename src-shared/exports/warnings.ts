/**
 * What an export wrote but the user should know: money it could not write the usual way (no
 * currency, a code that is no currency, amounts finer than the currency's minor unit), estimates in
 * several currencies, an image left out, characters the PDF's font cannot print, a costs-per-room sheet on which
 * nothing could be placed. The document is written all the same; these reach the user
 * as the app's notice or the CLI's stderr, in their language.
 */
import type { Translate } from '../i18n/catalogue';
import type { UiLanguage } from '../i18n/languages';
import { formatMoney } from '../money/format';
import type { PlanProblem } from '../plans/rooms-costs-types';
import { planProblemText } from '../plans/rooms-costs-words';

export type ExportWarning =
  | { code: 'currency-missing'; estimate: string }
  | { code: 'currency-unknown'; estimate: string; currency: string }
  | { code: 'amounts-beyond-digits'; estimate: string; currency: string; digits: number; count: number }
  | { code: 'several-currencies'; currencies: string[] }
  /** The service's totals differ from its items: the document shows the items' (exact decimal text). */
  | {
      code: 'totals-mismatch';
      estimate: string;
      currency: string | null;
      net: string;
      gross: string;
      serviceNet: string;
      serviceGross: string;
    }
  | { code: 'image-left-out'; detail: string }
  /** Characters the PDF's font has no glyph for (the first few, and how many distinct ones). */
  | { code: 'characters-not-in-font'; characters: string[]; count: number }
  /** The costs-per-room sheet could place no position on the plan (every one is "not on the plan"). */
  | { code: 'rooms-not-placed'; estimate: string; problem: PlanProblem };

/** A warning in words, its money in `language`. */
export function exportWarningText(w: ExportWarning, t: Translate, language: UiLanguage): string {
  switch (w.code) {
    case 'currency-missing':
      return t('exportWarning.currencyMissing', { estimate: w.estimate });
    case 'currency-unknown':
      return t('exportWarning.currencyUnknown', { estimate: w.estimate, currency: w.currency });
    case 'amounts-beyond-digits':
      return t('exportWarning.beyondDigits', {
        estimate: w.estimate,
        currency: w.currency,
        digits: w.digits,
        count: w.count,
      });
    case 'several-currencies':
      return t('exportWarning.severalCurrencies', { currencies: w.currencies.join(', ') });
    case 'totals-mismatch': {
      const money = (v: string) => formatMoney(v, w.currency, language);
      return t('exportWarning.totalsMismatch', {
        estimate: w.estimate,
        net: money(w.net),
        gross: money(w.gross),
        serviceNet: money(w.serviceNet),
        serviceGross: money(w.serviceGross),
      });
    }
    case 'image-left-out':
      return t('exportWarning.imageLeftOut', { detail: w.detail });
    case 'characters-not-in-font':
      return t('exportWarning.charactersNotInFont', {
        characters: w.characters.join(' ') + (w.count > w.characters.length ? ' …' : ''),
      });
    case 'rooms-not-placed':
      return t('exportWarning.roomsNotPlaced', {
        estimate: w.estimate,
        reason: planProblemText(w.problem, t),
      });
  }
}
